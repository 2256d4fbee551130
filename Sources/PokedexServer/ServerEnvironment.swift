import Foundation

/// What a server is built from: its storage, its data sources, its clock and where it logs.
/// `live(_:)` opens what the options name; a test builds the server around its own (a
/// hand-stepped clock) and drives it in process (`InProcessServer`).
struct ServerEnvironment: Sendable {
    var backend: StorageBackend
    var sources: DataSources
    var clock: ServerClock = .continuous
    var log: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

    static func live(_ options: ServerOptions, clock: ServerClock = .continuous) throws -> ServerEnvironment {
        let backend = try StorageBackend.open(options)
        return ServerEnvironment(backend: backend, sources: try DataSources(options: options, database: backend.local), clock: clock)
    }
}
