import Composable
import Synchronization
import XCTest

/// `Scope` over an enum's case takes the parent's state out while the child reduces, so a
/// child state that is one reference to copy-on-write storage (as a shown detail's is) is
/// changed in place, and still copied when another value holds it.
final class CaseScopeInPlaceTests: XCTestCase {
    /// A count in copy-on-write storage that counts the copies made of its storage.
    struct Tally: Equatable, Sendable {
        final class Storage: @unchecked Sendable {
            var count: Int
            init(count: Int) { self.count = count }
        }

        static let copies = Atomic<Int>(0)
        private var storage = Storage(count: 0)

        var count: Int {
            get { storage.count }
            set {
                if !isKnownUniquelyReferenced(&storage) {
                    Self.copies.add(1, ordering: .relaxed)
                    storage = Storage(count: storage.count)
                }
                storage.count = newValue
            }
        }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.count == rhs.count }
    }

    struct Counting: Reducer {
        func reduce(into state: inout Tally, action: Void) -> Effect<Void> {
            state.count += 1
            return .none
        }
    }

    enum Screen: Equatable, Sendable {
        case tally(Tally)
        case other
    }

    let reducer = Scope(
        state: CasePath<Screen, Tally>(Screen.tally) { if case let .tally(tally) = $0 { tally } else { nil } },
        action: CasePath<Void, Void>({ $0 }, extract: { $0 })
    ) { Counting() }

    func testAChildInACaseIsChangedInPlace() {
        var screen = Screen.tally(Tally())
        let before = Tally.copies.load(ordering: .relaxed)
        for _ in 0..<3 { _ = reducer.reduce(into: &screen, action: ()) }
        XCTAssertEqual(Tally.copies.load(ordering: .relaxed) - before, 0)
        guard case let .tally(tally) = screen else { return XCTFail("the case changed") }
        XCTAssertEqual(tally.count, 3)
    }

    func testAChildHeldElsewhereTooIsCopiedAndTheOtherValueKept() {
        var screen = Screen.tally(Tally())
        let kept = screen
        _ = reducer.reduce(into: &screen, action: ())
        XCTAssertEqual(kept, .tally(Tally()))
        guard case let .tally(tally) = screen else { return XCTFail("the case changed") }
        XCTAssertEqual(tally.count, 1)
    }

    func testAnotherCaseIsLeftAsItIs() {
        var screen = Screen.other
        _ = reducer.reduce(into: &screen, action: ())
        XCTAssertEqual(screen, .other)
    }
}
