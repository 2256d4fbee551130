import StateSync
import XCTest

final class JSONPatchApplyTests: XCTestCase {
    private let document: JSONValue = ["a": ["b": [1, 2, 3]], "c~/d": "x"]

    func testAppliesEachOperationKind() throws {
        let result = try JSONPatch.apply([
            .add(path: "/a/b/1", value: 9),
            .add(path: "/a/b/-", value: 4),
            .remove(path: "/a/b/0"),
            .replace(path: "/c~0~1d", value: "y"),
            .add(path: "/e", value: ["f": true]),
            .test(path: "/a/b", value: [9, 2, 3, 4]),
        ], to: document)
        XCTAssertEqual(result, ["a": ["b": [9, 2, 3, 4]], "c~/d": "y", "e": ["f": true]])
    }

    func testRootOperations() throws {
        XCTAssertEqual(try JSONPatch.apply([.replace(path: "", value: 1)], to: document), 1)
        assertFails(.remove(path: ""), "cannot remove the whole document (path '')")
    }

    func testBadPathsThrow() {
        assertFails(.replace(path: "/missing", value: 1), "no member 'missing' (path '/missing')")
        assertFails(.remove(path: "/a/x/y"), "no member 'x' (path '/a/x/y')")
        assertFails(.add(path: "/a/b/4", value: 1), "index 4 is out of bounds (count 3) (path '/a/b/4')")
        assertFails(.remove(path: "/a/b/3"), "index 3 is out of bounds (count 3) (path '/a/b/3')")
        assertFails(.remove(path: "/a/b/-"), "'-' is not an array index (path '/a/b/-')")
        assertFails(.replace(path: "/a/b/01", value: 1), "'01' is not an array index (path '/a/b/01')")
        assertFails(.add(path: "/c~0~1d/x", value: 1), "'x' goes through a value that is not an object or array (path '/c~0~1d/x')")
        assertFails(.add(path: "a", value: 1), "a JSON Pointer must start with '/' (path 'a')")
        assertFails(.add(path: "/c~2", value: 1), "'~' must be followed by '0' or '1' (path '/c~2')")
        assertFails(.test(path: "/a/b/0", value: 2), "test failed: the value differs (path '/a/b/0')")
    }

    /// Tokens are read one at a time as the walk goes down: empty ones are keys like any other,
    /// and an operation whose bad escape is found below the top leaves the document as it was.
    func testTokensAreReadAlongTheWalk() throws {
        var document: JSONValue = ["a": ["": ["": 1]], "x": [1]]
        XCTAssertEqual(try JSONPatch.apply([.replace(path: "/a//", value: 2)], to: document), ["a": ["": ["": 2]], "x": [1]])
        XCTAssertEqual(try JSONPatch.apply([.add(path: "/a/", value: 3)], to: document), ["a": ["": 3], "x": [1]])
        XCTAssertThrowsError(try JSONPatch.apply([.replace(path: "/a//~x", value: 1)], to: &document))
        XCTAssertEqual(document, ["a": ["": ["": 1]], "x": [1]], "a failed operation changes nothing")
    }

    func testDecodesOperationsFromJSON() throws {
        let json = try JSONParser.parse(#"[{"op":"add","path":"/x","value":1},{"op":"remove","path":"/c~0~1d"}]"#)
        let operations = try json.arrayValue!.map { try PatchOperation(json: $0) }
        XCTAssertEqual(operations, [.add(path: "/x", value: 1), .remove(path: "/c~0~1d")])
        XCTAssertThrowsError(try PatchOperation(json: ["op": "move", "path": "/x"]))
        XCTAssertThrowsError(try PatchOperation(json: ["op": "add", "path": "/x"]))
    }

    private func assertFails(_ operation: PatchOperation, _ description: String, line: UInt = #line) {
        XCTAssertThrowsError(try JSONPatch.apply([operation], to: document), line: line) { error in
            XCTAssertEqual((error as? PatchError)?.description, description, line: line)
        }
    }
}
