/// A patch operation that cannot be applied (or decoded), naming its path.
public struct PatchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(message) (path '\(path)')" }
}
