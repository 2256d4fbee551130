import Synchronization

/// A presented child's state (nil when nothing is presented), with an identity that changes
/// whenever a different child is presented, so the effects of the old one can be cancelled.
@propertyWrapper
public struct PresentationState<State> {
    @usableFromInline var value: State?
    @usableFromInline var identity: Int?

    /// Unique per presentation in the process; nil when nothing is presented.
    public var presentationID: Int? { identity }

    public init(wrappedValue: State?) {
        value = wrappedValue
        identity = wrappedValue == nil ? nil : Self.nextID()
    }

    /// Setting a value starts a new presentation when nothing was presented or when the
    /// new value is a different child (another case or id, see `PresentationIdentifiable`);
    /// changing the presented child in place keeps its identity.
    /// Inlinable, so a feature's presentation is set in code specialized to its state: the
    /// generic setter looked up its metadata and cast both states to
    /// `PresentationIdentifiable` at run time, on every navigation.
    @inlinable public var wrappedValue: State? {
        get { value }
        set {
            defer { value = newValue }
            guard let newValue else { identity = nil; return }
            guard let old = value, Self.sameIdentity(old, newValue) else {
                identity = Self.nextID()
                return
            }
        }
    }

    public var projectedValue: Self {
        get { self }
        set { self = newValue }
        // In place, so `state.$destination` (and ifLet's key path) modify the presented child
        // without copying it out and back, which also kept its storage shared (a copy-on-write
        // copy of the child's arrays on every child action).
        _modify { yield &self }
    }

    /// Mutates the presented child without touching its identity (used by `ifLet`).
    @inlinable
    mutating func modifyPresented<R>(_ body: (inout State) -> R) -> R? {
        guard var state = value else { return nil }
        value = nil  // keep the child's storage uniquely referenced while it is mutated
        let result = body(&state)
        value = state
        return result
    }

    @inlinable static func sameIdentity(_ a: State, _ b: State) -> Bool {
        guard let a = a as? any PresentationIdentifiable, let b = b as? any PresentationIdentifiable else {
            return true
        }
        return a.presentationKey == b.presentationKey
    }

    @usableFromInline static func nextID() -> Int {
        presentationCounter.add(1, ordering: .relaxed).newValue
    }
}

private let presentationCounter = Atomic<Int>(0)

/// A presentable state that tells which child it is (e.g. `"detail:25"`), so replacing one
/// child by another is seen as a new presentation.
public protocol PresentationIdentifiable {
    var presentationKey: AnyHashable { get }
}

extension PresentationState: Equatable where State: Equatable {
    /// Compares the presented states; identities are bookkeeping.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomStringConvertible {
    public var description: String { value.map { "\($0)" } ?? "nil" }
}

/// A presented child's actions, plus the parent-side dismissal.
public enum PresentationAction<Action: Sendable>: Sendable {
    case dismiss
    case presented(Action)

    public static var presentedCase: CasePath<Self, Action> {
        CasePath(Self.presented) { if case let .presented(action) = $0 { action } else { nil } }
    }
}

extension PresentationAction: Equatable where Action: Equatable {}
