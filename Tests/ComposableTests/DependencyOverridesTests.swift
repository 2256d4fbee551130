@testable import Composable
import XCTest

/// A copy of shared dependencies given a few values of its own keeps them in `overrides` and
/// shares the base's table (every session's Store over the server's), with every value read
/// back as it was last set.
final class DependencyOverridesTests: XCTestCase {
    private enum First: TestDependencyKey { static let testValue = 0 }
    private enum Second: TestDependencyKey { static let testValue = 0 }
    private enum Third: TestDependencyKey { static let testValue = 0 }
    private enum Fourth: TestDependencyKey { static let testValue = 0 }
    private enum Fifth: TestDependencyKey { static let testValue = 0 }
    private enum Sixth: TestDependencyKey { static let testValue = 0 }

    private func values() -> DependencyValues {
        var values = DependencyValues()
        values.context = .test
        return values
    }

    func testEveryValueSetIsReadBackPastTheOverridesLimit() {
        var values = values()
        values[First.self] = 1
        values[Second.self] = 2
        values[Third.self] = 3
        values[Fourth.self] = 4
        values[Fifth.self] = 5
        values[Sixth.self] = 6
        // Set again: one in the overrides, one in the table.
        values[Second.self] = 20
        values[Sixth.self] = 60
        XCTAssertEqual(values.table.overrides.count, DependencyTable.overrideLimit)
        XCTAssertEqual(
            [values[First.self], values[Second.self], values[Third.self], values[Fourth.self], values[Fifth.self], values[Sixth.self]],
            [1, 20, 3, 4, 5, 60])
    }

    func testACopyOfASharedBaseSetsItsOwnValuesWithoutTheTable() {
        var base = values()
        base[First.self] = 1
        base[Second.self] = 2
        base = base.sharedBase()
        XCTAssertTrue(base.table.overrides.isEmpty)
        XCTAssertEqual(base.table.storage.count, 2)

        var copy = base
        copy[Second.self] = 20
        copy[Third.self] = 3
        XCTAssertEqual(copy.table.overrides.count, 2)
        XCTAssertEqual(copy.table.storage.count, 2, "the copy's own values are not in the shared table")
        XCTAssertEqual([copy[First.self], copy[Second.self], copy[Third.self]], [1, 20, 3])
        XCTAssertEqual([base[First.self], base[Second.self], base[Third.self]], [1, 2, 0], "the base is unchanged")

        // A base with values of its own set over another keeps them, the newest winning.
        XCTAssertEqual(copy.sharedBase()[Second.self], 20)
    }

    /// The values share one table until written (`DependencyTable`): a write through
    /// `withDependencies` (a presented child's effect given its `dismiss`, a test's override)
    /// changes a copy, never the table the installed values and every other copy still read.
    func testAWriteInsideWithDependenciesLeavesTheInstalledValuesUnchanged() {
        var base = values()
        base[First.self] = 1
        base = base.sharedBase()
        let copy = base
        let dismissed = DismissEffect {}
        DependencyValues.$current.withValue(base) {
            withDependencies {
                $0[First.self] = 2
                $0[Second.self] = 3
                $0.dismiss = dismissed
                $0.context = .live
            } operation: {
                XCTAssertEqual(DependencyValues.current[First.self], 2)
                XCTAssertEqual(DependencyValues.current[Second.self], 3)
                XCTAssertNotNil(DependencyValues.current.presentedDismiss)
                XCTAssertEqual(DependencyValues.current.context, .live)
            }
            XCTAssertEqual(DependencyValues.current[First.self], 1)
            XCTAssertEqual(DependencyValues.current[Second.self], 0)
            XCTAssertNil(DependencyValues.current.presentedDismiss)
            XCTAssertEqual(DependencyValues.current.context, .test)
        }
        XCTAssertTrue(copy.table === base.table, "copies share the table until one writes")
        XCTAssertEqual([base[First.self], base[Second.self]], [1, 0])
        XCTAssertTrue(base.table.overrides.isEmpty)
    }
}
