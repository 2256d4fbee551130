import Composable
import ComposableTesting
import XCTest

/// Child scopes nested inside child scopes: a list of branches, each a whole `Parent` (which
/// presents, lists and stacks counters). Child-scope paths are built only for effects, as the
/// effect travels up, so these check that the path still reaches from the root to the
/// grandchild and tells apart grandchildren with the same ids in different branches.
struct Tree: Reducer {
    struct Branch: Equatable, Sendable, Identifiable {
        var id: Int
        var parent = Parent.State()
    }

    struct State: Equatable, Sendable {
        var branches = IdentifiedArray<Int, Branch>()
    }

    enum Action: Equatable, Sendable {
        case branches(IdentifiedAction<Int, Parent.Action>)
        case removeBranch(Int)
        case clearDestination(branch: Int)
    }

    static let branches = CasePath(Action.branches) { if case let .branches(action) = $0 { action } else { nil } }

    var body: some Reducer<State, Action> {
        Reduce { state, action in
            switch action {
            case let .removeBranch(id): state.branches.remove(id: id)
            case let .clearDestination(id): state.branches[id: id]?.parent.destination = nil
            case .branches: break
            }
            return .none
        }
        .forEach(\.branches, action: Self.branches) {
            Scope(state: \Branch.parent, action: CasePath({ $0 }, extract: { $0 })) { Parent() }
        }
    }
}

@MainActor
final class NestedScopeTests: XCTestCase {
    let clock = TestClock()

    func makeStore() -> TestStore<Tree> {
        let branches = IdentifiedArray<Int, Tree.Branch>([Tree.Branch(id: 1), Tree.Branch(id: 2)])
        return TestStore(initialState: Tree.State(branches: branches), reducer: Tree()) { $0.clock = self.clock }
    }

    func testRemovingABranchCancelsTheEffectsOfAChildPresentedInsideIt() async {
        let store = makeStore()
        for id in [1, 2] {
            await store.send(.branches(.element(id: id, action: .presentCounter(id: 7)))) {
                $0.branches[id: id]?.parent.destination = .counter(Counter.State(id: 7))
            }
            await store.send(.branches(.element(id: id, action: .destination(.presented(.counter(.factTapped))))))
        }
        await store.send(.removeBranch(1)) { $0.branches.remove(id: 1) }
        await clock.advance(by: .seconds(1))
        // Only branch 2's grandchild answers; branch 1's effect was cancelled with its branch.
        await store.receive(.branches(.element(id: 2, action: .destination(.presented(.counter(.factResponse("0 is a number"))))))) {
            $0.branches[id: 2]?.parent.destination = .counter(Counter.State(id: 7, fact: "0 is a number"))
        }
        await store.finish()
    }

    func testAGrandchildCancelsOnlyItsOwnEffectsWhenIDsRepeatAcrossBranches() async {
        var branch = Tree.Branch(id: 0)
        branch.parent.rows = IdentifiedArray<Int, Parent.Row>([Parent.Row(id: 1)])
        var first = branch, second = branch
        first.id = 1
        second.id = 2
        let store = TestStore(
            initialState: Tree.State(branches: IdentifiedArray([first, second])), reducer: Tree()
        ) { $0.clock = self.clock }
        await store.send(.branches(.element(id: 1, action: .rows(.element(id: 1, action: .factTapped)))))
        await store.send(.branches(.element(id: 2, action: .rows(.element(id: 1, action: .factTapped)))))
        // Row 1 of branch 1 cancels its fact; row 1 of branch 2 (same row id, same cancel id)
        // keeps its own.
        await store.send(.branches(.element(id: 1, action: .rows(.element(id: 1, action: .cancelFactTapped)))))
        await clock.advance(by: .seconds(1))
        await store.receive(.branches(.element(id: 2, action: .rows(.element(id: 1, action: .factResponse("0 is a number")))))) {
            $0.branches[id: 2]?.parent.rows[id: 1]?.counter.fact = "0 is a number"
        }
        await store.finish()
    }

    func testClearingAGrandchildFromTheRootCancelsItsEffects() async {
        let store = makeStore()
        await store.send(.branches(.element(id: 2, action: .presentCounter(id: 3)))) {
            $0.branches[id: 2]?.parent.destination = .counter(Counter.State(id: 3))
        }
        await store.send(.branches(.element(id: 2, action: .destination(.presented(.counter(.factTapped))))))
        // Set to nil by an ancestor two levels up, not by the presenting parent.
        await store.send(.clearDestination(branch: 2)) {
            $0.branches[id: 2]?.parent.destination = nil
        }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }
}
