import StateSync
import XCTest

final class JSONPatchDiffTests: XCTestCase {
    private func row(_ id: Int, _ name: String) -> JSONValue {
        ["id": .int(id), "name": .string(name), "types": ["normal"], "sprite": .string("/sprites/\(id).png")]
    }

    private func page(_ ids: ClosedRange<Int>) -> JSONValue { .array(ids.map { row($0, "mon\($0)") }) }

    private func state(pages: [JSONValue], favorites: JSONObject = [:]) -> JSONValue {
        ["route": "/", "list": ["search": "", "pages": .array(pages), "total": 151], "favorites": .object(favorites)]
    }

    /// Asserts `diff(old, new)` is `expected` and that applying it to `old` gives `new`.
    private func assertDiff(_ old: JSONValue, _ new: JSONValue, _ expected: [PatchOperation], line: UInt = #line) throws {
        let operations = JSONPatch.diff(from: old, to: new)
        XCTAssertEqual(operations, expected, line: line)
        XCTAssertEqual(try JSONPatch.apply(operations, to: old), new, line: line)
    }

    func testEqualValuesGiveNoOperations() throws {
        try assertDiff(state(pages: [page(1...20)]), state(pages: [page(1...20)]), [])
    }

    func testLoadingTheNextPageIsOneAddOfThatPage() throws {
        let old = state(pages: [page(1...20)])
        let new = state(pages: [page(1...20), page(21...40)])
        try assertDiff(old, new, [.add(path: "/list/pages/1", value: page(21...40))])
    }

    func testStarToggleIsOneAddOrRemove() throws {
        let unstarred = state(pages: [page(1...20)], favorites: ["1": true])
        let starred = state(pages: [page(1...20)], favorites: ["1": true, "25": true])
        try assertDiff(unstarred, starred, [.add(path: "/favorites/25", value: true)])
        try assertDiff(starred, unstarred, [.remove(path: "/favorites/25")])
    }

    func testStarToggleInALargeFavoritesSetIsOneOperation() throws {
        let many = JSONObject(uniqueKeysWithValues: (1...100).map { (String($0 * 3), JSONValue.bool(true)) })
        var more = many
        more["25"] = true
        try assertDiff(state(pages: [page(1...20)], favorites: many), state(pages: [page(1...20)], favorites: more),
                       [.add(path: "/favorites/25", value: true)])
        var fewer = many
        fewer["150"] = nil
        try assertDiff(state(pages: [page(1...20)], favorites: many), state(pages: [page(1...20)], favorites: fewer),
                       [.remove(path: "/favorites/150")])
    }

    func testADiffOfNamedMembersIsTheWholeDiffWhenOnlyThoseChanged() throws {
        guard case .object(let old) = state(pages: [page(1...20)], favorites: ["1": true]) else { return XCTFail() }
        let changes: [(key: String, value: JSONValue)] = [
            ("favorites", ["1": true, "25": true]), ("list", old["list"]!), ("alert", ["title": "Leave?"]),
        ]
        var new = old
        for change in changes { new[change.key] = change.value }
        let operations = JSONPatch.diff(from: old, changing: changes)
        XCTAssertEqual(operations, [.add(path: "/favorites/25", value: true), .add(path: "/alert", value: ["title": "Leave?"])])
        XCTAssertEqual(operations, JSONPatch.diff(from: .object(old), to: .object(new)))
    }

    func testKeysAddedAndRemovedAmidSortedKeysAreOneOperationEach() throws {
        func favorites(_ ids: [Int]) -> JSONValue {
            .object(JSONObject(uniqueKeysWithValues: ids.sorted().map { (String($0), JSONValue.bool(true)) }))
        }
        let many = Array(stride(from: 3, through: 150, by: 3))
        try assertDiff(favorites(many), favorites(many + [25]), [.add(path: "/25", value: true)])
        try assertDiff(favorites(many), favorites(many.filter { $0 != 30 }), [.remove(path: "/30")])
        try assertDiff(favorites(many), favorites(many.filter { $0 != 30 } + [100]),
                       [.remove(path: "/30"), .add(path: "/100", value: true)])
        try assertDiff(favorites(many), favorites(many.filter { $0 != 30 && $0 != 33 }),
                       [.remove(path: "/30"), .remove(path: "/33")])
    }

    func testChangedRowFieldIsOneReplace() throws {
        var changed = page(1...20).arrayValue!
        changed[3]["name"] = "renamed"
        try assertDiff(state(pages: [page(1...20)]), state(pages: [.array(changed)]),
                       [.replace(path: "/list/pages/0/3/name", value: "renamed")])
    }

    func testRowsAreMatchedByID() throws {
        let old: JSONValue = ["rows": [row(1, "a"), row(2, "b"), row(3, "c"), row(4, "d")]]
        let new: JSONValue = ["rows": [row(2, "b"), row(5, "e"), row(3, "C"), row(4, "d"), row(6, "f")]]
        try assertDiff(old, new, [
            .remove(path: "/rows/0"),
            .add(path: "/rows/1", value: row(5, "e")),
            .replace(path: "/rows/2/name", value: "C"),
            .add(path: "/rows/4", value: row(6, "f")),
        ])
    }

    /// Up to 32 rows a side ids are matched by a linear search, past it through a table: the
    /// same operations either way, and a repeated id leaves rows to the positional diff.
    func testRowsAreMatchedByIDBelowAndAboveTheLinearSearchLimit() throws {
        for count in [20, 32, 33, 60] {
            let old = JSONValue.array((1...count).map { row($0, "mon\($0)") })
            let new = JSONValue.array([row(0, "new")] + (1...count).filter { $0 != 7 }.map { row($0, $0 == 9 ? "nine" : "mon\($0)") })
            try assertDiff(old, new, [
                .remove(path: "/6"),
                .add(path: "/0", value: row(0, "new")),
                .replace(path: "/8/name", value: "nine"),
            ])
        }
        let repeated: JSONValue = [row(1, "a"), row(1, "b"), row(3, "c")]
        try assertDiff(repeated, [row(2, "a"), row(1, "b"), row(3, "c")], [
            .replace(path: "/0/id", value: 2), .replace(path: "/0/sprite", value: "/sprites/2.png"),
        ])
    }

    func testRemovedRowsGoHighestIndexFirst() throws {
        let old: JSONValue = [row(1, "a"), row(2, "b"), row(3, "c"), row(4, "d"), row(5, "e")]
        let new: JSONValue = [row(1, "a"), row(3, "c"), row(5, "e")]
        try assertDiff(old, new, [.remove(path: "/3"), .remove(path: "/1")])
    }

    func testReorderedRowsAreReplacedWhole() throws {
        let old: JSONValue = [row(1, "a"), row(2, "b"), row(3, "c")]
        let new: JSONValue = [row(3, "c"), row(1, "a"), row(2, "b")]
        try assertDiff(old, new, [.replace(path: "", value: new)])
    }

    func testPlainArraysGrowByAddsAndShrinkByRemoves() throws {
        let long = JSONValue.string(String(repeating: "long text kept in place ", count: 4))
        try assertDiff(["t": [long]], ["t": [long, "b", "c"]], [.add(path: "/t/1", value: "b"), .add(path: "/t/2", value: "c")])
        try assertDiff(["t": [long, "b", "c"]], ["t": [long]], [.remove(path: "/t/2"), .remove(path: "/t/1")])
        try assertDiff(["t": [long, "b", "c"]], ["t": [long, "x", "c"]], [.replace(path: "/t/1", value: "x")])
    }

    /// A search's results replace a page: the few rows both have are unchanged, the others
    /// gone or new, and one `replace` of the page is smaller than the operations (known
    /// without making them; debug builds check it against them). A changed survivor, or a
    /// page that lost one row, is diffed as before.
    func testAPageOfMostlyOtherRowsIsOneReplace() throws {
        let results: JSONValue = [row(16, "mon16"), row(17, "mon17"), row(18, "mon18"), row(25, "mon25"), row(172, "mon172")]
        try assertDiff(state(pages: [page(1...20)]), state(pages: [results]), [.replace(path: "/list/pages/0", value: results)])
        let renamed: JSONValue = [row(16, "Mon16"), row(17, "mon17"), row(25, "mon25")]
        try assertDiff(state(pages: [page(1...20)]), state(pages: [renamed]), [.replace(path: "/list/pages/0", value: renamed)])
        let lessOne: JSONValue = .array((1...20).filter { $0 != 7 }.map { row($0, "mon\($0)") })
        try assertDiff(state(pages: [page(1...20)]), state(pages: [lessOne]), [.remove(path: "/list/pages/0/6")])
        let two: JSONValue = .array((1...20).filter { $0 != 7 && $0 != 9 }.map { row($0, "mon\($0)") })
        try assertDiff(
            state(pages: [page(1...20)]), state(pages: [two]), [.remove(path: "/list/pages/0/8"), .remove(path: "/list/pages/0/6")])
    }

    /// A search answered over several pages: the pages after the first removed and the first
    /// replaced (its own diff's choice) weigh more than one replace of the pages, though the
    /// page is left out of both counts (the operation carries the new array's very element);
    /// and the cleared search is one replace of the first page again.
    func testASearchOverSeveralPagesIsOneReplaceOfThePages() throws {
        let results: JSONValue = [row(10, "mon10"), row(16, "mon16"), row(17, "mon17"), row(25, "mon25"), row(127, "mon127")]
        let scrolled = state(pages: [page(1...20), page(21...40), page(41...60)])
        try assertDiff(scrolled, state(pages: [results]), [.replace(path: "/list/pages", value: [results])])
        try assertDiff(state(pages: [results]), state(pages: [page(1...20)]), [.replace(path: "/list/pages/0", value: page(1...20))])
        // A page carried whole beside an unchanged one: the pages' operations are kept when
        // they are shorter than the replace, which holds the unchanged page too.
        let first = page(1...20)
        try assertDiff(state(pages: [first, page(21...40)]), state(pages: [first, results]),
                       [.replace(path: "/list/pages/1", value: results)])
        try assertDiff(state(pages: [first, page(21...40), page(41...60)]), state(pages: [first, results]),
                       [.remove(path: "/list/pages/2"), .replace(path: "/list/pages/1", value: results)])
    }

    func testArrayIsReplacedWholeWhenThatIsSmaller() throws {
        try assertDiff(["t": [1, 2, 3, 4]], ["t": [5, 6, 7, 8]], [.replace(path: "/t", value: [5, 6, 7, 8])])
    }

    func testKindChangesAndNullsAreReplaces() throws {
        try assertDiff(["destination": nil], ["destination": ["detail": ["id": 1]]],
                       [.replace(path: "/destination", value: ["detail": ["id": 1]])])
        try assertDiff(["n": 1], ["n": 1.0], [.replace(path: "/n", value: 1.0)])
        try assertDiff("a", 1, [.replace(path: "", value: 1)])
    }

    func testPointerTokensAreEscaped() throws {
        try assertDiff(["a/b": 1, "c~d": 1], ["a/b": 2, "c~d": 2],
                       [.replace(path: "/a~1b", value: 2), .replace(path: "/c~0d", value: 2)])
    }

    /// Pointers are written in one piece: escaped keys and indices of any length, at any depth.
    func testPointersOfNestedKeysAndIndices() throws {
        let long = (0...130).map { JSONValue.string("v\($0)") }
        var changed = long
        for index in [0, 9, 10, 99, 100, 120] { changed[index] = "x" }
        let operations = JSONPatch.diff(from: ["a/b": ["c~d": .array(long)]], to: ["a/b": ["c~d": .array(changed)]])
        XCTAssertEqual(operations.map(\.path), [0, 9, 10, 99, 100, 120].map { "/a~1b/c~0d/\($0)" })
        try assertDiff(["é/~": [1, 2]], ["é/~": [1, 3]], [.replace(path: "/é~1~0/1", value: 3)])
    }

    func testOperationsSerializeCompactly() {
        var writer = JSONWriter()
        writer.write([.add(path: "/favorites/25", value: true), .remove(path: "/a~1b"), .replace(path: "/n", value: nil)])
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self),
                       #"[{"op":"add","path":"/favorites/25","value":true},{"op":"remove","path":"/a~1b"},{"op":"replace","path":"/n","value":null}]"#)
    }
}
