import Foundation

/// The dependencies an effect or reducer sees. Stored in a task-local, captured by each Store
/// when it is created and re-installed around every reduce and every effect it starts.
///
/// One reference to a table (`DependencyTable`), copied on write: reading the task-local
/// (every `@Dependency` read) copies that reference alone, where the values held inline copied
/// and retained each of their parts (the table, the overrides, the dismiss) on every read.
public struct DependencyValues: Sendable {
    @TaskLocal public static var current = DependencyValues()

    @usableFromInline var table: DependencyTable

    public init() { table = DependencyTable() }

    public var context: DependencyContext {
        get { table.context }
        set { uniqueTable().context = newValue }
    }

    /// `dismiss` as set for a presented child's effects (`Effect.map(_:dismissingWith:)`).
    var presentedDismiss: DismissEffect? {
        get { table.presentedDismiss }
        set { uniqueTable().presentedDismiss = newValue }
    }

    /// The table, copied first if another value shares it.
    @usableFromInline mutating func uniqueTable() -> DependencyTable {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        return table
    }

    /// Inlinable, so a client's key path getter reads its own value type's box directly.
    @inlinable
    public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
        get { table.value(for: key) }
        set { uniqueTable().set(TypedDependencyBox(newValue), for: ObjectIdentifier(key)) }
    }

    /// These values with every one in the table copies share: the base of many copies that
    /// each set a few values of their own (every session's Store, over the server's data
    /// source and clock), whose own then go to their `overrides`.
    public func sharedBase() -> DependencyValues {
        var base = self
        let table = base.uniqueTable()
        for (key, box) in table.overrides { table.storage[key] = box }
        table.overrides = []
        return base
    }
}

/// The values of one `DependencyValues`, shared by its copies and copied before a write to a
/// shared one (`DependencyValues.uniqueTable`), so a table is never changed while it is read:
/// only a value's own writes change it, and only when no other value holds it.
@usableFromInline
final class DependencyTable: @unchecked Sendable {
    /// Each value in a box of its key's value type: a read is then an unchecked downcast of
    /// a class reference, not a dynamic cast out of an existential (reducers read a client
    /// on nearly every action). Only the subscript writes entries, so a key's box always
    /// holds `Key.Value`.
    @exclusivity(unchecked) @usableFromInline var storage: [ObjectIdentifier: DependencyBox] = [:]
    /// The first few values set on these dependencies, searched in order before `storage`: a
    /// copy of shared dependencies given a few values of its own (a session's Store, its own
    /// clients over the server's) then shares `storage`, where setting an entry there copied
    /// the whole table for each copy.
    @exclusivity(unchecked) @usableFromInline var overrides: [(key: ObjectIdentifier, box: DependencyBox)] = []
    @exclusivity(unchecked) @usableFromInline var context: DependencyContext = .live
    /// A field of its own, as every effect of a presented child sets it (`Effect.map(_:dismissingWith:)`).
    @exclusivity(unchecked) var presentedDismiss: DismissEffect?

    init() {}

    func copy() -> DependencyTable {
        let copy = DependencyTable()
        copy.storage = storage
        copy.overrides = overrides
        copy.context = context
        copy.presentedDismiss = presentedDismiss
        return copy
    }

    /// Looked up in place: nothing of the table is copied.
    @inlinable
    func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
        let id = ObjectIdentifier(key)
        for index in overrides.indices where overrides[index].key == id {
            return unsafeDowncast(overrides[index].box, to: TypedDependencyBox<Key.Value>.self).value
        }
        if let box = storage[id] { return unsafeDowncast(box, to: TypedDependencyBox<Key.Value>.self).value }
        return Self.defaultValue(for: key, context: context)
    }

    @usableFromInline
    func set(_ box: DependencyBox, for id: ObjectIdentifier) {
        if let index = overrides.firstIndex(where: { $0.key == id }) {
            overrides[index].box = box
        } else if overrides.count < Self.overrideLimit {
            overrides.append((id, box))
        } else {
            storage[id] = box
        }
    }

    /// How many values `overrides` holds; later ones are set in `storage`.
    static var overrideLimit: Int { 4 }

    @usableFromInline
    static func defaultValue<Key: TestDependencyKey>(
        for key: Key.Type, context: DependencyContext
    ) -> Key.Value {
        switch context {
        case .test:
            return Key.testValue
        case .live:
            if let live = key as? any DependencyKey.Type, let value = live.anyLiveValue as? Key.Value {
                return value
            }
            fatalError("\(Key.self) has no live value: conform it to DependencyKey or override it with withDependencies.")
        }
    }
}

/// A stored dependency value (`DependencyValues.storage`), of the type its subclass names.
@usableFromInline
class DependencyBox: @unchecked Sendable {
    @usableFromInline init() {}
}

@usableFromInline
final class TypedDependencyBox<Value: Sendable>: DependencyBox, @unchecked Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

extension DependencyKey {
    fileprivate static var anyLiveValue: any Sendable { liveValue }
}

/// Runs `operation` with the current dependencies changed by `update`.
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Async variant of `withDependencies(_:operation:)`.
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R
) async rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try await DependencyValues.$current.withValue(values, operation: operation)
}

/// Reads one dependency from the current task's values: `@Dependency(\.uuid) var uuid`, or by
/// its key's type, `@Dependency(PokemonClient.self) var pokemonClient`.
///
/// The key's type is the form for a value read on nearly every action (the clients a reducer
/// fetches through): it reads the key's box directly, where a key path is a call into the
/// key-path runtime (`swift_getAtKeyPath`, its projection and its generic metadata), which
/// was about a twentieth of a browse action's processing. Both forms read the same value.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    /// Made where the wrapper is declared (inlinable inits), so it is specialized to `Value`.
    @usableFromInline let read: @Sendable (DependencyValues) -> Value

    @inlinable
    public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
        self.read = { $0[keyPath: keyPath] }
    }

    @inlinable
    public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
        self.read = { $0[key] }
    }

    /// Inlinable, so the read is specialized to the client's type: unspecialized, each read (a
    /// reducer reads a client on nearly every action) looked up generic metadata.
    @inlinable
    public var wrappedValue: Value {
        read(DependencyValues.current)
    }
}
