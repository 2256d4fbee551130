import Foundation
import XCTest
@testable import WebSocketServer

/// Debian's python3-websockets as a client we did not write.
final class IndependentClientTests: XCTestCase {
    func testPythonWebsocketsClientEchoesAndSeesTheCloseCode() async throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw XCTSkip("no \(python)") }
        let (server, _) = try startServer { $0.maxMessageBytes = 1000 }
        let script = """
        import asyncio, sys, websockets
        async def main():
            async with websockets.connect(sys.argv[1], origin=sys.argv[2], max_size=None) as ws:
                await ws.send("héllo")
                print(await ws.recv())
                await ws.send("x" * 2000)
                try:
                    await ws.recv()
                except websockets.exceptions.ConnectionClosed as closed:
                    print(closed.rcvd.code)
        asyncio.run(main())
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, "ws://127.0.0.1:\(server.port)/ws", "http://localhost:\(server.port)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("python3-websockets unavailable or failed") }
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "héllo\n1009\n")
    }
}
