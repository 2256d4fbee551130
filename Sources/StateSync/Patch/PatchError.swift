/// A patch operation that cannot be applied (or decoded), naming its path.
public struct PatchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(message) (path '\(path)')" }
}
