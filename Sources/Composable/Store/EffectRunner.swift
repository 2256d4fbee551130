/// Starts a Store's effects as tasks and cancels them by id. Owned by one Store and used only
/// on that Store's executor.
@usableFromInline
package final class EffectRunner<Action: Sendable> {
    private var nextTaskID = 0
    private var tasks: [Int: (task: Task<Void, Never>, ids: [EffectID])] = [:]
    private var taskIDsByEffectID: [EffectID: Set<Int>] = [:]

    /// How a task hands its actions back to the Store, with the id of the sending task.
    let sendBack: @Sendable (Action, Int) async -> Void
    /// Called on the Store's executor when a task ends (see `finished(_:)`).
    let taskEnded: @Sendable (Int) async -> Void

    init(
        sendBack: @escaping @Sendable (Action, Int) async -> Void,
        taskEnded: @escaping @Sendable (Int) async -> Void
    ) {
        self.sendBack = sendBack
        self.taskEnded = taskEnded
    }

    package var runningCount: Int { tasks.count }
    package func isRunning(_ taskID: Int) -> Bool { tasks[taskID] != nil }

    /// Runs `effect`: synchronous `.send` actions are appended to `immediate`; started tasks to
    /// `started`; child scopes that start tasks are registered in `scopes`.
    @usableFromInline
    func run(
        _ effect: Effect<Action>,
        dependencies: DependencyValues,
        scopes: ScopeRegistry,
        immediate: inout [Action],
        started: inout [Task<Void, Never>]
    ) {
        run(effect, ids: [], namespace: nil, dependencies: dependencies, scopes: scopes, immediate: &immediate, started: &started)
    }

    private func run(
        _ effect: Effect<Action>,
        ids: [EffectID],
        namespace: EffectScopeID?,
        dependencies: DependencyValues,
        scopes: ScopeRegistry,
        immediate: inout [Action],
        started: inout [Task<Void, Never>]
    ) {
        switch effect.operation {
        case .none:
            return
        case let .send(action):
            immediate.append(action)
        case let .run(priority, work):
            started.append(launch(priority: priority, work: work, ids: ids, dependencies: dependencies))
        case let .merge(effects):
            for effect in effects {
                run(effect, ids: ids, namespace: namespace, dependencies: dependencies, scopes: scopes, immediate: &immediate, started: &started)
            }
        case let .cancellable(id, cancelInFlight, inner):
            let id = namespace.map(id.within) ?? id
            if cancelInFlight { cancel(id) }
            run(inner, ids: ids + [id], namespace: namespace, dependencies: dependencies, scopes: scopes, immediate: &immediate, started: &started)
        case let .cancel(id):
            cancel(namespace.map(id.within) ?? id)
        case let .scoped(scope, inner):
            // The innermost scope namespaces the ids declared in it; every task of the child
            // (and of its own children) is registered under the child's scope id, which the
            // Store cancels once the liveness check fails.
            let scopeID = EffectScopeID(scope.path)
            if inner.startsTasks { scopes.register(scopeID, isAlive: scope.isAlive) }
            run(inner, ids: ids + [EffectScopeID.effectID(scopeID)], namespace: scopeID, dependencies: dependencies, scopes: scopes, immediate: &immediate, started: &started)
        }
    }

    private func launch(
        priority: TaskPriority?,
        work: @escaping @Sendable (Send<Action>) async -> Void,
        ids: [EffectID],
        dependencies: DependencyValues
    ) -> Task<Void, Never> {
        nextTaskID += 1
        let taskID = nextTaskID
        let sendBack = self.sendBack
        let send = Send { action in await sendBack(action, taskID) }
        let taskEnded = self.taskEnded
        let task = Task(priority: priority) {
            await DependencyValues.$current.withValue(dependencies) {
                await work(send)
            }
            await taskEnded(taskID)
        }
        tasks[taskID] = (task, ids)
        for id in ids { taskIDsByEffectID[id, default: []].insert(taskID) }
        return task
    }

    /// Cancels every task registered under `id`.
    @usableFromInline
    func cancel(_ id: EffectID) {
        guard let taskIDs = taskIDsByEffectID.removeValue(forKey: id) else { return }
        for taskID in taskIDs {
            tasks[taskID]?.task.cancel()
            finished(taskID)
        }
    }

    /// Forgets a task that ended or was cancelled.
    package func finished(_ taskID: Int) {
        guard let entry = tasks.removeValue(forKey: taskID) else { return }
        for id in entry.ids {
            taskIDsByEffectID[id]?.remove(taskID)
            if taskIDsByEffectID[id]?.isEmpty == true { taskIDsByEffectID[id] = nil }
        }
    }

    func cancelAll() {
        for entry in tasks.values { entry.task.cancel() }
        tasks.removeAll()
        taskIDsByEffectID.removeAll()
    }
}
