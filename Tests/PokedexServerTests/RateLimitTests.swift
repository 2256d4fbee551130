@testable import PokedexServer
import XCTest

/// The token bucket, the per-connection action limiter and the per-address window, on a
/// clock stepped by hand.
final class RateLimitTests: XCTestCase {
    let clock = ManualClock()

    func testABucketAllowsItsBurstThenRefillsAtItsRate() {
        var bucket = TokenBucket(rate: 30, burst: 60, now: clock.now)
        for index in 0..<60 { XCTAssertTrue(bucket.take(at: clock.now), "token \(index) of the burst") }
        XCTAssertFalse(bucket.take(at: clock.now), "empty")
        clock.advance(by: .milliseconds(20))
        XCTAssertFalse(bucket.take(at: clock.now), "0.6 of a token after 20 ms")
        clock.advance(by: .milliseconds(14))
        XCTAssertTrue(bucket.take(at: clock.now), "a whole token after 34 ms")
        XCTAssertFalse(bucket.take(at: clock.now))
        // Never more than the burst, however long the pause.
        clock.advance(by: .seconds(3600))
        for _ in 0..<60 { XCTAssertTrue(bucket.take(at: clock.now)) }
        XCTAssertFalse(bucket.take(at: clock.now))
    }

    func testAClockThatDoesNotMoveForwardRefillsNothing() {
        let start = clock.now
        var bucket = TokenBucket(rate: 10, burst: 1, now: start + .seconds(1))
        XCTAssertTrue(bucket.take(at: start + .seconds(1)))
        XCTAssertFalse(bucket.take(at: start), "an earlier instant adds no tokens")
    }

    func testTheLimiterRefusesOverTheRateThenClosesAConnectionThatKeepsSending() {
        var limiter = ActionRateLimiter(perSecond: 10, burst: 5, now: clock.now)
        XCTAssertEqual((0..<5).map { _ in limiter.admit(at: clock.now) }, Array(repeating: .admitted, count: 5))
        XCTAssertEqual((0..<5).map { _ in limiter.admit(at: clock.now) }, Array(repeating: .refused, count: 5))
        XCTAssertEqual(limiter.admit(at: clock.now), .close, "a burst's worth of refusals, then one more")
        XCTAssertEqual(limiter.admit(at: clock.now), .dropped)
        clock.advance(by: .seconds(10))
        XCTAssertEqual(limiter.admit(at: clock.now), .dropped, "closing is final")
    }

    func testSendingJustOverTheRateIsStillClosedInTheEnd() {
        // 12 a second against 10: the bucket never refills, so the refusals add up.
        var limiter = ActionRateLimiter(perSecond: 10, burst: 5, now: clock.now)
        var verdicts: [ActionRateLimiter.Verdict] = []
        for _ in 0..<600 {
            clock.advance(by: .milliseconds(1000 / 12))
            verdicts.append(limiter.admit(at: clock.now))
            if verdicts.last == .close { break }
        }
        XCTAssertEqual(verdicts.last, .close)
        XCTAssertEqual(verdicts.filter { $0 == .refused }.count, 5)
        XCTAssertGreaterThan(verdicts.filter { $0 == .admitted }.count, 20)
    }

    func testAPauseLongEnoughToRefillForgivesEarlierRefusals() {
        var limiter = ActionRateLimiter(perSecond: 10, burst: 5, now: clock.now)
        for _ in 0..<3 {
            for _ in 0..<5 { XCTAssertEqual(limiter.admit(at: clock.now), .admitted) }
            for _ in 0..<4 { XCTAssertEqual(limiter.admit(at: clock.now), .refused) }
            // burst / rate = 0.5 s refills the bucket.
            clock.advance(by: .milliseconds(500))
        }
        XCTAssertEqual(limiter.admit(at: clock.now), .admitted)
    }

    func testEachConnectionHasItsOwnLimitAndNoneWhenTheLimitIsOff() throws {
        XCTAssertNil(ConnectionRateLimits(perSecond: 0, burst: 1, clock: clock.clock).limitForNewConnection())

        let on = ConnectionRateLimits(perSecond: 1, burst: 2, clock: clock.clock)
        let first = try XCTUnwrap(on.limitForNewConnection())
        let second = try XCTUnwrap(on.limitForNewConnection())
        XCTAssertEqual([first.admit(), first.admit(), first.admit()], [.admitted, .admitted, .refused])
        XCTAssertEqual(second.admit(), .admitted, "each connection has its own bucket")
        clock.advance(by: .seconds(1))
        XCTAssertEqual(first.admit(), .admitted, "refilled at the rate, by the limits' clock")
        XCTAssertEqual(try XCTUnwrap(on.limitForNewConnection()).admit(), .admitted, "a new connection starts full")
    }

    func testNewUsersPerAddressRefillAtTheirRatePerMinute() {
        let limits = AddressRateLimits(perMinute: 20, clock: clock.clock)
        for index in 0..<20 { XCTAssertTrue(limits.admit("198.51.100.1"), "user \(index)") }
        XCTAssertFalse(limits.admit("198.51.100.1"))
        XCTAssertTrue(limits.admit("198.51.100.2"), "another address has its own allowance")
        clock.advance(by: .seconds(3))
        XCTAssertTrue(limits.admit("198.51.100.1"), "one more every 3 s")
        XCTAssertFalse(limits.admit("198.51.100.1"))
        XCTAssertTrue(AddressRateLimits(perMinute: 0, clock: clock.clock).admit("x"), "0 is off")
    }

    func testAddressesThatRefilledAreForgottenWhenTheTableGrows() {
        let limits = AddressRateLimits(perMinute: 1, clock: clock.clock)
        for index in 0..<AddressRateLimits.pruneThreshold { XCTAssertTrue(limits.admit("10.0.\(index / 256).\(index % 256)")) }
        clock.advance(by: .seconds(61))
        XCTAssertTrue(limits.admit("192.0.2.1"))
        XCTAssertEqual(limits.trackedAddresses, 1)
    }

    func testTheClientAddressIsThePeerUnlessThePeerIsATrustedProxy() {
        let proxies: Set<String> = ["127.0.0.1"]
        XCTAssertEqual(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: "203.0.113.9", trustedProxies: proxies), "203.0.113.9")
        XCTAssertEqual(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9", trustedProxies: proxies),
                       "203.0.113.9", "the last hop: the one the trusted proxy saw, not what the client wrote")
        XCTAssertEqual(ClientAddress.resolve(peer: "198.51.100.4", forwardedFor: "203.0.113.9", trustedProxies: proxies),
                       "198.51.100.4", "anyone else's header is ignored")
        XCTAssertEqual(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: "203.0.113.9", trustedProxies: []),
                       "127.0.0.1", "loopback is not trusted unless named")
        XCTAssertEqual(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: " , ", trustedProxies: proxies), "127.0.0.1")
        XCTAssertEqual(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: nil, trustedProxies: proxies), "127.0.0.1")
    }
}
