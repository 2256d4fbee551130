/// Why a command line was refused, or that help was asked for.
public enum OptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--help` or `-h`: print the usage and exit successfully.
    case help
    /// An unknown option, a missing or malformed value, or options that do not go together.
    case invalid(String)

    public var description: String {
        switch self {
        case .help: "help"
        case let .invalid(message): message
        }
    }
}
