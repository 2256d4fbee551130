import XCTest
@testable import Composable

/// Effect ids keep their hash from when they were made; equality and hashing must still follow
/// the base value, its type and the scope, as for the values themselves.
final class EffectIDTests: XCTestCase {
    private enum LoadID: Hashable, Sendable { case page }
    private enum SaveID: Hashable, Sendable { case page }

    func testIdsOfEqualValuesAreEqualAndHashAlike() {
        let scope = EffectScopeID(["destination", 7])
        XCTAssertEqual(EffectID("search"), EffectID("search"))
        XCTAssertEqual(EffectID("search").hashValue, EffectID("search").hashValue)
        XCTAssertEqual(EffectID(LoadID.page).within(scope), EffectID(LoadID.page).within(EffectScopeID(["destination", 7])))
        XCTAssertEqual(EffectID(LoadID.page).within(scope).hashValue, EffectID(LoadID.page).within(scope).hashValue)
    }

    func testTheBaseItsTypeAndTheScopeTellIdsApart() {
        let detail = EffectScopeID(["destination", 7])
        let other = EffectScopeID(["destination", 8])
        XCTAssertNotEqual(EffectID("search"), EffectID("page"))
        XCTAssertNotEqual(EffectID(LoadID.page), EffectID(SaveID.page), "same case, different types")
        XCTAssertNotEqual(EffectID(LoadID.page), EffectID(LoadID.page).within(detail))
        XCTAssertNotEqual(EffectID(LoadID.page).within(detail), EffectID(LoadID.page).within(other))
        XCTAssertNotEqual(EffectScopeID.effectID(detail), EffectScopeID.effectID(other))
    }

    func testADictionaryFindsAScopedIdMadeAgain() {
        var tasks: [EffectID: Int] = [EffectID("search"): 1, EffectID("search").within(EffectScopeID(["path", 3])): 2]
        XCTAssertEqual(tasks[EffectID("search").within(EffectScopeID(["path", 3]))], 2)
        XCTAssertEqual(tasks[EffectID("search")], 1)
        tasks[EffectID("search").within(EffectScopeID(["path", 4]))] = 3
        XCTAssertEqual(tasks.count, 3)
    }
}
