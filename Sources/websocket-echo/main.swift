import CommandLineOptions
import Foundation
import Logging
import WebSocketServer

// websocket-echo [--port N]: echoes every text and binary message on ws://127.0.0.1:N/ws, for
// protocol conformance runs (scripts/conformance). No Pokédex logic.
struct EchoHandler: WebSocketHandler {
    func connectionOpened(_ connection: Connection) {}
    func connection(_ connection: Connection, didReceiveText text: [UInt8]) { connection.send(text) }
    func connection(_ connection: Connection, didReceiveBinary data: [UInt8]) { connection.send(binary: data) }
    func connectionClosed(_ connection: Connection, code: UInt16) {}
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("websocket-echo: \(message)\n".utf8))
    exit(2)
}

let parser = OptionParser<ServerConfiguration>(command: "websocket-echo", summary: "echo websocket messages, for conformance runs", options: [
    .integer("--port", in: 0...65535, help: "the port to listen on (0 picks a free one)") { $0.port = $1 },
])
var configuration = parser.parseOrExit(into: ServerConfiguration())
// Autobahn's largest messages are 16 MiB (cases 9.*); an echo queues about one at a time.
configuration.maxMessageBytes = 20 << 20
configuration.outboundQueueCapBytes = 64 << 20
// Connection lines would drown the run's log: only errors matter here.
configuration.logger = Logger(minimumLevel: .warning)

let server = WebSocketServer(configuration: configuration, handler: EchoHandler())
do {
    try server.start()
} catch {
    fail("\(error)")
}
FileHandle.standardError.write(Data("websocket-echo listening on ws://\(configuration.host):\(server.port)/ws\n".utf8))
// Serves until killed: an echo has nothing to drain.
dispatchMain()
