@testable import ProcessStats
import XCTest

final class ProcessCPUTests: XCTestCase {
    func testReadsUserAndSystemTimeAfterTheCommandName() throws {
        // A name with spaces and parentheses of its own; utime 250 and stime 150 ticks.
        let stat = "4242 (ws (x) y) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 150 0 0 20 0 5 0 1234 0 0"
        XCTAssertEqual(try XCTUnwrap(ProcessCPU.seconds(stat: stat, ticksPerSecond: 100)), 4.0, accuracy: 1e-9)
        XCTAssertNil(ProcessCPU.seconds(stat: "4242 (short) S 1 2", ticksPerSecond: 100))
        XCTAssertNil(ProcessCPU.seconds(stat: "no name here", ticksPerSecond: 100))
    }

    func testThisProcessCPUTimeGrowsWhileItWorks() throws {
        let start = try XCTUnwrap(ProcessCPU.seconds())
        let deadline = ContinuousClock.now + .seconds(10)
        var sum: UInt64 = 0
        var now = start
        while now - start < 0.05, ContinuousClock.now < deadline {
            for value in 0..<200_000 { sum &+= UInt64(value) &* 2_654_435_761 }
            now = try XCTUnwrap(ProcessCPU.seconds())
        }
        XCTAssertGreaterThanOrEqual(now - start, 0.05, "CPU time did not grow (checksum \(sum))")
        XCTAssertNil(ProcessCPU.seconds(pid: Int32.max), "no such process")
    }

    func testResidentMemoryIsReadFromVmRSS() throws {
        XCTAssertEqual(ProcessMemory.residentKiB(status: "Name:\tx\nVmPeak:\t 9 kB\nVmRSS:\t   123456 kB\n"), 123_456)
        XCTAssertNil(ProcessMemory.residentKiB(status: "Name:\tx\n"))
        XCTAssertGreaterThan(try XCTUnwrap(ProcessMemory.residentKiB()), 1000, "this test process has more than a megabyte resident")
    }
}
