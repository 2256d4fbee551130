// Literal conformances and small builders so state projections read like the JSON they make:
// `["id": 25, "name": "pikachu", "types": ["electric"], "error": JSONValue(error)]`.

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(uniqueKeysWithValues: elements))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(uniqueKeysWithValues: elements)
    }

    /// Members in the given order; a repeated key is a programming error (checked in debug
    /// builds: projections build thousands of objects a second, and a lookup per key was a
    /// fifth of a fan-out's server time).
    public init(uniqueKeysWithValues elements: some Sequence<(String, JSONValue)>) {
        self.init(members: elements.map { Member(key: $0.0, value: $0.1) })
    }
}

extension JSONValue {
    /// `.string`, or `.null` for nil.
    public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
    /// `.int`, or `.null` for nil.
    public init(_ value: Int?) { self = value.map(JSONValue.int) ?? .null }
    /// `.bool`, or `.null` for nil.
    public init(_ value: Bool?) { self = value.map(JSONValue.bool) ?? .null }

    /// A member of an object (nil for a missing key or a non-object); setting on a
    /// non-object makes it an object.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set {
            var object = objectValue ?? JSONObject()
            self = .null  // release our reference so the object is mutated in place
            object[key] = newValue
            self = .object(object)
        }
    }

    /// An element of an array (nil when out of range or not an array).
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    public var isNull: Bool { if case .null = self { true } else { false } }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var intValue: Int? { if case .int(let value) = self { value } else { nil } }
    public var doubleValue: Double? { if case .double(let value) = self { value } else { nil } }
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
}
