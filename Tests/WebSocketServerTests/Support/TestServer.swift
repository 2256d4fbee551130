import Foundation
import XCTest
@testable import WebSocketServer

/// A server on an ephemeral loopback port with a small static site, stopped by the test's
/// teardown.
extension XCTestCase {
    func startServer(
        handler: RecordingHandler = RecordingHandler(),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> (WebSocketServer, RecordingHandler) {
        (try startServer(serving: handler, configure: configure), handler)
    }

    /// The same with any handler.
    func startServer(
        serving handler: some WebSocketHandler,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> WebSocketServer {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ws-static-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("<!doctype html><title>hi</title>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("export const x = 1;".utf8).write(to: root.appendingPathComponent("app.mjs"))
        try Data("console.log(1);".utf8).write(to: root.appendingPathComponent("app.js"))
        try Data("{}".utf8).write(to: root.appendingPathComponent("site.webmanifest"))
        var configuration = ServerConfiguration()
        configuration.staticRoot = root.path
        configuration.logger = .silent
        configure(&configuration)
        let server = WebSocketServer(configuration: configuration, handler: handler)
        try server.start()
        addTeardownBlock {
            server.shutdown(deadline: .now + .seconds(2))
            try? FileManager.default.removeItem(at: root)
        }
        return server
    }
}
