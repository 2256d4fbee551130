/// A type-erased cancellation id. Any `Hashable & Sendable` value can name an effect.
///
/// Hashed once, when made: a task's ids are looked up when it starts, ends or is cancelled,
/// and hashing an `AnyHashable` (and a scope's path of them) goes through their boxes each
/// time, on every action. A scoped id combines the hashes its parts
/// already have.
public struct EffectID: Hashable, Sendable {
    // Built only from `Hashable & Sendable` values, so the erased box is safe to share.
    private nonisolated(unsafe) let base: AnyHashable
    /// The child scope this id was declared in (see `Effect.scoped(to:)`); ids of different
    /// presentations or elements never collide.
    let scope: EffectScopeID?
    private let baseHash: Int
    private let hash: Int

    public init(_ base: some Hashable & Sendable) {
        let base = AnyHashable(base)
        self.init(base, baseHash: base.hashValue, scope: nil)
    }

    private init(_ base: AnyHashable, baseHash: Int, scope: EffectScopeID?) {
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

    func within(_ scope: EffectScopeID) -> EffectID {
        EffectID(base, baseHash: baseHash, scope: scope)
    }

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
        scope.map { "\(base) in \($0)" } ?? "\(base)"
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
    private nonisolated(unsafe) let path: [AnyHashable]
    private let hash: Int

    init(_ path: [AnyHashable]) {
        self.path = path
        hash = path.hashValue
    }

    public static func == (lhs: EffectScopeID, rhs: EffectScopeID) -> Bool {
        lhs.hash == rhs.hash && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
