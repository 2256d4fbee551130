/// Connections waiting to be started, so that at most `limit` are being made at once.
///
/// Each connection being made has lws timeouts in lws's one sorted timer list, and every
/// insert walks the timers already there: thousands of simultaneous connects made the client's
/// service thread spend most of its time in that walk. Service-thread state.
struct ConnectWindow {
    static let limit = 256

    private var waiting: [ClientConnection] = []
    /// Index of the oldest waiting connection; started ones are compacted away in batches.
    private var head = 0
    /// Started and not yet open or failed.
    private(set) var inFlight = 0

    mutating func enqueue(_ connection: ClientConnection) {
        waiting.append(connection)
    }

    /// The next connection to start, if the window has room; counted as in flight.
    mutating func next() -> ClientConnection? {
        guard inFlight < Self.limit, head < waiting.count else { return nil }
        let connection = waiting[head]
        head += 1
        if head > 1024 && head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        inFlight += 1
        return connection
    }

    /// A started connection opened or failed.
    mutating func settled() {
        inFlight -= 1
    }

    /// Every connection still waiting (the client is stopping).
    mutating func removeWaiting() -> ArraySlice<ClientConnection> {
        defer {
            waiting = []
            head = 0
        }
        return waiting[head...]
    }
}
