import Foundation

/// A throwaway PostgreSQL cluster run by `scripts/postgres` in a directory of its own.
public struct TestCluster: Sendable {
    public let directory: URL
    /// `postgresql://postgres@127.0.0.1:PORT/pokedex`
    public let url: String

    /// `scripts/postgres`, found from this file's place in the repository.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/postgres")

    /// Creates and starts a cluster in a new directory. Throws, with the script's own words,
    /// when PostgreSQL is not installed (scripts/setup installs it) or will not start.
    public static func start() throws -> TestCluster {
        // Directly under the temp folder: as root the script runs the server as `postgres`,
        // who must be able to reach the directory.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("PostgresTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            return TestCluster(directory: directory, url: try start(in: directory))
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Starts the cluster again after `stop`, on the same port.
    public func restart() throws {
        let again = try Self.start(in: directory)
        guard again == url else { throw TestClusterError(message: "restarted on \(again), was \(url)") }
    }

    public func stop() throws {
        _ = try Self.run(["stop", directory.path])
    }

    /// Stops the cluster and deletes its directory.
    public func remove() {
        try? stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func start(in directory: URL) throws -> String {
        let output = try run(["start", directory.path])
        guard let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgresql://") else {
            throw TestClusterError(message: "scripts/postgres start printed no URL: \(output)")
        }
        return url
    }

    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = script
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // A file rather than a second pipe: reading one pipe to its end while the other
        // fills up would deadlock.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-script-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardError = try FileHandle(forWritingTo: errors)
        do {
            try process.run()
        } catch {
            throw TestClusterError(message: "cannot run \(script.path): \(error)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw TestClusterError(
                message: "scripts/postgres \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(stderr)"
            )
        }
        return text
    }
}

public struct TestClusterError: Error, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { "PostgreSQL test server: \(message)" }
}
