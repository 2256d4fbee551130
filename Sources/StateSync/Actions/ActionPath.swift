/// One level of an action as the browser sends it: an object with one key naming the case and
/// an object of fields as its value (`{"rowTapped":{"id":25}}`). Server-side decoders walk the
/// reducer tree with `nested()` and read fields with typed readers whose errors name the field.
///
///     let action = try ActionPath(json)            // {"list":{"rowTapped":{"id":25}}}
///     guard action.case == "list" else { throw action.unknownCase() }
///     let list = try action.nested()               // case "rowTapped", payload {"id":25}
///     let id = try list.int("id")                  // 25
public struct ActionPath: Sendable {
    /// The dotted name of the levels above this one ("" at the root). A string, not an
    /// array of the names: each level's array was made and freed on every level of every
    /// action frame, where a short path's name is a small string, stored inline.
    private let parentName: String
    /// The case name at this level.
    public let `case`: String
    /// This level's fields (for a parent level: its child's action object).
    public let payload: JSONObject

    /// Reads the root level of an action.
    public init(_ action: JSONValue) throws(ProtocolError) {
        try self.init(action, parentName: "")
    }

    private init(_ action: JSONValue, parentName: String) throws(ProtocolError) {
        guard case .object(let object) = action, object.count == 1 else {
            let place = parentName.isEmpty ? "An action" : "Action '\(parentName)'"
            throw ProtocolError(.badAction, "\(place) must be an object with exactly one key naming its case.")
        }
        let member = object.members[0]
        guard case .object(let payload) = member.value else {
            throw ProtocolError(.badAction, "Action '\(Self.name(member.key, under: parentName))' must hold an object of fields ({} for none).")
        }
        self.parentName = parentName
        self.case = member.key
        self.payload = payload
    }

    /// The dotted path, e.g. `list.rowTapped`.
    public var name: String { Self.name(`case`, under: parentName) }

    private static func name(_ case: String, under parentName: String) -> String {
        parentName.isEmpty ? `case` : parentName + "." + `case`
    }

    /// The payload read as the next level's action (`{"list":{"rowTapped":{…}}}` → `rowTapped`).
    public func nested() throws(ProtocolError) -> ActionPath {
        try ActionPath(.object(payload), parentName: name)
    }

    /// A field holding a nested action, e.g. `action` in `{"element":{"id":0,"action":{…}}}`.
    public func nested(_ field: String) throws(ProtocolError) -> ActionPath {
        try ActionPath(fields.required(field, "an action object") { $0 }, parentName: name)
    }

    /// The error to throw when this level's case is not one the decoder knows.
    public func unknownCase() -> ProtocolError {
        ProtocolError(.unknownAction, "Unknown action '\(name)'.")
    }

    public func contains(_ field: String) -> Bool { payload[field] != nil }

    public func int(_ field: String) throws(ProtocolError) -> Int {
        try fields.required(field, "an integer", \.intValue)
    }

    public func bool(_ field: String) throws(ProtocolError) -> Bool {
        try fields.required(field, "a boolean", \.boolValue)
    }

    public func string(_ field: String) throws(ProtocolError) -> String {
        try fields.required(field, "a string", \.stringValue)
    }

    /// A field that must be present but may be `null` (nil); missing or another kind throws.
    public func optionalString(_ field: String) throws(ProtocolError) -> String? {
        try fields.nullable(field, "a string", \.stringValue)
    }

    // The dotted name is joined only for a refusal: fields are read on every action.
    private var fields: FieldReader {
        FieldReader(object: payload) { [self] in ProtocolError(.badAction, "Action '\(name)': \($0).") }
    }
}
