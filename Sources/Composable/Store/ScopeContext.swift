/// A child scope (a presentation, an element, a stack entry) that an effect belongs to.
///
/// `ifLet` and the `forEach`s wrap a child's effect in `.scoped(ChildScope, …)` with the child's
/// key and a liveness check over the parent's state. As the effect travels up through each
/// enclosing `Scope`/`ifLet`/`forEach`, `Effect.lifted(key:project:)` prepends that level's key
/// and composes that level's projection, so when the effect reaches the Store the path starts at
/// the root and the check reads the root state. Only effects pay for this: an action whose
/// reducers return `.none` builds no path, allocates nothing and touches no task-local.
///
/// The Store registers the scope when a task starts inside it; after every action it asks
/// each registered check and cancels the effects of children that are gone, however they were
/// removed (by their parent, by an ancestor, or by anyone else).
// The checks hold key paths and ids and are asked only on the owning Store's executor.
@usableFromInline
struct ChildScope: @unchecked Sendable {
    /// The child's key at the level that made the scope.
    @usableFromInline var key: ScopeKey
    /// The keys from the level the effect has been lifted to down to the one that made the
    /// scope (none until lifted: most scopes are never named, so their path is not built).
    @usableFromInline var outer: [ScopeKey] = []
    /// Whether the child still exists in the state of the level the effect has been lifted to.
    /// A value, not a closure: a presentation's check (a key path and an id) is held in the
    /// existential's inline buffer, where a closure's context was allocated for every effect
    /// a presented child returned, though nearly all answer at once and are never checked.
    @usableFromInline var liveness: any ScopeLiveness

    @usableFromInline init(key: ScopeKey, liveness: any ScopeLiveness) {
        self.key = key
        self.liveness = liveness
    }

    @usableFromInline init(key: ScopeKey, isAlive: @escaping (Any) -> Bool) {
        self.init(key: key, liveness: ClosureLiveness(check: isAlive))
    }

    /// The keys from the level the effect has been lifted to down to the child.
    @usableFromInline var path: [ScopeKey] { outer + [key] }

    /// The same scope seen from one level up: `project` goes from that level's state to the
    /// state the scope was expressed in (nil when it is gone).
    func lifted(key: ScopeKey, project: @escaping (Any) -> Any?) -> ChildScope {
        var lifted = ChildScope(key: self.key, liveness: ProjectedLiveness(inner: liveness, project: project))
        lifted.outer = [key] + outer
        return lifted
    }
}

/// Whether a child scope's child still exists in a given state (of the level its effect has
/// been lifted to).
@usableFromInline
protocol ScopeLiveness {
    func isAlive(in state: Any) -> Bool
}

/// A state that holds children by id: a presentation (`ifLet`), a stack (`forEach`).
@usableFromInline
protocol ChildHolder {
    associatedtype ChildID
    func holds(_ id: ChildID) -> Bool
}

extension PresentationState: ChildHolder {
    /// The child presented under `id` is still the one presented.
    @usableFromInline func holds(_ id: Int) -> Bool { presentationID == id }
}

extension StackState: ChildHolder {
    @usableFromInline func holds(_ id: StackElementID) -> Bool { self[id: id] != nil }
}

/// A child is alive while the state at `keyPath` holds its id: two words, held in the
/// existential's inline buffer.
@usableFromInline
struct HeldChildLiveness<Root, Holder: ChildHolder>: ScopeLiveness {
    @usableFromInline let keyPath: KeyPath<Root, Holder>
    @usableFromInline let id: Holder.ChildID

    @inlinable init(keyPath: KeyPath<Root, Holder>, id: Holder.ChildID) {
        self.keyPath = keyPath
        self.id = id
    }

    @usableFromInline func isAlive(in state: Any) -> Bool {
        (state as? Root)?[keyPath: keyPath].holds(id) == true
    }
}

@usableFromInline
struct ClosureLiveness: ScopeLiveness {
    @usableFromInline let check: (Any) -> Bool
    @usableFromInline init(check: @escaping (Any) -> Bool) { self.check = check }
    @usableFromInline func isAlive(in state: Any) -> Bool { check(state) }
}

/// A scope's check seen one level up, through that level's projection.
struct ProjectedLiveness: ScopeLiveness {
    let inner: any ScopeLiveness
    let project: (Any) -> Any?

    func isAlive(in state: Any) -> Bool {
        guard let child = project(state) else { return false }
        return inner.isAlive(in: child)
    }
}

/// The child scopes of one Store with effects running, each with its liveness check, by the
/// effect id their tasks are registered under.
///
/// A scope is dropped once its last task ends (`forget`): it has nothing left to cancel, and
/// every check is asked after every action. Kept until the child was gone, the checks of an
/// N-screen stack made each of its ~2N appear-and-load actions ask N checks, each finding its
/// entry in the stack: cubic in N.
@usableFromInline
final class ScopeRegistry {
    @exclusivity(unchecked) @usableFromInline var checks: [EffectID: any ScopeLiveness] = [:]

    @inlinable var isEmpty: Bool { checks.isEmpty }

    /// How many scopes are checked after each action (tests).
    var count: Int { checks.count }

    @usableFromInline func register(_ id: EffectID, liveness: any ScopeLiveness) {
        if checks[id] == nil { checks[id] = liveness }
    }

    /// The scope registered under `id` (if any) has no task left.
    func forget(_ id: EffectID) {
        guard !checks.isEmpty else { return }
        checks[id] = nil
        // An idle Store keeps no table (a removal keeps a dictionary's storage).
        if checks.isEmpty { checks = [:] }
    }

    /// Removes and returns the scopes that are no longer in `root` (empty, without allocating,
    /// when every child is alive).
    @usableFromInline func removeDead(in root: Any) -> [EffectID] {
        var dead: [EffectID] = []
        for (id, liveness) in checks where !liveness.isAlive(in: root) { dead.append(id) }
        for id in dead { checks[id] = nil }
        if !dead.isEmpty, checks.isEmpty { checks = [:] }
        return dead
    }

    func removeAll() { checks.removeAll() }
}
