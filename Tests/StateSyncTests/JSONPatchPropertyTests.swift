import SeededRandom
@testable import StateSync
import XCTest

/// Seeded random trees: for each pair, applying `diff(old, new)` to `old` must give `new`.
final class JSONPatchPropertyTests: XCTestCase {
    func testApplyingTheDiffOfRelatedTreesGivesTheNewTree() throws {
        var random = RandomJSON(seed: 42)
        for _ in 0..<3000 {
            let old = random.value(depth: 4)
            let new = random.mutated(old, depth: 4)
            try assertRoundTrip(old, new)
        }
    }

    func testApplyingTheDiffOfUnrelatedTreesGivesTheNewTree() throws {
        var random = RandomJSON(seed: 7)
        for _ in 0..<1000 {
            try assertRoundTrip(random.value(depth: 3), random.value(depth: 3))
        }
    }

    /// A diff of named members gives the whole object's operations, also for a member equal to
    /// the old one in storage of its own (a part rebuilt to the same JSON), which gives none.
    func testTheDiffOfChangedMembersIsTheWholeObjectsDiff() {
        var random = RandomJSON(seed: 19)
        for round in 0..<1000 {
            let keys = (0..<4).map { "part\($0)" }
            let old = JSONObject(members: keys.map { .init($0, random.value(depth: 3)) })
            let new = JSONObject(members: old.members.enumerated().map { index, member in
                switch (index + round) % 3 {
                case 0: .init(member.key, random.mutated(member.value, depth: 3))
                // Equal, in storage of its own.
                case 1: .init(member.key, rebuilt(member.value))
                default: member
                }
            })
            let changed = new.members.map { (key: $0.key, value: $0.value) }
            let operations = JSONPatch.diff(changing: changed) { old[$0] }
            XCTAssertEqual(operations, JSONPatch.diff(from: .object(old), to: .object(new)))
        }
    }

    func testSizeCountMatchesTheWriter() {
        var random = RandomJSON(seed: 3)
        for _ in 0..<500 {
            let operation = PatchOperation.replace(path: "/a~1b/\(random.key())", value: random.value(depth: 3))
            var writer = JSONWriter()
            writer.write(operation)
            XCTAssertEqual(JSONSize.encodedLength(of: operation, limit: .max), writer.bytes.count)
            XCTAssertNil(JSONSize.encodedLength(of: operation, limit: writer.bytes.count - 1))
        }
    }

    /// The diff weighs an array's operations against a replace by this count, not by writing them.
    func testOperationsSizeCountMatchesTheWriter() {
        var random = RandomJSON(seed: 11)
        for count in 0..<200 {
            let operations: [PatchOperation] = (0..<(count % 6)).map { index in
                switch index % 3 {
                case 0: .add(path: "/rows/\(index)", value: random.value(depth: 2))
                case 1: .remove(path: "/\(random.key())")
                default: .replace(path: "/a~1b/\(random.key())", value: random.value(depth: 3))
                }
            }
            var writer = JSONWriter()
            writer.write(operations)
            XCTAssertEqual(JSONSize.encodedLength(of: operations[...]), writer.bytes.count)
        }
    }

    /// The diff weighs an array's operations against one replace leaving out the elements an
    /// operation carries whole (by identity): the answer must be the whole count's, for
    /// elements carried, carried out of order or twice, equal in storage of their own, or not.
    func testReplaceWeighingIsTheWholeCount() {
        var random = RandomJSON(seed: 23)
        var answers: Set<Bool> = []
        for round in 0..<3000 {
            let new: [JSONValue] = (0..<random.count(0...5)).map { _ in random.value(depth: 3) }
            let indices = (0..<random.count(1...6)).map { _ in random.count(0...6) }
            let operations: [PatchOperation] = indices.map { index in
                let path = "/list/pages/\(index)"
                let element = index < new.count ? new[index] : random.value(depth: 2)
                switch random.count(0...4) {
                case 0: return .remove(path: path)
                case 1: return .add(path: path, value: element)
                case 2: return .replace(path: path, value: rebuilt(element))
                case 3: return .replace(path: path + "/name", value: element)
                default: return .replace(path: path, value: random.value(depth: 2))
                }
            }
            let wholeCount = JSONSize.encodedLength(of: operations[...])
            let expected = JSONSize.encodedLength(of: .replace(path: "/list/pages", value: .array(new)), limit: wholeCount - 1) != nil
            XCTAssertEqual(JSONSize.replaceIsShorter(than: operations[...], path: "/list/pages", new: new), expected, "round \(round)")
            answers.insert(expected)
        }
        XCTAssertEqual(answers, [true, false])
    }

    func testTrailingIndexIsTheLastTokensNumber() {
        XCTAssertEqual(JSONSize.trailingIndex(of: "/list/pages/12"), 12)
        XCTAssertEqual(JSONSize.trailingIndex(of: "/0"), 0)
        XCTAssertNil(JSONSize.trailingIndex(of: "/list/pages"))
        XCTAssertNil(JSONSize.trailingIndex(of: "/list/1a"))
        XCTAssertNil(JSONSize.trailingIndex(of: "12"))
        XCTAssertNil(JSONSize.trailingIndex(of: "/list/"))
    }

    /// `value` in containers of its own.
    private func rebuilt(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .array(elements.map(rebuilt))
        case .object(let object): .object(JSONObject(members: object.members.map { .init($0.key, rebuilt($0.value)) }))
        default: value
        }
    }

    private func assertRoundTrip(_ old: JSONValue, _ new: JSONValue) throws {
        let operations = JSONPatch.diff(from: old, to: new)
        let patched = try JSONPatch.apply(operations, to: old)
        guard patched == new else {
            return XCTFail("diff broke:\nold \(old.jsonString)\nnew \(new.jsonString)\nops \(operations)")
        }
        if old == new { XCTAssertEqual(operations, []) }
    }
}

/// Random JSON shaped like client state: objects, plain arrays and arrays of `id` rows.
struct RandomJSON {
    private var generator: SeededGenerator
    private var nextID = 1000

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    mutating func key() -> String { ["a", "b", "id2", "name", "x/y", "t~1", "é", ""][count(0...7)] }

    mutating func scalar() -> JSONValue {
        switch count(0...5) {
        case 0: .null
        case 1: .bool(chance(50))
        case 2: .int(count(-3...3))
        case 3: .double(Double(count(-3...3)) / 2)
        case 4: .string(["", "a", "b\"", "ü\n"][count(0...3)])
        default: .int(count(0...1000))
        }
    }

    mutating func value(depth: Int) -> JSONValue {
        guard depth > 0, chance(60) else { return scalar() }
        switch count(0...2) {
        case 0: return .object(object(depth: depth))
        case 1: return .array((0..<count(0...4)).map { _ in value(depth: depth - 1) })
        default: return .array((0..<count(0...6)).map { _ in row(depth: depth - 1) })
        }
    }

    mutating func object(depth: Int) -> JSONObject {
        var object = JSONObject()
        for _ in 0..<count(0...4) { object[key()] = value(depth: depth - 1) }
        return object
    }

    mutating func row(depth: Int) -> JSONValue {
        nextID += 1
        var row = object(depth: depth)
        row["id"] = chance(80) ? .int(nextID % 40) : .string("r\(nextID % 40)")  // ids may repeat
        return .object(row)
    }

    /// A variation of `value`: some members and elements kept, some changed, added, removed or moved.
    mutating func mutated(_ value: JSONValue, depth: Int) -> JSONValue {
        if chance(15) { return self.value(depth: depth) }
        switch value {
        case .object(var object):
            for key in object.keys {
                switch count(0...9) {
                case 0: object[key] = nil
                case 1...4: object[key] = mutated(object[key]!, depth: depth - 1)
                default: break
                }
            }
            if chance(30) { object[key()] = self.value(depth: depth - 1) }
            return .object(object)
        case .array(var elements):
            elements = elements.map { chance(30) ? mutated($0, depth: depth - 1) : $0 }
            if chance(30), !elements.isEmpty { elements.remove(at: count(0...elements.count - 1)) }
            if chance(30) {
                let inserted = elements.first?["id"] != nil ? row(depth: depth - 1) : self.value(depth: depth - 1)
                elements.insert(inserted, at: count(0...elements.count))
            }
            if chance(10) { elements.shuffle(using: &generator) }
            return .array(elements)
        default:
            return chance(50) ? scalar() : value
        }
    }
}
