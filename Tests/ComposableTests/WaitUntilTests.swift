import Synchronization
import TestSupport
import XCTest

/// The tests' one wait: it returns once the condition holds, and past its deadline it throws
/// an error that names what it waited for (never waits forever).
final class WaitUntilTests: XCTestCase {
    func testReturnsOnceTheConditionHolds() async throws {
        let looks = Mutex(0)
        try await waitUntil("the third look") { looks.withLock { $0 += 1; return $0 == 3 } }
        XCTAssertEqual(looks.withLock { $0 }, 3)
        try waitUntilBlocking("at once") { true }
    }

    func testThrowsNamingWhatItWaitedForPastTheDeadline() async {
        do {
            try await waitUntil("the moon turns blue", timeout: .milliseconds(50)) { false }
            XCTFail("returned without the condition")
        } catch {
            XCTAssertEqual((error as? WaitTimedOut)?.what, "the moon turns blue")
            XCTAssertEqual((error as? WaitTimedOut)?.timeout, .milliseconds(50))
            XCTAssertTrue("\(error)".contains("waiting until the moon turns blue"), "\(error)")
        }
        XCTAssertThrowsError(try waitUntilBlocking("never", timeout: .milliseconds(20)) { false }) { error in
            XCTAssertEqual((error as? WaitTimedOut)?.what, "never")
        }
    }
}
