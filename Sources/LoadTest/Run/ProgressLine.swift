import Foundation

/// Prints how the run is going: one line rewritten in place every second on a terminal,
/// a plain line every five seconds otherwise.
struct ProgressLine {
    private let isTerminal: Bool
    private let task: Task<Void, Never>

    init(recorder: Recorder, isTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        self.isTerminal = isTerminal
        task = Task {
            var last = (actions: 0, at: ContinuousClock.now)
            while true {
                try? await Task.sleep(for: .seconds(isTerminal ? 1 : 5))
                if Task.isCancelled { return }
                let (open, ready, actions, p99, errors) = recorder.read {
                    ($0.open, $0.ready, $0.actionsSent, $0.action.milliseconds(99), $0.errorCount)
                }
                let now = ContinuousClock.now
                let rate = Double(actions - last.actions) / max((now - last.at).seconds, 0.001)
                last = (actions, now)
                let line = "[\(format((now - recorder.startedAt).seconds)) s] open \(open), connected \(ready), "
                    + "\(format(rate)) actions/s, p99 so far \(format(p99)) ms, errors \(errors)"
                Self.write(isTerminal ? "\r\u{1B}[2K" + line : line + "\n")
            }
        }
    }

    func stop() {
        task.cancel()
        if isTerminal { Self.write("\n") }
    }

    private static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
