import Composable
import Foundation
import PokedexFeatures
import PokedexModels

/// Swift source for the values a replay saw, so that an emitted test (`TestEmitter`) states
/// each action's whole change, as an exhaustive `TestStore` test does. Found by reflection, so
/// a new field of a state or model needs nothing here: a feature's state is written field by
/// field (`changes`), a model by its memberwise initializer, an enum by its case. Only the
/// feature states whose initializer takes fewer fields than they hold need a seed
/// (`seed(of:)`), to which their other fields are then set.
enum SwiftSource {
    /// Statements that turn `target` (e.g. `$0`), equal to `before`, into `after`: one
    /// assignment per changed field, into a feature's state field by field.
    static func changes(_ target: String, from before: Any, to after: Any) -> [String] {
        if isEqual(before, after) { return [] }
        let mirror = Mirror(reflecting: after)
        if isFeatureState(after), mirror.displayStyle == .struct, type(of: before) == type(of: after) {
            let old = Mirror(reflecting: before)
            var lines: [String] = []
            for (child, oldChild) in zip(mirror.children, old.children) {
                guard let label = child.label else { return ["\(target) = \(expression(after))"] }
                let (name, value, oldValue) = label.hasPrefix("_")
                    ? (String(label.dropFirst()), wrapped(child.value), wrapped(oldChild.value))
                    : (label, child.value, oldChild.value)
                lines += changes("\(target).\(name)", from: oldValue, to: value)
            }
            return lines
        }
        return ["\(target) = \(expression(after))"]
    }

    /// An expression that makes `value`.
    static func expression(_ value: Any) -> String {
        switch value {
        case let text as String: return String(reflecting: text)
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Int: return String(number)
        case let number as Int64: return String(number)
        case let number as Double: return String(number)
        case let date as Date: return "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
        case let id as StackElementID: return "StackElementID(\(id.rawValue))"
        case let shared as any SharedValueSource: return "Shared(\(expression(shared.anyValue)))"
        case let stack as any ElementsSource: return "\(stack.sourceName)([\(stack.anyElements.map(expression).joined(separator: ", "))])"
        case let stack as any StackSource:
            let entries = stack.anyEntries.map { "(id: StackElementID(\($0.id.rawValue)), element: \(expression($0.element)))" }
            return "StackState(entries: [\(entries.joined(separator: ", "))])"
        default: break
        }
        if let seeded = seed(of: value) {
            let lines = changes("value", from: seeded.value, to: value)
            return lines.isEmpty ? seeded.source : "{ var value = \(seeded.source); \(lines.joined(separator: "; ")); return value }()"
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { expression($0.value) } ?? "nil"
        case .collection:
            return "[\(mirror.children.map { expression($0.value) }.joined(separator: ", "))]"
        case .set:
            return "[\(mirror.children.map { expression($0.value) }.sorted().joined(separator: ", "))]"
        case .dictionary:
            let pairs = mirror.children.map { pair -> String in
                let parts = Array(Mirror(reflecting: pair.value).children)
                return "\(expression(parts[0].value)): \(expression(parts[1].value))"
            }
            return pairs.isEmpty ? "[:]" : "[\(pairs.sorted().joined(separator: ", "))]"
        case .enum:
            guard let payload = mirror.children.first, let name = payload.label else { return ".\(String(describing: value))" }
            return ".\(name)(\(arguments(payload.value)))"
        case .struct:
            let fields = mirror.children.map { child in "\(child.label.map { "\($0): " } ?? "")\(expression(child.value))" }
            return "\(typeName(of: value))(\(fields.joined(separator: ", ")))"
        case .tuple:
            return "(\(arguments(value)))"
        default:
            return "/* \(String(reflecting: type(of: value))) cannot be written */ nil"
        }
    }

    /// An enum case's payload as arguments: a tuple's members (with their labels), or one value.
    private static func arguments(_ payload: Any) -> String {
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple else { return expression(payload) }
        return mirror.children.map { child in
            let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
            return "\(label.map { "\($0): " } ?? "")\(expression(child.value))"
        }.joined(separator: ", ")
    }

    /// The state a feature's initializer makes from some of `value`'s fields, and its call.
    static func seed(of value: Any) -> (value: Any, source: String)? {
        switch value {
        case let state as AppFeature.State:
            let seed = AppFeature.State(account: state.account, favorites: state.favorites, locale: state.locale)
            return (seed, "AppFeature.State(account: \(expression(state.account)), favorites: \(expression(state.favorites)), locale: \(expression(state.locale)))")
        case let account as Account:
            let seed = Account(me: account.me, lists: account.lists, activeListID: account.activeListID)
            return (seed, "Account(me: \(expression(account.me)), lists: \(expression(account.lists)), activeListID: \(expression(account.activeListID)))")
        case let list as PokemonListFeature.State:
            let seed = PokemonListFeature.State(favorites: list.favorites, locale: list.locale)
            return (seed, "PokemonListFeature.State(favorites: \(expression(list.favorites)), locale: \(expression(list.locale)))")
        case let detail as PokemonDetailFeature.State:
            let seed = PokemonDetailFeature.State(pokemon: detail.pokemon, favorites: detail.favorites, locale: detail.locale)
            return (seed, "PokemonDetailFeature.State(pokemon: \(expression(detail.pokemon)), favorites: \(expression(detail.favorites)), locale: \(expression(detail.locale)))")
        case let type as PokemonTypeFeature.State:
            return (PokemonTypeFeature.State(type: type.type, locale: type.locale), "PokemonTypeFeature.State(type: \(expression(type.type)), locale: \(expression(type.locale)))")
        case let favorites as FavoritesFeature.State:
            let seed = FavoritesFeature.State(listID: favorites.listID, locale: favorites.locale)
            return (seed, "FavoritesFeature.State(listID: \(expression(favorites.listID)), locale: \(expression(favorites.locale)))")
        default:
            return nil
        }
    }

    /// A feature's own state (its fields are public and settable): written field by field.
    private static func isFeatureState(_ value: Any) -> Bool {
        String(reflecting: type(of: value)).hasPrefix("PokedexFeatures.")
    }

    /// The value a property wrapper holds (`@PresentationState`'s).
    private static func wrapped(_ wrapper: Any) -> Any {
        let mirror = Mirror(reflecting: wrapper)
        return mirror.children.first { $0.label == "value" || $0.label == "wrappedValue" }?.value ?? wrapper
    }

    /// A type's name as source: the module's name dropped (the test imports them all) where
    /// it is a plain one, kept where generic arguments follow.
    private static func typeName(of value: Any) -> String {
        String(reflecting: type(of: value))
    }

    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        guard let lhs = lhs as? any Equatable else { return String(reflecting: lhs) == String(reflecting: rhs) }
        return open(lhs, rhs)
    }

    private static func open<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        (rhs as? T) == lhs
    }
}

/// A `Shared` value, read without knowing its type.
protocol SharedValueSource {
    var anyValue: Any { get }
}

extension Shared: SharedValueSource {
    var anyValue: Any { wrappedValue }
}

/// A collection written as its initializer from an array (`IdentifiedArray`).
protocol ElementsSource {
    var anyElements: [Any] { get }
    var sourceName: String { get }
}

extension StackState: StackSource {
    var anyEntries: [(id: StackElementID, element: Any)] { entries.map { ($0.id, $0.element) } }
}

/// A stack, written with its ids (the actions that address its screens name them).
protocol StackSource {
    var anyEntries: [(id: StackElementID, element: Any)] { get }
}

extension IdentifiedArray: ElementsSource {
    var anyElements: [Any] { elements }
    var sourceName: String { "IdentifiedArray" }
}
