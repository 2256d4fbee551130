import Composable

/// Compares what a test expected an action to do with what it did, state and shared values.
struct ExpectationCheck<R: Reducer> where R.State: Equatable {
    let record: ReducedAction<R>
    let exhaustive: Bool

    /// A failure message, or nil when the expectation holds.
    func failure(_ updateExpected: ((inout R.State) throws -> Void)?) -> String? {
        // Exhaustive: expected = before + the stated change. Non-exhaustive: the stated change
        // applied to the actual state must leave it as it is.
        var expected = exhaustive ? record.before : record.after
        let baseShared = exhaustive ? record.sharedBefore : record.sharedAfter
        let snapshot = SharedSnapshot(baseShared.values.map { ($0.box, $0.value) })
        do {
            try snapshot.whileStating {
                try updateExpected?(&expected)
            }
        } catch {
            return "The expectation closure threw: \(error)"
        }
        var messages: [String] = []
        if expected != record.after {
            let heading = updateExpected == nil
                ? "State changed but no change was asserted for \(record.action):"
                : "State change does not match the expectation for \(record.action) (− expected, + actual):"
            messages.append(heading + "\n" + StateDifference.describe(expected: expected, actual: record.after))
        }
        for entry in snapshot.entries {
            guard let actual = record.sharedAfter[entry.box.boxID]?.value else { continue }
            if !Self.isEqual(entry.value, actual) {
                messages.append("Shared value changed by \(record.action) was not asserted (− expected, + actual):\n"
                    + StateDifference.describe(expected: entry.value, actual: actual))
            }
        }
        return messages.isEmpty ? nil : messages.joined(separator: "\n")
    }

    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        guard let lhs = lhs as? any Equatable else { return String(describing: lhs) == String(describing: rhs) }
        return open(lhs, rhs)
    }

    private static func open<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        (rhs as? T) == lhs
    }
}
