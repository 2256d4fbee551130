import Composable

/// One action the store reduced, with the state and shared values before and after it.
struct ReducedAction<R: Reducer> {
    let action: R.Action
    let before: R.State
    let after: R.State
    let sharedBefore: [ObjectIdentifier: (box: any AnySharedBox, value: Any)]
    let sharedAfter: [ObjectIdentifier: (box: any AnySharedBox, value: Any)]
}

/// Records each reduced action of one processing loop with its before and after states.
struct ActionRecorder<R: Reducer> {
    private var records: [ReducedAction<R>] = []
    private var lastState: R.State?
    private var lastShared: [ObjectIdentifier: (box: any AnySharedBox, value: Any)] = [:]

    mutating func start(state: R.State) {
        records = []
        lastState = state
        lastShared = Self.sharedValues(in: state)
    }

    mutating func record(_ action: R.Action, state: R.State) {
        guard let before = lastState else { return }
        let shared = Self.sharedValues(in: state).merging(lastShared.mapValues { ($0.box, $0.box.currentValue) }) { new, _ in new }
        records.append(ReducedAction(action: action, before: before, after: state, sharedBefore: lastShared, sharedAfter: shared))
        lastState = state
        lastShared = shared
    }

    mutating func finish() -> [ReducedAction<R>] {
        defer { records = []; lastState = nil }
        return records
    }

    static func sharedValues(in state: R.State) -> [ObjectIdentifier: (box: any AnySharedBox, value: Any)] {
        var values: [ObjectIdentifier: (box: any AnySharedBox, value: Any)] = [:]
        for box in SharedDiscovery.references(in: state) { values[box.boxID] = (box, box.currentValue) }
        return values
    }
}
