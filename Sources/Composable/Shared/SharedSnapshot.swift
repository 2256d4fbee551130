/// Expected values of shared references while a TestStore states its expectation: reads and
/// writes through `Shared` inside the expectation go here instead of to the live value, so a
/// test must assert every shared change in the step that made it.
// Created and used by one TestStore on the main actor, only inside an expectation closure.
public final class SharedSnapshot: @unchecked Sendable {
    private var values: [ObjectIdentifier: (box: any AnySharedBox, value: Any)] = [:]

    package init(_ boxes: [(any AnySharedBox, Any)]) {
        for (box, value) in boxes { values[box.boxID] = (box, value) }
    }

    @TaskLocal package static var current: SharedSnapshot?

    func value(of box: some AnySharedBox) -> Any? {
        values[box.boxID]?.value
    }

    func set(_ value: Any, of box: some AnySharedBox) {
        values[box.boxID] = (box, value)
    }

    package var entries: [(box: any AnySharedBox, value: Any)] {
        Array(values.values)
    }
}
