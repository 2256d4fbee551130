import Foundation
import XCTest
@testable import WebSocketServer

/// Debian's python3-websockets as a client we did not write (scripts/setup installs it): a
/// missing or failing client fails the test, it is not skipped.
final class IndependentClientTests: XCTestCase {
    func testPythonWebsocketsClientEchoesAndSeesTheCloseCode() async throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return XCTFail("no \(python): scripts/setup installs it") }
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
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return XCTFail("the python3-websockets client exited with \(process.terminationStatus):\n\(complaint)")
        }
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "héllo\n1009\n")
    }
}
