import Foundation
import PokedexModels
import Storage
import XCTest

/// The behaviour every storage backend must have, written against the store protocols only
/// and run on each backend in turn (SQLite, the reference, then PostgreSQL), each time on a
/// fresh database of its own: the backends cannot drift apart unnoticed. The tests are in
/// extensions, one file per area (users, lists, invites, favorites, counts, sessions,
/// concurrency); failures name the backend they happened on ("[PostgreSQL] …").
///
/// Why not a base class with a subclass per backend: SwiftPM's test discovery on Linux lists
/// only the methods a class declares itself, so a subclass's inherited tests never run.
/// Instead each test's closure is wrapped (`init(name:testClosure:)`, which corelibs XCTest
/// creates every test case with) to run once per backend, so no test can miss one.
class StoreConformanceTests: XCTestCase {
    /// The backends every test runs on, in order.
    static var backends: [any StoreBackend.Type] { [SQLiteStoreBackend.self, PostgresStoreBackend.self] }

    /// The database of the backend the test is running on.
    private(set) var backend: (any StoreBackend)!
    /// Stores on `backend`'s database, opened for the test.
    private(set) var stores: Stores!

    var users: any UserStore { stores.users }
    var lists: any ListStore { stores.lists }
    var sessions: any SessionStore { stores.sessions }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name) { testCase in
            // Unreachable otherwise: XCTest creates each case with its own class.
            guard let testCase = testCase as? StoreConformanceTests else { return try testClosure(testCase) }
            testCase.runOnEachBackend { try testClosure(testCase) }
        }
    }

    /// Runs `test` once per backend, each on a fresh database removed afterwards. An error
    /// fails the test on that backend only: the next backend still runs.
    private func runOnEachBackend(_ test: () throws -> Void) {
        for kind in Self.backends {
            currentBackendName = kind.name
            do {
                backend = try kind.init()
                stores = try backend.openStores()
                try test()
            } catch {
                recordFailure(withDescription: "threw error \"\(error)\"", inFile: #filePath, atLine: #line, expected: false)
            }
            stores = nil
            backend?.remove()
            backend = nil
            currentBackendName = nil
        }
    }

    private var currentBackendName: String?

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let labelled = currentBackendName.map { "[\($0)] \(description)" } ?? description
        super.recordFailure(withDescription: labelled, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    // MARK: Helpers

    /// New stores on the test's database, a handle of their own as a second process would open.
    func openStores() throws -> Stores { try backend.openStores() }

    /// How many rows `table` has (both schemas name tables and columns alike).
    func count(_ table: String) throws -> Int { try backend.count(table) }

    /// Every value of the text column `column` of `table`: what is actually stored.
    func storedValues(_ column: String, of table: String) throws -> [String] { try backend.storedValues(column, of: table) }

    /// A new user, their token and their personal list.
    func makeUser(_ name: String) async throws -> (user: User, token: String, list: FavoritesList) {
        let (user, token, list) = try await users.createUser(displayName: name)
        return (user, token, list)
    }

    /// A new user who joined `list` with `role` through an invite from its owner.
    func makeMember(of list: FavoritesList, role: ListRole, name: String) async throws -> User {
        let member = try await makeUser(name).user
        let code = try lists.createInvite(list: list.id, role: role, by: list.ownerID)
        _ = try lists.acceptInvite(code: code, user: member.id)
        return member
    }
}
