/// An executor a Store can run on as its actor: its jobs run one at a time in one place, and it
/// can run plain work there too, so that a shared change reaches each of thousands of Stores
/// without a task of its own.
///
/// The Store's effects prefer it as their task executor; the Store itself runs on `isolation`,
/// a serial executor whose jobs run in the same place, isolated.
public protocol StoreExecutor: TaskExecutor {
    /// The serial executor of an actor that runs here.
    associatedtype Isolation: SerialExecutor
    var isolation: Isolation { get }

    /// Runs `work` where this executor runs its jobs, between them.
    func execute(_ work: @escaping @Sendable () -> Void)

    /// Whether the caller runs where this executor runs its jobs, one at a time with them (in
    /// a job, in `execute`'s work, or in whatever else the executor's thread runs between
    /// them): a Store on this executor may then be entered in place, without a job.
    var isCurrent: Bool { get }
}

/// The isolation of a Store that has no executor of its own: an empty default actor whose
/// executor the Store shares.
actor StoreIsolation {}
