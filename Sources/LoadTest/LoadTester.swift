import Foundation
import StateSync
import WebSocketServer

/// The load tester's entry points: `run` measures, `runAndReport` is the command.
public enum LoadTester {
    /// Runs the scenario (`file`'s when given, else `options.scenario`) against the server and
    /// returns what it measured.
    public static func run(_ options: LoadOptions, file: ScenarioFile? = nil, showProgress: Bool = false) async throws -> Report {
        let run = try LoadRun(options: options)
        let progress = showProgress ? ProgressLine(recorder: run.recorder) : nil
        let sampler = ServerSampler(options: options, recorder: run.recorder)
        let scenario: any Scenario = file.map { ScriptedScenario(file: $0) } ?? options.scenario.scenario
        let outcome: ScenarioOutcome
        do {
            outcome = try await scenario.run(run)
        } catch {
            outcome = ScenarioOutcome(failure: "\(error)")
        }
        let samples = sampler.stop()
        progress?.stop()
        run.shutdown()
        return Report(options: options, tallies: run.recorder.snapshot, outcome: outcome, elapsed: .now - run.recorder.startedAt,
                      serverSamples: samples, scenarioName: file?.name)
    }

    /// Reads the scenario file and the baseline, runs, prints the report, writes `--json` and
    /// `--html`; returns the exit status: 2 when an input file is unusable, 1 when the run
    /// failed, errors passed `--max-errors`, convergence failed or the run regressed.
    public static func runAndReport(_ options: LoadOptions) async -> Int32 {
        let file: ScenarioFile?
        let baseline: JSONValue?
        do {
            file = try options.scenarioFile.map { path in try ScenarioFile(parsing: try readText(path), file: path) }
            baseline = try options.comparePath.map(readReport)
        } catch {
            FileHandle.standardError.write(Data("pokedex-loadtest: \(error)\n".utf8))
            return 2
        }
        var report: Report
        do {
            // Before the run starts its threads, so that they inherit the policy.
            if options.realtime { try RealtimeScheduling.enableForProcess() }
            report = try await run(options, file: file, showProgress: true)
            if let baseline, let path = options.comparePath {
                report.comparison = Comparison(baseline: baseline, current: try JSONParser.parse([UInt8](report.jsonData())),
                                               baselinePath: path, maxRegressionPercent: options.maxRegressionPercent)
            }
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

    private static func readText(_ path: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw InputError(description: "cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// A baseline: an earlier run's `--json` report.
    private static func readReport(_ path: String) throws -> JSONValue {
        let text = try readText(path)
        do {
            let report = try JSONParser.parse(text)
            guard report["actionToPatch"] != nil else { throw InputError(description: "\(path) is not a pokedex-loadtest --json report") }
            return report
        } catch let error as JSONParseError {
            throw InputError(description: "\(path) is not JSON: \(error)")
        }
    }

    struct InputError: Error, CustomStringConvertible {
        var description: String
    }
}
