import Glibc

/// Which Store's processing loop is running on the current thread, by its `EffectRunner`.
///
/// An effect task starts immediately (`Task.immediate`), nested inside the loop that started
/// it. If it sends before its first real suspension, it is still on that loop's thread, below
/// which the loop's frame holds the Store: the action is handed to the loop directly. Going
/// through the Store's actor instead would find it busy and wait for the batch to end, which
/// would cost a second batch and a second state for the observer.
@usableFromInline
enum ProcessingThread {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
        return key
    }()

    /// Runs `body` marked as `runner`'s loop, restoring the previous mark (a loop may run
    /// nested inside another Store's, through an effect that reached a free Store at once).
    @usableFromInline
    static func run<T>(marking runner: AnyObject, _ body: () -> T) -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(runner).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return body()
    }

    /// Whether the loop of the runner at `address` is running on this thread, below the
    /// caller. An address, not the object: the runner may be gone when a late task asks.
    static func isRunning(_ address: UnsafeMutableRawPointer) -> Bool {
        pthread_getspecific(key) == address
    }
}
