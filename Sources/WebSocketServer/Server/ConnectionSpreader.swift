import Glibc
import Synchronization

/// Spreads the connections the listening service thread accepts over all service threads:
/// round robin, or, with a threshold, fill then spread (`ConnectionPlacement`, over the
/// threads' `ThreadLoad`s).
///
/// lws 4.1 sets only `SO_REUSEADDR` on its listening socket, so contexts cannot share a port:
/// one context listens, and for every connection another thread takes it hands a duplicate of
/// the descriptor to that thread's context (`lws_adopt_socket_vhost`) and lets lws close its
/// own copy, before lws has made anything of it.
final class ConnectionSpreader: Sendable {
    private struct State {
        /// The mailboxes of the service threads that do not listen.
        var others: [Mailbox<ServerMail>] = []
        var next = 0
    }

    private let state = Mutex(State())
    /// Every thread's load, the listening thread's first; empty for round robin.
    private let loads: [ThreadLoad]
    /// In thousandths of a core.
    private let spreadAbove: Int

    /// Round robin when `spreadAbovePercent` is 0, else fill then spread over `loads`.
    init(loads: [ThreadLoad] = [], spreadAbovePercent: Int = 0) {
        self.loads = spreadAbovePercent > 0 ? loads : []
        spreadAbove = spreadAbovePercent * 10
    }

    func spread(over others: [Mailbox<ServerMail>]) {
        state.withLock { $0.others = others }
    }

    /// Called on the listening thread for a socket it just accepted: true when another thread
    /// takes it (the listening thread then drops its own descriptor).
    func handOff(_ descriptor: Int32) -> Bool {
        let target = state.withLock { state -> Mailbox<ServerMail>? in
            guard !state.others.isEmpty else { return nil }
            let turn: Int
            if loads.isEmpty {
                turn = state.next
                state.next = (turn + 1) % (state.others.count + 1)
            } else {
                turn = ConnectionPlacement.thread(loads: loads.map(\.busyPermille), spreadAbove: spreadAbove)
            }
            return turn == 0 ? nil : state.others[turn - 1]
        }
        guard let target else { return false }
        let copy = dup(descriptor)
        guard copy >= 0 else { return false }
        if target.push(.adopt(copy)) { return true }
        close(copy)
        return false
    }
}
