/// A rarely present value kept out of line: nil costs one pointer, where an optional holds
/// room for the whole value inline in every state that carries it (an idle session's state
/// held a confirmation alert's room, and its Store's state is one of thousands). Setting a
/// value allocates its box; a changed value gets a new box, so it stays a value.
@propertyWrapper
public struct Boxed<Value> {
    @usableFromInline indirect enum Storage {
        case value(Value)
    }

    @usableFromInline var storage: Storage?

    @inlinable public init(wrappedValue: Value?) {
        storage = wrappedValue.map(Storage.value)
    }

    @inlinable public var wrappedValue: Value? {
        get {
            guard case let .value(value)? = storage else { return nil }
            return value
        }
        set { storage = newValue.map(Storage.value) }
    }
}

extension Boxed: Equatable where Value: Equatable {
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Boxed: Hashable where Value: Hashable {
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}

extension Boxed: Sendable where Value: Sendable {}
extension Boxed.Storage: Sendable where Value: Sendable {}

/// Reflected as the value it holds, as `@PresentationState` is (a recording's emitted test
/// writes a state's fields from their mirrors).
extension Boxed: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["wrappedValue": wrappedValue as Any])
    }
}
