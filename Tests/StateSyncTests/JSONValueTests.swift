import SeededRandom
import StateSync
import XCTest

final class JSONValueTests: XCTestCase {
    func testObjectEqualityIgnoresKeyOrder() {
        let left: JSONValue = ["a": 1, "b": ["c": 2, "d": 3]]
        let right: JSONValue = ["b": ["d": 3, "c": 2], "a": 1]
        XCTAssertEqual(left, right)
        XCTAssertNotEqual(left, ["a": 1, "b": ["c": 2, "d": 4]])
        XCTAssertNotEqual(left, ["a": 1, "x": ["c": 2, "d": 3]])
        XCTAssertNotEqual(left, ["a": 1])
    }

    func testIntAndDoubleAreDistinct() {
        XCTAssertNotEqual(JSONValue.int(1), .double(1))
    }

    func testLargeObjectsLookUpAndRemoveThroughTheirIndex() {
        var favorites = JSONObject()
        for id in 1...151 { favorites[String(id)] = true }
        XCTAssertEqual(favorites["151"], true)
        favorites["25"] = nil
        XCTAssertNil(favorites["25"])
        XCTAssertEqual(favorites["26"], true)
        XCTAssertEqual(favorites.position(of: "151"), 149)
        XCTAssertEqual(favorites.count, 150)
        favorites["25"] = false
        XCTAssertEqual(favorites.keys.last, "25")
        XCTAssertEqual(favorites["25"], false)
    }

    func testEveryPositionStaysRightAsMembersAreRemoved() {
        var object = JSONObject()
        for id in 1...40 { object[String(id)] = .int(id) }
        var generator = SeededGenerator(seed: 11)
        while !object.isEmpty {
            let key = object.keys.randomElement(using: &generator)!
            XCTAssertEqual(object.removeValue(forKey: key), .int(Int(key)!))
            XCTAssertNil(object.position(of: key))
            for (position, member) in object.members.enumerated() {
                XCTAssertEqual(object.position(of: member.key), position, "after removing \(key)")
            }
        }
    }

    func testSubscriptsAndAccessors() {
        var state: JSONValue = ["list": ["pages": [[["id": 1]]]], "notice": nil]
        XCTAssertEqual(state["list"]?["pages"]?[0]?[0]?["id"]?.intValue, 1)
        XCTAssertNil(state["list"]?["pages"]?[1])
        XCTAssertEqual(state["notice"]?.isNull, true)
        state["notice"] = "Unknown route"
        XCTAssertEqual(state["notice"]?.stringValue, "Unknown route")
        state["notice"] = nil
        XCTAssertNil(state["notice"])
    }

    func testOptionalBuildersMapNilToNull() {
        let missing: String? = nil
        XCTAssertEqual(JSONValue(missing), .null)
        XCTAssertEqual(JSONValue("x" as String?), .string("x"))
        XCTAssertEqual(JSONValue(7 as Int?), .int(7))
        XCTAssertEqual(JSONValue(nil as Bool?), .null)
    }
}
