import StateSync
import XCTest

final class ServerMessageTests: XCTestCase {
    func testEncodesExactlyTheProtocolShapes() {
        assertEncodes(.welcome(session: "7f3c", user: nil, token: nil), #"{"type":"welcome","session":"7f3c","user":null}"#)
        assertEncodes(.welcome(session: "s", user: ["id": 1, "name": "Ash"], token: "tok"),
                      #"{"type":"welcome","session":"s","user":{"id":1,"name":"Ash"},"token":"tok"}"#)
        assertEncodes(.snapshot(seq: 0, state: ["favorites": ["25": true]]), #"{"type":"snapshot","seq":0,"state":{"favorites":{"25":true}}}"#)
        assertEncodes(.patch(seq: 1, ops: [.add(path: "/favorites/25", value: true)], ack: 7),
                      #"{"type":"patch","seq":1,"ops":[{"op":"add","path":"/favorites/25","value":true}],"ack":7}"#)
        assertEncodes(.patch(seq: 2, ops: [.remove(path: "/favorites/25")], ack: nil),
                      #"{"type":"patch","seq":2,"ops":[{"op":"remove","path":"/favorites/25"}]}"#)
        assertEncodes(.ack(ref: 3), #"{"type":"ack","ref":3}"#)
        assertEncodes(.error(ref: 9, code: .unknownAction, message: "Unknown action 'list.rowTaped'."),
                      #"{"type":"error","ref":9,"code":"unknown_action","message":"Unknown action 'list.rowTaped'."}"#)
        assertEncodes(ServerMessage(ProtocolError(.badJSON, "Say \"what\"")),
                      #"{"type":"error","ref":null,"code":"bad_json","message":"Say \"what\""}"#)
    }

    func testAPatchFrameWithItsOpsAlreadyEncodedIsThePatchsEncoding() {
        let ops: [PatchOperation] = [.add(path: "/favorites/25", value: true), .replace(path: "/lists/count", value: 3)]
        var writer = JSONWriter()
        writer.write(ops)
        for ack in [nil, 7] {
            XCTAssertEqual(String(decoding: ServerMessage.patchFrame(seq: 12, encodedOperations: writer.bytes, ack: ack), as: UTF8.self),
                           ServerMessage.patch(seq: 12, ops: ops, ack: ack).encodedString())
        }
    }

    func testParsesWhatItEncodes() throws {
        let messages: [ServerMessage] = [
            .welcome(session: "s", user: ["id": 1, "name": "Ash"], token: nil),
            .snapshot(seq: 0, state: ["list": ["pages": [[["id": 1]]]]]),
            .patch(seq: 5, ops: [.replace(path: "/list/status", value: "loaded"), .remove(path: "/x")], ack: nil),
            .ack(ref: 2),
            .error(ref: nil, code: .forbidden, message: "No."),
        ]
        for message in messages { XCTAssertEqual(try ServerMessage.parse(message.encoded()), message) }
    }

    func testParsingRefusesMalformedFrames() {
        XCTAssertThrowsError(try ServerMessage.parse(Array(#"{"type":"patch","seq":1,"ops":[{"op":"copy","path":"/a"}]}"#.utf8))) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .badMessage)
        }
        XCTAssertThrowsError(try ServerMessage.parse(Array(#"{"type":"error","ref":null,"code":"nope","message":""}"#.utf8)))
    }

    private func assertEncodes(_ message: ServerMessage, _ expected: String, line: UInt = #line) {
        XCTAssertEqual(message.encoded(), Array(expected.utf8), line: line)
        XCTAssertEqual(message.encodedString(), expected, line: line)
    }
}
