import Dispatch

/// Where the server's blocking storage calls run: never on a service thread, whose loop
/// serves every connection on it. An effect awaits `run`, and resumes on its Store's
/// executor once the call has returned.
struct StorageQueue: Sendable {
    private let queue = DispatchQueue(label: "pokedex.storage", qos: .userInitiated, attributes: .concurrent)

    /// Runs `body` there without waiting for it.
    func async(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }

    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
