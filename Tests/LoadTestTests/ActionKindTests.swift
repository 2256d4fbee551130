@testable import LoadTest
import StateSync
import XCTest

final class ActionKindTests: XCTestCase {
    func testAnActionIsNamedByItsCasesDownToTheFirstLevelWithFields() {
        XCTAssertEqual(ActionKind.name(of: ["list": ["rowTapped": ["id": 25]]]), "list.rowTapped")
        XCTAssertEqual(ActionKind.name(of: ["list": ["binding": ["search": "pi"]]]), "list.binding")
        XCTAssertEqual(ActionKind.name(of: ["destination": ["dismiss": [:]]]), "destination.dismiss")
        XCTAssertEqual(ActionKind.name(of: ["navigate": ["route": "/pokemon/3"]]), "navigate")
        XCTAssertEqual(ActionKind.name(of: ["dismissNotice": [:]]), "dismissNotice")
    }

    func testSomethingThatIsNoActionHasNoName() {
        XCTAssertEqual(ActionKind.name(of: "list"), "?")
        XCTAssertEqual(ActionKind.name(of: ["a": [:], "b": [:]]), "?")
    }
}
