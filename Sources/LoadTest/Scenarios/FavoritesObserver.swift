import StateSync
import Synchronization
import WireContract

/// What the sessions of the favorites scenario hear. A session whose active list is the shared
/// one leaves the Favorites view at once (that view lists members, so every join would patch
/// everyone in it); every applied patch goes on to the fan-out tracker.
final class FavoritesObserver: SessionObserver {
    let tracker: FanoutTracker
    private let sharedListID = Mutex<String?>(nil)
    private let leftView = Mutex<Set<Int>>([])

    init(tracker: FanoutTracker) {
        self.tracker = tracker
    }

    /// From now on, sessions that joined `listID` leave the Favorites view.
    func expect(listID: String) {
        sharedListID.withLock { $0 = listID }
    }

    func sessionIsReady(_ session: SimulatedSession) {
        if let state = session.state { leaveViewIfJoined(session, state) }
    }

    func session(_ session: SimulatedSession, applied ops: [PatchOperation], state: JSONValue) {
        tracker.session(session, applied: ops, state: state)
        // Looked up only after a patch that may have opened the view: a star's patch, nearly
        // every patch here, cannot (the lookups were ~4% of the tester's fan-out profile).
        if ops.contains(where: Self.mayOpenTheView) { leaveViewIfJoined(session, state) }
    }

    /// Whether `op` may change which list is active or what is presented.
    static func mayOpenTheView(_ op: PatchOperation) -> Bool {
        let path = op.path.utf8
        return path.isEmpty || path.starts(with: "/lists".utf8) || path.starts(with: "/destination".utf8)
    }

    func leaveViewIfJoined(_ session: SimulatedSession, _ state: JSONValue) {
        guard let listID = sharedListID.withLock({ $0 }), Self.hasJoined(state, listID: listID),
              state["destination"]?["favorites"] != nil,
              leftView.withLock({ $0.insert(session.index).inserted }) else { return }
        session.send(ActionTable.action("destination.dismiss"))
    }

    static func hasJoined(_ state: JSONValue, listID: String) -> Bool {
        state["lists"]?["active"] == .string(listID)
    }
}
