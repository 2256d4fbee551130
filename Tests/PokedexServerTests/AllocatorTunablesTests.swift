import XCTest
@testable import PokedexServer

/// The allocator setting the server executes itself again with: added to what the operator
/// gave, never over their own cache size.
final class AllocatorTunablesTests: XCTestCase {
    func testWithNoTunablesTheCacheSizeIsSet() {
        XCTAssertEqual(AllocatorTunables.tunables(from: nil), "glibc.malloc.tcache_count=128")
        XCTAssertEqual(AllocatorTunables.tunables(from: ""), "glibc.malloc.tcache_count=128")
    }

    func testOtherTunablesAreKept() {
        XCTAssertEqual(
            AllocatorTunables.tunables(from: "glibc.malloc.arena_max=2"),
            "glibc.malloc.arena_max=2:glibc.malloc.tcache_count=128"
        )
    }

    func testAnOperatorsOwnCacheSizeWinsAndNothingIsExecutedAgain() {
        XCTAssertNil(AllocatorTunables.tunables(from: "glibc.malloc.tcache_count=7"))
        XCTAssertNil(AllocatorTunables.tunables(from: "glibc.malloc.arena_max=2:glibc.malloc.tcache_count=64"))
        // A longer name that only starts the same is another tunable.
        XCTAssertEqual(
            AllocatorTunables.tunables(from: "glibc.malloc.tcache_count_x=1"),
            "glibc.malloc.tcache_count_x=1:glibc.malloc.tcache_count=128"
        )
    }
}
