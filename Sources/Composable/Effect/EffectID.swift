/// A type-erased cancellation id. Any `Hashable & Sendable` value can name an effect.
///
/// Hashed once, when made: a task's ids are looked up when it starts, ends or is cancelled,
/// and hashing an `AnyHashable` (and a scope's path of them) goes through their boxes each
/// time, on every action. A scoped id combines the hashes its parts
/// already have.
public struct EffectID: Hashable, Sendable {
    /// What the id was made of: a declared value, or a child scope (the id all of a scope's
    /// effects are registered under), kept as it is rather than boxed as an `AnyHashable`:
    /// boxing asks the runtime for the type's conformances each time.
    @usableFromInline
    enum Base: Hashable, @unchecked Sendable {
        // Built only from `Hashable & Sendable` values, so the erased box is safe to share.
        case value(AnyHashable)
        case scope(EffectScopeID)
    }

    private let base: Base
    /// The child scope this id was declared in (see `Effect.scoped(to:)`); ids of different
    /// presentations or elements never collide.
    let scope: EffectScopeID?
    private let baseHash: Int
    private let hash: Int

    public init(_ base: some Hashable & Sendable) {
        let base = AnyHashable(base)
        self.init(.value(base), baseHash: base.hashValue, scope: nil)
    }

    /// The id under which all of `scope`'s effects are registered.
    init(scope: EffectScopeID) {
        self.init(.scope(scope), baseHash: scope.hashValue, scope: nil)
    }

    private init(_ base: Base, baseHash: Int, scope: EffectScopeID?) {
        self.base = base
        self.scope = scope
        self.baseHash = baseHash
        if let scope {
            var hasher = Hasher()
            hasher.combine(baseHash)
            hasher.combine(scope)
            hash = hasher.finalize()
        } else {
            hash = baseHash
        }
    }

    @usableFromInline func within(_ scope: EffectScopeID) -> EffectID {
        EffectID(base, baseHash: baseHash, scope: scope)
    }

    /// The hash of what the id was declared as, the same in every scope: ids whose declared
    /// hashes differ differ in every scope, so a cancellation can tell it finds nothing
    /// without making its scoped id.
    var declaredHash: Int { baseHash }

    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        lhs.hash == rhs.hash && lhs.base == rhs.base && lhs.scope == rhs.scope
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

extension EffectID: CustomStringConvertible {
    /// The id as declared, and the child scope it was declared in, if any.
    public var description: String {
        let base = switch base {
        case let .value(value): "\(value)"
        case let .scope(scope): "\(scope)"
        }
        return scope.map { "\(base) in \($0)" } ?? base
    }
}

extension EffectScopeID: CustomStringConvertible {
    public var description: String {
        path.map { "\($0)" }.joined(separator: "/")
    }
}

/// Identifies one child's lifetime: a presentation, an element of a collection, a stack entry.
/// Every effect a child starts is registered under its scope id, and when the child is gone
/// from the state the Store cancels that id. Hashed once, like `EffectID`.
public struct EffectScopeID: Hashable, Sendable {
    private let path: [ScopeKey]
    private let hash: Int

    @usableFromInline init(_ path: [ScopeKey]) {
        self.path = path
        hash = path.hashValue
    }

    /// A scope id from any values (tests).
    init(_ path: [AnyHashable]) {
        self.init(path.map(ScopeKey.value))
    }

    public static func == (lhs: EffectScopeID, rhs: EffectScopeID) -> Bool {
        lhs.hash == rhs.hash && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// One level of a child scope's path (`ChildScope`, `EffectScopeID`): what names the child
/// there. Plain cases rather than `AnyHashable`s: boxing a value as one asks the runtime for
/// its type's conformances, and a presented child's key was made for every effect it returned.
@usableFromInline
enum ScopeKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Key paths and erased values here are made only from `Sendable` ones.
    /// A presentation's id (`ifLet`).
    case presentation(Int)
    /// A stored property holding the child (`Scope`, `ifLet`).
    case property(AnyKeyPath)
    /// An enum case's child, by its reducer's type (`Scope` over a case path).
    case type(ObjectIdentifier)
    /// Anything else: an element of a collection or a stack, by the collection and its id.
    case value(AnyHashable)

    @usableFromInline var description: String {
        switch self {
        case let .presentation(id): "\(id)"
        case let .property(keyPath): "\(keyPath)"
        case let .type(type): "\(type)"
        case let .value(value): "\(value)"
        }
    }
}
