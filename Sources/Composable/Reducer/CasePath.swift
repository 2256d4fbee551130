/// A hand-written case path: how to embed a value into one enum case and extract it back.
/// Features declare one `static let` per action case, e.g.
///
///     static let list = CasePath<Action, ListFeature.Action>(Action.list) {
///         if case let .list(action) = $0 { action } else { nil }
///     }
public struct CasePath<Root, Value>: Sendable {
    public let embed: @Sendable (Value) -> Root
    public let extract: @Sendable (Root) -> Value?

    public init(_ embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
        self.embed = embed
        self.extract = extract
    }
}
