import StateSync
import XCTest

final class JSONPatchInPlaceTests: XCTestCase {
    func testApplyingInPlaceKeepsTheDocumentsStorage() throws {
        var document = try JSONParser.parse(#"{"list":{"pages":[[1,2]]},"favorites":{"1":true,"4":true}}"#)
        func storage(_ value: JSONValue) -> UnsafeRawPointer? {
            guard case .object(let object) = value else { return nil }
            return object.members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        func favoritesStorage(_ value: JSONValue) -> UnsafeRawPointer? { value["favorites"].flatMap(storage) }
        let before = storage(document), favoritesBefore = favoritesStorage(document)
        try JSONPatch.apply([.replace(path: "/favorites/4", value: false)], to: &document)
        XCTAssertEqual(document["favorites"]?["4"], false)
        XCTAssertEqual(storage(document), before, "the top-level object was copied")
        XCTAssertEqual(favoritesStorage(document), favoritesBefore, "the favorites object was copied")
    }
}
