/// A recording that cannot be read back: which line, and what was wrong with it.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
