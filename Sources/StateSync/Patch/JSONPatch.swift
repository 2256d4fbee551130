/// RFC 6902 JSON Patch between two client-visible states: `diff` makes the ops the server sends,
/// `apply` replays them (tests, the load-test client).
public enum JSONPatch {
    /// Operations that turn `old` into `new`; applying them to `old` gives exactly `new`.
    ///
    /// Objects are diffed key by key. Arrays of rows (objects with an `id`) are matched by id, so
    /// removing, inserting or editing a row touches only that row; other arrays are diffed by
    /// position, with growth sent as `add`s at the end. An array whose ops would be larger than
    /// replacing it whole is replaced whole.
    public static func diff(from old: JSONValue, to new: JSONValue) -> [PatchOperation] {
        var differ = Differ()
        differ.diff(old, new)
        return differ.operations
    }

    /// `diff(from: .object(old), to:)` the object with `changes` set, for when only those
    /// members may differ: the others are neither compared nor copied.
    public static func diff(from old: JSONObject, changing changes: [(key: String, value: JSONValue)]) -> [PatchOperation] {
        var differ = Differ()
        differ.diff(old, changing: changes)
        return differ.operations
    }

    /// The same, for an object whose members `previous` gives by key (nil: absent), so a caller
    /// keeping them apart need not put the object together. `changes` in the object's member
    /// order give exactly the operations of the whole object's diff when the members they
    /// leave out are unchanged.
    public static func diff(changing changes: [(key: String, value: JSONValue)], previous: (String) -> JSONValue?) -> [PatchOperation] {
        var differ = Differ()
        if changes.count > 1 { differ.reserveCapacity(changes.count) }
        for (key, value) in changes { differ.diff(member: key, from: previous(key), to: value) }
        return differ.operations
    }

    /// `document` with `operations` applied in order; the first one that fails throws.
    public static func apply(_ operations: [PatchOperation], to document: JSONValue) throws(PatchError) -> JSONValue {
        var result = document
        try apply(operations, to: &result)
        return result
    }

    /// Applies `operations` to `document` in place: when nothing else holds the document, only
    /// the changed members are written, instead of copying every object on the way to them.
    /// After a failure `document` may be partly patched.
    public static func apply(_ operations: [PatchOperation], to document: inout JSONValue) throws(PatchError) {
        for operation in operations { try PatchApplier.apply(operation, to: &document) }
    }
}
