import StateSync
import WireContract

/// Server frames: each updates the session under its lock; the scenario's observer hears about
/// it afterwards (it may send actions, which take the lock again).
extension SimulatedSession {
    private enum Notice {
        case ready
        case applied([PatchOperation], JSONValue)
    }

    func received(_ frame: [UInt8], generation: Int) {
        let recorder = environment.recorder
        let message: ServerMessage
        do {
            message = try ServerMessage.parse(frame)
        } catch {
            recorder.received(bytes: frame.count, isPatch: false)
            recorder.error("bad_frame", error.description)
            return
        }
        if case .patch = message { recorder.received(bytes: frame.count, isPatch: true) } else {
            recorder.received(bytes: frame.count, isPatch: false)
        }
        let now = ContinuousClock.now
        let notices = machine.withLock { machine -> [Notice] in
            guard machine.generation == generation else { return [] }
            return handle(message, at: now, &machine)
        }
        for notice in notices {
            switch notice {
            case .ready: observer.sessionIsReady(self)
            case let .applied(ops, state): observer.session(self, applied: ops, state: state)
            }
        }
    }

    private func handle(_ message: ServerMessage, at now: ContinuousClock.Instant, _ machine: inout SessionMachine) -> [Notice] {
        let recorder = environment.recorder
        switch message {
        case let .welcome(session, _, token):
            if machine.phase == .connecting {
                machine.sessionID = session
                if let token { machine.token = token }
            } else if session != machine.sessionID {
                recorder.error("resume_refused", "asked to resume \(machine.sessionID ?? "?"), got the new session \(session)")
                fail(&machine)
            } else if machine.phase == .resuming, let connection = machine.connection {
                // Only now: an action sent with the hello can be reduced before the server has
                // attached the new connection, and its ack is then lost.
                let probe = machine.takeRef()
                machine.probeRef = probe
                transmit(.action(ref: probe, action: ActionTable.action("dismissNotice")), on: connection)
            }
            return []
        case let .snapshot(seq, state):
            return snapshot(seq: seq, state: state, at: now, &machine)
        case let .patch(seq, ops, ack, _):
            var notices: [Notice] = []
            do {
                try machine.copy.apply(seq: seq, ops: ops)
                if machine.phase == .ready, let state = machine.copy.state { notices.append(.applied(ops, state)) }
            } catch {
                recorder.error(error.kind, "session \(index): \(error)")
            }
            if let ack { acknowledge(ack, at: now, &machine) }
            return notices
        case let .ack(ref, _):
            acknowledge(ref, at: now, &machine)
            return []
        case let .error(ref, code, message):
            let tappedRow = ref.flatMap { machine.rowTaps.removeValue(forKey: $0) }
            // A tap on a row the copy no longer shows (frames arrive in order, so the copy is
            // the server's list as of this refusal): the tap crossed a list change on its way,
            // as a browser's may, and the server was right to refuse it.
            if code == .badAction, let tappedRow, !ScreenActions.shows(row: tappedRow, machine.copy.state?["list"]) {
                recorder.staleTap()
            } else {
                recorder.error("server_\(code.rawValue)", message)
            }
            if let ref { machine.inFlight[ref] = nil }
            return []
        }
    }

    private func snapshot(seq: Int, state: JSONValue, at now: ContinuousClock.Instant, _ machine: inout SessionMachine) -> [Notice] {
        let recorder = environment.recorder
        switch machine.phase {
        case .connecting:
            machine.copy.replace(seq: seq, state: state)
            machine.phase = .ready
            recorder.connected(after: now - machine.connectStartedAt)
            return [.ready]
        case .resuming:
            machine.copy.replace(seq: seq, state: state)
            machine.resumedBySnapshot = true
        case .verifying:
            if seq != machine.copy.seq {
                recorder.error("verify_seq", "session \(index): the snapshot has seq \(seq), the copy \(machine.copy.seq)")
            } else if state != machine.copy.state {
                recorder.error("state_mismatch", "session \(index): the copy differs from a fresh snapshot")
            } else {
                recorder.verified()
            }
            machine.phase = .verified
            machine.closeExpected = true
            machine.connection?.close()
        default:
            recorder.error("unexpected_snapshot", "session \(index): a snapshot replaced the copy (the server's queue overflowed?)")
            machine.copy.replace(seq: seq, state: state)
        }
        return []
    }

    private func acknowledge(_ ref: Int, at now: ContinuousClock.Instant, _ machine: inout SessionMachine) {
        if ref == machine.probeRef {
            machine.probeRef = nil
            machine.phase = .ready
            environment.recorder.resumed(byPatches: !machine.resumedBySnapshot, at: now)
            return
        }
        machine.rowTaps[ref] = nil
        guard let sentAt = machine.inFlight.removeValue(forKey: ref) else { return }
        machine.lastAnswerAt = now
        environment.recorder.acknowledged(after: now - sentAt, at: now)
    }

    private func fail(_ machine: inout SessionMachine) {
        machine.phase = .failed
        machine.closeExpected = true
        machine.connection?.close()
    }
}
