import Foundation
@testable import PokedexServer
import StateSync
import Storage
import Synchronization
import XCTest

/// With a `RateLimitStore` (cluster mode's, in PostgreSQL) the server asks it, not its own
/// buckets, for new users, sign-in attempts and sign-in codes; and when it cannot answer, the
/// hello or the code is refused with `storage` and nothing is created. Here the store is a
/// stand-in that records each take and answers as the test says.
final class StoredRateLimitTests: InProcessTestCase {
    struct Take: Equatable {
        var kind: String
        var key: String
        var interval: Double
        var burst: Int
    }

    struct Unavailable: Error {}

    final class ScriptedRates: RateLimitStore {
        let takes = Mutex<[Take]>([])
        let dates = Mutex<[Date]>([])
        /// nil: storage is away (the take throws).
        let admits = Mutex<Bool?>(true)

        func take(kind: String, key: String, interval: Double, burst: Int, at now: Date) throws -> Bool {
            takes.withLock { $0.append(Take(kind: kind, key: key, interval: interval, burst: burst)) }
            dates.withLock { $0.append(now) }
            guard let admits = admits.withLock({ $0 }) else { throw Unavailable() }
            return admits
        }

        func pruneFull(at now: Date) throws -> Int { 0 }
    }

    let rates = ScriptedRates()

    override func configure(_ options: inout ServerOptions) {
        options.limits.newUsersPerMinute = 4
        options.limits.signInsPerMinute = 2
        options.limits.signInCodesPerMinute = 3
    }

    override func configure(_ environment: inout ServerEnvironment) {
        environment.backend.rateLimits = rates
    }

    /// The first frame answering `hello` on a new connection from `address`.
    func answer(_ hello: ClientMessage.Hello, from address: String = "10.1.2.3") async throws -> ServerMessage {
        let peer = server.connect(remoteAddress: address)
        peer.send(ClientMessage.hello(hello).encoded())
        return try ServerMessage.parse(try await peer.next())
    }

    func testNewUsersAndSignInsAreTakenFromTheStoreByAddressAtTheServersTime() async throws {
        guard case .welcome = try await answer(.init(route: "/")) else { return XCTFail("a new user was not welcomed") }
        guard case let .error(_, code, _) = try await answer(.init(route: "/", signIn: "ABCDEFGH")) else { return XCTFail("no refusal") }
        XCTAssertEqual(code, .unknownSignInCode)

        XCTAssertEqual(rates.takes.withLock { $0 }, [
            Take(kind: "new_users", key: "10.1.2.3", interval: 15, burst: 4),
            Take(kind: "sign_ins", key: "10.1.2.3", interval: 30, burst: 2),
        ])
        let stamped = rates.dates.withLock { $0 }
        XCTAssertTrue(stamped.allSatisfy { abs($0.timeIntervalSince(clock.date)) < 0.001 }, "the server clock's date, not the machine's")

        rates.admits.withLock { $0 = false }
        guard case let .error(_, refused, _) = try await answer(.init(route: "/")) else { return XCTFail("no refusal") }
        XCTAssertEqual(refused, .rateLimited)
    }

    func testWhenTheStoreCannotCountNothingIsCreatedAndTheRefusalSaysStorage() async throws {
        let ash = try await open()
        let usersBefore = try server.app.environment.backend.local.query("SELECT count(*) FROM users")[0].int(0)
        rates.admits.withLock { $0 = nil }

        guard case let .error(_, newUser, _) = try await answer(.init(route: "/")) else { return XCTFail("no refusal") }
        XCTAssertEqual(newUser, .storage)
        guard case let .error(_, signIn, _) = try await answer(.init(route: "/", signIn: "ABCDEFGH")) else { return XCTFail("no refusal") }
        XCTAssertEqual(signIn, .storage)
        let code = try await ash.perform(["account": ["createSignInCode": [:]]])
        XCTAssertEqual(code, .storage)
        XCTAssertNil(ash.state["account"]?["signIn"]?["code"]?.stringValue)
        XCTAssertEqual(try server.app.environment.backend.local.query("SELECT count(*) FROM users")[0].int(0), usersBefore)
        // A known token needs no count.
        let again = try await open(token: ash.token)
        XCTAssertEqual(again.userID, ash.userID)
    }
}
