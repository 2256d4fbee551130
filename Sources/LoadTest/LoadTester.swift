import Foundation
import WebSocketServer

/// The load tester's entry points: `run` measures, `runAndReport` is the command.
public enum LoadTester {
    /// Runs the scenario against the server and returns what it measured.
    public static func run(_ options: LoadOptions, showProgress: Bool = false) async throws -> Report {
        let run = try LoadRun(options: options)
        let progress = showProgress ? ProgressLine(recorder: run.recorder) : nil
        let outcome: ScenarioOutcome
        do {
            outcome = try await options.scenario.scenario.run(run)
        } catch {
            outcome = ScenarioOutcome(failure: "\(error)")
        }
        progress?.stop()
        run.shutdown()
        return Report(options: options, tallies: run.recorder.snapshot, outcome: outcome, elapsed: .now - run.recorder.startedAt)
    }

    /// Runs, prints the report, writes `--json` and `--html`; returns the exit status
    /// (1 when the run failed, errors passed `--max-errors` or convergence failed).
    public static func runAndReport(_ options: LoadOptions) async -> Int32 {
        let report: Report
        do {
            // Before the run starts its threads, so that they inherit the policy.
            if options.realtime { try RealtimeScheduling.enableForProcess() }
            report = try await run(options, showProgress: true)
        } catch {
            FileHandle.standardError.write(Data("pokedex-loadtest: \(error)\n".utf8))
            return 1
        }
        print(report.text)
        do {
            if let path = options.jsonPath { try report.jsonData().write(to: URL(fileURLWithPath: path)) }
            if let path = options.htmlPath { try Data(report.html.utf8).write(to: URL(fileURLWithPath: path)) }
        } catch {
            FileHandle.standardError.write(Data("pokedex-loadtest: could not write the report: \(error)\n".utf8))
            return 1
        }
        return report.passed ? 0 : 1
    }
}
