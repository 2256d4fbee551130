/// Where in the Store's state the reducer now running lives, and where child scopes register.
///
/// `Scope`, `ifLet` and `forEach` extend the path while their child runs. A child scope
/// (a presentation, an element, a stack entry) registers a liveness check over the root state;
/// after every action the Store asks each check and cancels the effects of children that are
/// gone, however they were removed (by their parent, by an ancestor, or by anyone else).
// Created and read only inside one Store's synchronous processing loop, on its executor.
final class ScopeContext: @unchecked Sendable {
    /// One step from a parent's state to a child's, as a key and a projection of `Any`.
    final class PathNode {
        let parent: PathNode?
        let key: AnyHashable
        let project: (Any) -> Any?

        init(parent: PathNode?, key: AnyHashable, project: @escaping (Any) -> Any?) {
            self.parent = parent
            self.key = key
            self.project = project
        }

        var keys: [AnyHashable] {
            var keys: [AnyHashable] = []
            var node: PathNode? = self
            while let current = node {
                keys.append(current.key)
                node = current.parent
            }
            return keys.reversed()
        }

        /// Walks from the root state down to this node's state.
        func resolve(_ root: Any) -> Any? {
            guard let parentState = parent.map({ $0.resolve(root) }) ?? root else { return nil }
            return project(parentState)
        }
    }

    /// The registry of live child scopes of one Store.
    let registry: ScopeRegistry
    let node: PathNode?

    init(registry: ScopeRegistry, node: PathNode?) {
        self.registry = registry
        self.node = node
    }

    // Each Store sets this around its own reduce calls only, on its own executor, and the
    // values never escape that synchronous call.
    @TaskLocal static var current: ScopeContext?

    /// Runs `body` with the path extended by one step.
    static func within<R>(key: AnyHashable, project: @escaping (Any) -> Any?, _ body: () -> R) -> R {
        guard let context = current else { return body() }
        let child = ScopeContext(
            registry: context.registry,
            node: PathNode(parent: context.node, key: key, project: project)
        )
        return $current.withValue(child, operation: body)
    }

    /// Registers a child scope at the current path whose liveness `isAlive` decides from the
    /// parent's state, and returns its id.
    static func registerChild(
        key: AnyHashable,
        isAlive: @escaping (Any) -> Bool
    ) -> EffectScopeID {
        guard let context = current else { return EffectScopeID([key]) }
        let id = EffectScopeID((context.node?.keys ?? []) + [key])
        let node = context.node
        context.registry.register(id) { root in
            guard let parentState = node.map({ $0.resolve(root) }) ?? root else { return false }
            return isAlive(parentState)
        }
        return id
    }
}

/// The child scopes of one Store that have effects, each with its liveness check.
final class ScopeRegistry {
    private var checks: [EffectScopeID: (Any) -> Bool] = [:]

    var isEmpty: Bool { checks.isEmpty }

    func register(_ id: EffectScopeID, isAlive: @escaping (Any) -> Bool) {
        if checks[id] == nil { checks[id] = isAlive }
    }

    /// Removes and returns the scopes that are no longer in `root`.
    func removeDead(in root: Any) -> [EffectScopeID] {
        let dead = checks.filter { !$0.value(root) }.map(\.key)
        for id in dead { checks[id] = nil }
        return dead
    }

    func removeAll() { checks.removeAll() }
}
