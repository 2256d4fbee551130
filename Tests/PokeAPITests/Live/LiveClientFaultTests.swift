@testable import PokeAPI
import PokedexModels
import PokemonClient
import XCTest

final class LiveClientFaultTests: XCTestCase {
    private func error(_ operation: () async throws -> some Any) async -> PokemonClientError? {
        do {
            _ = try await operation()
            return nil
        } catch {
            return error as? PokemonClientError
        }
    }

    func testTwoServerErrorsThenSuccessIsRetried() async throws {
        let harness = try LiveClientHarness()
        let path = PokeAPIFixture.detailPath(1)
        harness.server.inject(.status(500, times: 2), at: path)
        let detail = try await harness.makeClient().fetchDetail(1, .en)
        XCTAssertEqual(detail, harness.fixture.localized(1))
        XCTAssertEqual(harness.server.snapshot.requests[path], 3)
    }

    func testAServerErrorThatPersistsIsReportedAfterTheBoundedTries() async throws {
        let harness = try LiveClientHarness()
        let path = PokeAPIFixture.detailPath(1)
        harness.server.inject(.status(503, times: nil), at: path)
        let client = try harness.makeClient()
        let failure = await error { try await client.fetchDetail(1, .en) }
        XCTAssertEqual(failure, .server(status: 503))
        XCTAssertEqual(harness.server.snapshot.requests[path], LiveClientHarness.fastRetry.attempts)
    }

    func testTimeoutsAreRetriedThenReported() async throws {
        let harness = try LiveClientHarness()
        let path = PokeAPIFixture.detailPath(2)
        harness.server.inject(.delay(seconds: 10), at: path)
        let client = try harness.makeClient(timeouts: HTTPTimeouts(connect: .seconds(2), total: .milliseconds(150)))
        let failure = await error { try await client.fetchDetail(2, .en) }
        XCTAssertEqual(failure, .timedOut)
        XCTAssertEqual(harness.server.snapshot.requests[path], 3)
    }

    func testNotFoundMalformedAndResetAreNotRetried() async throws {
        let harness = try LiveClientHarness()
        let client = try harness.makeClient()
        harness.server.inject(.malformed, at: PokeAPIFixture.detailPath(3))
        harness.server.inject(.reset, at: PokeAPIFixture.detailPath(4))

        let missing = await error { try await client.fetchDetail(9999, .en) }
        XCTAssertEqual(missing, .notFound("Pokémon #9999"))
        guard case .malformed? = await error({ try await client.fetchDetail(3, .en) }) else { return XCTFail("expected .malformed") }
        guard case .network? = await error({ try await client.fetchDetail(4, .en) }) else { return XCTFail("expected .network") }

        let oddType = await error { try await client.fetchType("grass/../../pokemon/1", .en) }
        XCTAssertEqual(oddType, .notFound("type grass/../../pokemon/1"), "never put in a URL")

        let requests = harness.server.snapshot.requests
        XCTAssertEqual([9999, 3, 4].map { requests[PokeAPIFixture.detailPath($0)] }, [1, 1, 1])
        XCTAssertEqual(harness.server.snapshot.totalRequests, 3, "a species is asked for only after its detail")
    }

    func testAFailedFetchIsNotCached() async throws {
        let harness = try LiveClientHarness()
        let client = try harness.makeClient()
        harness.server.inject(.malformed, at: PokeAPIFixture.detailPath(5))
        _ = await error { try await client.fetchDetail(5, .en) }
        harness.server.inject(nil, at: PokeAPIFixture.detailPath(5))
        let detail = try await client.fetchDetail(5, .en)
        XCTAssertEqual(detail, harness.fixture.localized(5))
    }

    func testCancellingAFetchAbortsItsTransferWithoutRetrying() async throws {
        let harness = try LiveClientHarness()
        let path = PokeAPIFixture.detailPath(6)
        harness.server.inject(.delay(seconds: 30), at: path)
        let client = try harness.makeClient()
        let fetch = Task { try await client.fetchDetail(6, .en) }
        XCTAssertTrue(harness.server.wait { $0.requests[path] == 1 })

        fetch.cancel()
        let outcome = await fetch.result
        XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertTrue(harness.server.wait { $0.closedEarly[path] == 1 }, "the connection was closed")
        XCTAssertEqual(harness.server.snapshot.requests[path], 1, "a cancelled fetch is not retried")
    }

    func testBackoffDoublesWithBoundedJitter() {
        let policy = RetryPolicy(attempts: 3, baseDelay: .milliseconds(100), jitter: 0.2)
        for _ in 0..<20 {
            XCTAssertTrue((Duration.milliseconds(100)...Duration.milliseconds(120)).contains(policy.delay(after: 1)))
            XCTAssertTrue((Duration.milliseconds(200)...Duration.milliseconds(240)).contains(policy.delay(after: 2)))
        }
    }
}
