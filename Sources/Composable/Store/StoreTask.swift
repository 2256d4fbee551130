/// The effects started by one `send`: await them, or cancel them.
public struct StoreTask: Sendable {
    let tasks: [Task<Void, Never>]

    /// Waits until every effect started by the action has finished.
    public func finish() async {
        for task in tasks { await task.value }
    }

    public func cancel() {
        for task in tasks { task.cancel() }
    }

    public var isEmpty: Bool { tasks.isEmpty }
}
