/// A frame from the browser (docs/PROTOCOL.md, "Client → server").
public enum ClientMessage: Equatable, Sendable {
    case hello(Hello)
    /// `key`: a string the client made unique for an intent it may send again (after a
    /// reconnect, a reload): the server applies a key once per user and acknowledges it again.
    case action(ref: Int?, action: JSONValue, key: String? = nil)

    public struct Hello: Equatable, Sendable {
        public var version: Int
        public var token: String?
        public var resume: Resume?
        public var route: String?
        /// With an unknown token: make a new user instead of refusing.
        public var newUser: Bool
        /// The id the browser would like a new session to have: the one it puts in the
        /// websocket URL (`?session=`) from its first connection on, so a load balancer that
        /// routes by it keeps the tab on one process. Used when no session has it.
        public var session: String?
        /// The browser's language (`es`, `en-GB`, …: from `navigator.languages`, or the one
        /// the user picked), for a new session; a resumed session keeps its own.
        public var locale: String?
        /// A sign-in code from another device: the hello is that code's user, with a new
        /// token of this browser's own (`token` is then ignored).
        public var signIn: String?

        public init(
            version: Int = ClientMessage.protocolVersion, token: String? = nil, resume: Resume? = nil,
            route: String? = nil, newUser: Bool = false, session: String? = nil, locale: String? = nil,
            signIn: String? = nil
        ) {
            self.signIn = signIn
            self.locale = locale
            self.version = version
            self.token = token
            self.resume = resume
            self.route = route
            self.newUser = newUser
            self.session = session
        }

        /// Session ids are 16 to 64 lowercase hex digits.
        public static func isSessionID(_ text: String) -> Bool {
            (16...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }

    public struct Resume: Equatable, Sendable {
        public var session: String
        public var seq: Int

        public init(session: String, seq: Int) {
            self.session = session
            self.seq = seq
        }
    }

    /// The only protocol version this server speaks.
    public static let protocolVersion = 1

    /// Bytes of a hello's `token` or `resume.session` (the server's are 64 and 32): each is
    /// hashed or looked up before anything else, so a longer one is refused unread.
    public static let maxCredentialBytes = 128

    /// A key's bounds: 1 to 64 letters, digits, `-` or `_`.
    public static let maxKeyLength = 64

    public static func isKey(_ text: String) -> Bool {
        (1...maxKeyLength).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F }
    }

    /// Parses a text frame's bytes, refusing it with the protocol's error codes: `bad_json` for
    /// malformed JSON or a non-object, `bad_message` for a bad envelope, `version` for another version.
    public static func parse(_ frame: [UInt8]) throws(ProtocolError) -> ClientMessage {
        try parse(frame.span)
    }

    /// `parse` of a frame where it lies (the transport's receive buffer): read once, not copied.
    public static func parse(_ frame: Span<UInt8>) throws(ProtocolError) -> ClientMessage {
        let json = try JSONValue.parsing(frame: frame)
        guard let object = json.objectValue else { throw ProtocolError(.badJSON, "A message must be a JSON object.") }
        guard let type = object["type"]?.stringValue else {
            throw ProtocolError(.badMessage, "A message needs a string 'type'.")
        }
        switch type {
        case "hello": return .hello(try parseHello(object))
        case "action": return try parseAction(object)
        default: throw ProtocolError(.badMessage, "Unknown message type '\(type)'.")
        }
    }

    private static func parseHello(_ object: JSONObject) throws(ProtocolError) -> Hello {
        let fields = envelopeFields(object, type: "hello", ref: nil)
        let version = try fields.required("version", "an integer", \.intValue)
        guard version == protocolVersion else {
            throw ProtocolError(.version, "Unsupported protocol version \(version); this server speaks \(protocolVersion).")
        }
        let resume = try fields.optional("resume", "an object", \.objectValue).map { (object) throws(ProtocolError) in
            let resumeFields = FieldReader(object: object) { ProtocolError(.badMessage, "In 'hello' resume, \($0).") }
            return Resume(session: try resumeFields.required("session", "a string of at most \(maxCredentialBytes) bytes", Self.credential),
                          seq: try resumeFields.required("seq", "a non-negative integer") { $0.intValue.flatMap { $0 >= 0 ? $0 : nil } })
        }
        return Hello(version: version,
                     token: try fields.optional("token", "a string of at most \(maxCredentialBytes) bytes", Self.credential),
                     resume: resume,
                     route: try fields.optional("route", "a string", \.stringValue),
                     newUser: try fields.optional("newUser", "a boolean", \.boolValue) ?? false,
                     session: try fields.optional("session", "a session id (16 to 64 hex digits)") { $0.stringValue.flatMap { Hello.isSessionID($0) ? $0 : nil } },
                     locale: try fields.optional("locale", "a language tag of at most 35 bytes") { $0.stringValue.flatMap { $0.utf8.count <= 35 ? $0 : nil } },
                     signIn: try fields.optional("signIn", "a string of at most \(maxCredentialBytes) bytes", Self.credential))
    }

    private static func credential(_ value: JSONValue) -> String? {
        value.stringValue.flatMap { $0.utf8.count <= maxCredentialBytes ? $0 : nil }
    }

    /// Every browser action comes this way: its well-formed envelope is read in place, and the
    /// field readers (a closure's context each, made and freed per frame) only say what is wrong.
    private static func parseAction(_ object: JSONObject) throws(ProtocolError) -> ClientMessage {
        let ref: Int?
        switch object["ref"] {
        case nil, .null?: ref = nil
        case let .int(value)?: ref = value
        default: ref = try envelopeFields(object, type: "action", ref: nil).optional("ref", "an integer", \.intValue)
        }
        let action: JSONObject
        if case let .object(found)? = object["action"] {
            action = found
        } else {
            action = try envelopeFields(object, type: "action", ref: ref).required("action", "an object", \.objectValue)
        }
        let key: String?
        switch object["key"] {
        case nil, .null?: key = nil
        case let .string(text)? where isKey(text): key = text
        default: key = try envelopeFields(object, type: "action", ref: ref).optional("key", "1 to \(maxKeyLength) letters, digits, '-' or '_'") { $0.stringValue.flatMap { isKey($0) ? $0 : nil } }
        }
        return .action(ref: ref, action: .object(action), key: key)
    }

    private static func envelopeFields(_ object: JSONObject, type: String, ref: Int?) -> FieldReader {
        FieldReader(object: object) { ProtocolError(.badMessage, "In '\(type)', \($0).", ref: ref) }
    }
}
