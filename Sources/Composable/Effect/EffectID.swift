/// A type-erased cancellation id. Any `Hashable & Sendable` value can name an effect.
public struct EffectID: Hashable, Sendable {
    // Built only from `Hashable & Sendable` values, so the erased box is safe to share.
    private nonisolated(unsafe) let base: AnyHashable
    /// The child scope this id was declared in (see `Effect.scoped(to:)`); ids of different
    /// presentations or elements never collide.
    let scope: EffectScopeID?

    public init(_ base: some Hashable & Sendable) {
        self.base = AnyHashable(base)
        self.scope = nil
    }

    init(_ base: AnyHashable, scope: EffectScopeID?) {
        self.base = base
        self.scope = scope
    }

    func within(_ scope: EffectScopeID) -> EffectID {
        EffectID(base, scope: scope)
    }
}

/// Identifies one child's lifetime: a presentation, an element of a collection, a stack entry.
/// Every effect a child starts is registered under its scope id, and when the child is gone
/// from the state the Store cancels that id.
public struct EffectScopeID: Hashable, Sendable {
    private nonisolated(unsafe) let path: [AnyHashable]

    init(_ path: [AnyHashable]) { self.path = path }
}
