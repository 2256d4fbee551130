import StateSync
import XCTest

final class ActionPathTests: XCTestCase {
    func testWalksNestedCasesAndReadsFields() throws {
        let action = try ActionPath(["list": ["rowTapped": ["id": 25]]])
        XCTAssertEqual(action.case, "list")
        let list = try action.nested()
        XCTAssertEqual(list.case, "rowTapped")
        XCTAssertEqual(list.name, "list.rowTapped")
        XCTAssertEqual(try list.int("id"), 25)
    }

    func testReadsANestedActionField() throws {
        let action = try ActionPath(["path": ["element": ["id": 0, "action": ["type": ["rowTapped": ["id": 2]]]]]])
        let element = try action.nested()
        XCTAssertEqual(try element.int("id"), 0)
        let inner = try element.nested("action")
        XCTAssertEqual(inner.name, "path.element.type")
        XCTAssertEqual(try inner.nested().int("id"), 2)
    }

    func testOptionalStringTellsMissingNullAndIllTypedApart() throws {
        let binding = try ActionPath(["list": ["binding": ["type": nil]]]).nested()
        XCTAssertTrue(binding.contains("type"))
        XCTAssertNil(try binding.optionalString("type"))
        XCTAssertFalse(binding.contains("search"))
        assertRefuses(try binding.optionalString("search"), .badAction, "Action 'list.binding': field 'search' is missing.")
        let typed = try ActionPath(["binding": ["type": "grass", "count": 3]])
        XCTAssertEqual(try typed.optionalString("type"), "grass")
        assertRefuses(try typed.optionalString("count"), .badAction, "Action 'binding': field 'count' must be a string or null.")
    }

    func testIllTypedFieldsNameTheField() throws {
        let tapped = try ActionPath(["list": ["rowTapped": ["id": "25", "flag": 1]]]).nested()
        assertRefuses(try tapped.int("id"), .badAction, "Action 'list.rowTapped': field 'id' must be an integer.")
        assertRefuses(try tapped.string("name"), .badAction, "Action 'list.rowTapped': field 'name' is missing.")
        assertRefuses(try tapped.bool("flag"), .badAction, "Action 'list.rowTapped': field 'flag' must be a boolean.")
    }

    func testRefusesMalformedShapes() {
        assertRefuses(try ActionPath([:]), .badAction, "An action must be an object with exactly one key naming its case.")
        assertRefuses(try ActionPath(["a": [:], "b": [:]]), .badAction, "An action must be an object with exactly one key naming its case.")
        assertRefuses(try ActionPath(["list": 3]), .badAction, "Action 'list' must hold an object of fields ({} for none).")
        assertRefuses(try ActionPath(["list": [:]]).nested(), .badAction,
                      "Action 'list' must be an object with exactly one key naming its case.")
    }

    func testUnknownCaseNamesThePath() throws {
        let unknown = try ActionPath(["list": ["rowTaped": [:]]]).nested().unknownCase()
        XCTAssertEqual(unknown, ProtocolError(.unknownAction, "Unknown action 'list.rowTaped'."))
    }

    private func assertRefuses<T>(_ body: @autoclosure () throws -> T, _ code: ProtocolError.Code, _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertEqual(error as? ProtocolError, ProtocolError(code, message), line: line)
        }
    }
}
