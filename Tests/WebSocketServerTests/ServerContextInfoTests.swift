import XCTest
@testable import WebSocketServer

/// How the server's lws protocol is configured.
final class ServerContextInfoTests: XCTestCase {
    /// lws caps a send at the protocol's `tx_packet_size`, or at its receive buffer when that
    /// is 0: a snapshot of a few KB then went out 1 KB at a time, one trip through the event
    /// loop each. The cap must let a large frame go out whole, while the receive buffer each
    /// connection keeps stays small.
    func testAFrameIsSentWholeWhileTheReceiveBufferStaysSmall() {
        let allocations = CAllocations()  // what `info` points to lives here
        let info = ServerContextInfo.make(ServerConfiguration(), listens: false, allocations: allocations)
        let appProtocol = info.protocols.pointee
        XCTAssertEqual(String(cString: appProtocol.name), ServerContextInfo.protocolName)
        XCTAssertEqual(appProtocol.rx_buffer_size, ServerContextInfo.receiveChunkBytes)
        XCTAssertGreaterThanOrEqual(appProtocol.tx_packet_size, 256 * 1024, "a snapshot or a page of rows leaves in one send")
        withExtendedLifetime(allocations) {}
    }
}
