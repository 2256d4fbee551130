/// An executor a Store can run on as its actor: its jobs run one at a time in one place, and it
/// can run plain work there too, so that a shared change reaches each of thousands of Stores
/// without a task of its own.
public protocol StoreExecutor: TaskExecutor, SerialExecutor {
    /// Runs `work` where this executor runs its jobs, between them.
    func execute(_ work: @escaping @Sendable () -> Void)
}

/// The isolation of a Store that has no executor of its own: an empty default actor whose
/// executor the Store shares.
actor StoreIsolation {}
