/// A frame to the browser (docs/PROTOCOL.md, "Server → client"), encoded straight into bytes
/// with `type` first and fields in the order the protocol shows.
public enum ServerMessage: Equatable, Sendable {
    /// `user` is `{id, name}` or nil (written as null); `token` is written only when newly issued.
    case welcome(session: String, user: JSONValue?, token: String?)
    case snapshot(seq: Int, state: JSONValue)
    /// `key`: the acknowledged action's key, when it had one.
    case patch(seq: Int, ops: [PatchOperation], ack: Int?, key: String? = nil)
    case ack(ref: Int, key: String? = nil)
    case error(ref: Int?, code: ProtocolError.Code, message: String)

    /// The `error` frame answering a refused frame or action.
    public init(_ error: ProtocolError) {
        self = .error(ref: error.ref, code: error.code, message: error.message)
    }

    /// The frame's UTF-8 bytes; a patch's values that `encodings` holds are copied from it.
    public func encoded(reusing encodings: EncodedJSONReader? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: encodedCapacityHint)
        switch self {
        case let .welcome(session, user, token):
            writer.raw(#"{"type":"welcome","session":"#)
            writer.write(session)
            writer.raw(#","user":"#)
            writer.write(user ?? .null)
            writer.optional(#","token":"#, token)
        case let .snapshot(seq, state):
            writer.raw(#"{"type":"snapshot","seq":"#)
            writer.write(seq)
            writer.raw(#","state":"#)
            writer.write(state)
        case let .patch(seq, ops, ack, key):
            Self.writePatch(seq: seq, ack: ack, key: key, into: &writer) { $0.write(ops, reusing: encodings) }
        case let .ack(ref, key):
            writer.raw(#"{"type":"ack","ref":"#)
            writer.write(ref)
            writer.optional(#","key":"#, key)
        case let .error(ref, code, message):
            writer.raw(#"{"type":"error","ref":"#)
            writer.write(JSONValue(ref))
            writer.raw(#","code":"#)
            writer.write(code.rawValue)
            writer.raw(#","message":"#)
            writer.write(message)
        }
        writer.raw("}")
        return writer.bytes
    }

    /// The bytes of `.patch(seq:ops:ack:)` when its ops are already encoded
    /// (`PartsPatchMemo.Patch`): a fan-out encodes them once for every session it reaches.
    public static func patchFrame(seq: Int, encodedOperations: [UInt8], ack: Int?, key: String? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: 48 + encodedOperations.count)
        writePatch(seq: seq, ack: ack, key: key, into: &writer) { $0.raw(encodedOperations) }
        writer.raw("}")
        return writer.bytes
    }

    /// `patchFrame(seq:encodedOperations:ack: nil)` but for its seq: the frame's bytes without
    /// it, and the offset at which the seq's digits go. A fan-out's members get the same patch
    /// but each at its own seq, so the frame is made once and each member's seq written into
    /// it only on its way to the socket.
    public static func patchFrameWithoutSeq(encodedOperations: [UInt8]) -> (bytes: [UInt8], seqOffset: Int) {
        var writer = JSONWriter(capacity: 32 + encodedOperations.count)
        let seqOffset = writePatch(seq: nil, ack: nil, key: nil, into: &writer) { $0.raw(encodedOperations) }
        writer.raw("}")
        return (writer.bytes, seqOffset)
    }

    /// A patch frame but its closing brace, the ops written by `writeOperations`; without a
    /// `seq`, its digits are left out. Returns where they go.
    @discardableResult
    private static func writePatch(
        seq: Int?, ack: Int?, key: String?, into writer: inout JSONWriter, _ writeOperations: (inout JSONWriter) -> Void
    ) -> Int {
        writer.raw(#"{"type":"patch","seq":"#)
        let seqOffset = writer.bytes.count
        if let seq { writer.write(seq) }
        writer.raw(#","ops":"#)
        writeOperations(&writer)
        if let ack {
            writer.raw(#","ack":"#)
            writer.write(ack)
            writer.optional(#","key":"#, key)
        }
        return seqOffset
    }

    /// The frame as text (for text-frame APIs and logs).
    public func encodedString(reusing encodings: EncodedJSONReader? = nil) -> String {
        String(decoding: encoded(reusing: encodings), as: UTF8.self)
    }

    private var encodedCapacityHint: Int {
        if case .snapshot = self { 16 * 1024 } else { 256 }
    }
}
