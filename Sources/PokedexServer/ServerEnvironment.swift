import Logging

/// What a server is built from: its storage, its data sources, its clock and its log.
/// `live(_:)` opens what the options name; a test builds the server around its own (a
/// hand-stepped clock, a log it reads) and drives it in process (`InProcessServer`).
struct ServerEnvironment: Sendable {
    var backend: StorageBackend
    var sources: DataSources
    var clock: ServerClock = .continuous
    var log: Logger

    static func live(_ options: ServerOptions, clock: ServerClock = .continuous, logger: Logger? = nil) throws -> ServerEnvironment {
        let backend = try StorageBackend.open(options)
        return ServerEnvironment(
            backend: backend, sources: try DataSources(options: options, database: backend.local), clock: clock,
            log: logger ?? Logger(format: options.logFormat)
        )
    }
}
