/// The effects started by one `send`: await them, or cancel them.
public struct StoreTask: Sendable {
    @usableFromInline let tasks: [Task<Void, Never>]

    @inlinable init(tasks: [Task<Void, Never>]) { self.tasks = tasks }

    /// Waits until every effect started by the action has finished.
    public func finish() async {
        for task in tasks { await task.value }
    }

    public func cancel() {
        for task in tasks { task.cancel() }
    }

    public var isEmpty: Bool { tasks.isEmpty }
}
