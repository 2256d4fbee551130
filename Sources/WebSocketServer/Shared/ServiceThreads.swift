import Foundation

/// Whether the calling thread is one of this process's service threads (an lws loop, client or
/// server), where nothing may block: code that would block (a database read) checks it and
/// defers the work to a thread of its own.
public enum ServiceThreads {
    private static let key = "pokedex.serviceThread"

    public static var isCurrent: Bool {
        Thread.current.threadDictionary[key] != nil
    }

    static func markCurrent() {
        Thread.current.threadDictionary[key] = true
    }
}
