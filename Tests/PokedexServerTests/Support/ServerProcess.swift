import Foundation
import XCTest

/// The real `pokedex-server` executable, run as a child process on a free loopback port. A
/// server that is not built or does not start is an error that fails the test, never a skip:
/// `swift build --build-tests` builds it, so its absence is a broken build.
final class ServerProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process = Process()
    private(set) var port = 0
    private let output = Pipe()

    /// The binary `swift build` put beside the tests: in the test executable's own directory,
    /// so a build with `--scratch-path` finds its own server, not another build's.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("pokedex-server")
    }

    /// Throws (failing the test) when the executable is not there.
    static func requireExecutable() throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "\(executable.path) is missing: swift build --build-tests builds it")
        }
    }

    init(database: String, arguments: [String] = []) throws {
        try Self.requireExecutable()
        process.executableURL = Self.executable
        process.arguments = ["--port", "0", "--db", database, "--grace", "5"] + arguments
        process.standardError = output
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        port = try readPort()
    }

    /// Reads the server's log until it says where it listens.
    private func readPort() throws -> Int {
        var log = ""
        let marker = "event=server.listening session= user= url=http://127.0.0.1:"
        while true {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw Failure(description: "the server exited before listening:\n\(log)") }
            log += String(decoding: data, as: UTF8.self)
            if let range = log.range(of: marker) {
                let digits = log[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), log[range.upperBound...].dropFirst(digits.count).first?.isNewline == true {
                    return port
                }
            }
        }
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// The scheduling policy of each of its threads (`SCHED_OTHER` 0, `SCHED_FIFO` 1), by
    /// thread id, from `/proc` (the 41st field of a thread's `stat`).
    func threadPolicies() throws -> [Int: Int] {
        let tasks = "/proc/\(process.processIdentifier)/task"
        var policies: [Int: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: tasks) {
            guard let tid = Int(name), let stat = try? String(contentsOfFile: "\(tasks)/\(name)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { continue }
            // Fields from the 3rd on follow the command name in parentheses.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            policies[tid] = fields.count > 38 ? Int(fields[38]) : nil
        }
        return policies
    }

    /// Waits for the process to end and returns its exit status.
    func exitStatus() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
