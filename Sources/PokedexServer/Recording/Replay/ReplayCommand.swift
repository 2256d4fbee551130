import CommandLineOptions
import Foundation
import PokeAPI
import PokedexFeatures

/// `pokedex-replay FILE [--emit-test NAME]`: replays a recording and says whether this
/// build's reducers still do what the recorded session saw, or writes a test reproducing it.
public struct ReplayOptions: Sendable {
    public var file: String?
    /// `--emit-test NAME`: write `NAMETests.swift` instead of (after) replaying.
    public var testName: String?
    /// Where the emitted test goes (default: the current directory).
    public var output: String?
    /// The CSV catalog the favorites' rows come from, when the recording names one that is
    /// elsewhere on this machine.
    public var catalogCSV: String?

    public init() {}

    static let parser = OptionParser<ReplayOptions>(
        command: "pokedex-replay",
        summary: "replay a session recording (docs/RECORDING.md) offline and report the first difference",
        synopsis: "FILE [--emit-test NAME [--output DIR]] [--catalog-csv DIR]",
        options: [
                .text("--emit-test", "NAME", help: "also write a TestStore test NAMETests.swift reproducing the recording") { options, name throws(OptionError) in
                    guard let first = name.first, first.isLetter, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                        throw .invalid("--emit-test takes a Swift type name (letters, digits, _), not '\(name)'.")
                    }
                    options.testName = name
                },
                .text("--output", "DIR", help: "where --emit-test writes (default: the current directory)") { $0.output = $1 },
                .text("--catalog-csv", "DIR", help: "the PokeAPI CSV dump the recorded server read (default: the recording's)") { $0.catalogCSV = $1 },
        ],
        positional: { options, argument throws(OptionError) in
            guard options.file == nil else { throw .invalid("Name one recording, not '\(argument)' as well.") }
            options.file = argument
        },
        validate: { options throws(OptionError) in
            if options.file == nil { throw .invalid("Name the recording to replay.") }
            if options.output != nil, options.testName == nil { throw .invalid("--output is only read with --emit-test.") }
        }
    )

    public static func parse(_ arguments: [String]) throws(OptionError) -> ReplayOptions {
        try parser.parse(arguments, into: ReplayOptions())
    }

    /// The process's command line; prints the usage and exits on `--help` or a refused one.
    public static func parseOrExit() -> ReplayOptions {
        parser.parseOrExit(into: ReplayOptions())
    }
}

public enum ReplayCommand {
    /// Replays, prints the summary line (and where the test went); returns the exit status:
    /// 0 without differences, 1 with one, 2 when the recording cannot be replayed.
    public static func run(_ options: ReplayOptions) -> Int32 {
        do {
            let recording = try RecordingFile(path: options.file ?? "")
            let catalog = try catalog(options.catalogCSV ?? recording.start.catalogCSV)
            let replayer = Replayer(recording, reducer: AppFeature(), catalog: catalog)
            var emitter = options.testName.map { TestEmitter(name: $0, start: recording.start) }
            let report = try replayer.run { emitter?.step($0) }
            print(report.summary)
            if let emitter, let name = options.testName {
                let directory = options.output ?? FileManager.default.currentDirectoryPath
                let path = (directory as NSString).appendingPathComponent("\(name)Tests.swift")
                try Data(emitter.finish().utf8).write(to: URL(fileURLWithPath: path))
                print("replay: wrote \(path)")
            }
            return report.difference == nil ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("pokedex-replay: \(error)\n".utf8))
            return 2
        }
    }

    static func catalog(_ csvDirectory: String?) throws -> Catalog {
        guard let csvDirectory else { return .embedded }
        do {
            return try Catalog.load(csvDirectory: csvDirectory)
        } catch {
            throw RecordingError("the recording's rows come from the CSV catalog \(csvDirectory), which cannot be read here (--catalog-csv DIR): \(error)")
        }
    }
}
