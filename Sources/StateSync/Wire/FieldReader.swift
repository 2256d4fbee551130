/// Typed reads of an object's fields that tell missing, null and ill-typed apart; every failure
/// becomes the `ProtocolError` that `failure` makes from a sentence such as "field 'id' must be an integer".
/// A field's `kind` is only built for a refusal: many are interpolated, and every action frame
/// reads its fields here.
struct FieldReader {
    let object: JSONObject
    let failure: (String) -> ProtocolError

    /// A field that must be present and of the kind `extract` accepts.
    func required<Value>(_ name: String, _ kind: @autoclosure () -> String, _ extract: (JSONValue) -> Value?) throws(ProtocolError) -> Value {
        guard let value = object[name] else { throw failure("field '\(name)' is missing") }
        guard let typed = extract(value) else { throw failure("field '\(name)' must be \(kind())") }
        return typed
    }

    /// A field that must be present; `null` reads as nil.
    func nullable<Value>(_ name: String, _ kind: @autoclosure () -> String, _ extract: (JSONValue) -> Value?) throws(ProtocolError) -> Value? {
        guard let value = object[name] else { throw failure("field '\(name)' is missing") }
        return try typedOrNull(name, value, kind(), extract)
    }

    /// A field that may be absent; absent and `null` both read as nil.
    func optional<Value>(_ name: String, _ kind: @autoclosure () -> String, _ extract: (JSONValue) -> Value?) throws(ProtocolError) -> Value? {
        guard let value = object[name] else { return nil }
        return try typedOrNull(name, value, kind(), extract)
    }

    private func typedOrNull<Value>(_ name: String, _ value: JSONValue, _ kind: @autoclosure () -> String, _ extract: (JSONValue) -> Value?) throws(ProtocolError) -> Value? {
        if value.isNull { return nil }
        guard let typed = extract(value) else { throw failure("field '\(name)' must be \(kind()) or null") }
        return typed
    }
}
