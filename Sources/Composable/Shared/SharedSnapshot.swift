import Synchronization

/// Expected values of shared references while a TestStore states its expectation: reads and
/// writes through `Shared` inside the expectation go here instead of to the live value, so a
/// test must assert every shared change in the step that made it.
// Created and used by one TestStore on the main actor, only inside an expectation closure.
public final class SharedSnapshot: @unchecked Sendable {
    private var values: [ObjectIdentifier: (box: any AnySharedBox, value: Any)] = [:]

    package init(_ boxes: [(any AnySharedBox, Any)]) {
        for (box, value) in boxes { values[box.boxID] = (box, value) }
    }

    @TaskLocal private static var stated: SharedSnapshot?
    /// How many expectations are being stated, in any task. A server never states one, so
    /// its shared reads skip the task-local lookup.
    private static let beingStated = Atomic<Int>(0)

    /// The snapshot of the expectation this task is stating, if any.
    @usableFromInline static var current: SharedSnapshot? {
        beingStated.load(ordering: .acquiring) == 0 ? nil : stated
    }

    /// Runs `body`, in which this task's shared reads and writes go to this snapshot.
    package func whileStating<T>(_ body: () throws -> T) rethrows -> T {
        Self.beingStated.add(1, ordering: .acquiringAndReleasing)
        defer { Self.beingStated.subtract(1, ordering: .acquiringAndReleasing) }
        return try Self.$stated.withValue(self, operation: body)
    }

    @usableFromInline func value(of boxID: ObjectIdentifier) -> Any? {
        values[boxID]?.value
    }

    func set(_ value: Any, of box: some AnySharedBox) {
        values[box.boxID] = (box, value)
    }

    package var entries: [(box: any AnySharedBox, value: Any)] {
        Array(values.values)
    }
}
