/// Why a command line was refused, or that help was asked for.
public enum OptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--help` or `-h`: print the usage and exit successfully.
    case help
    /// `--version`: print the command's name and `BuildInfo.description`, and exit successfully.
    case version
    /// `--help-man`: print the man page (`OptionParser.manPage`) and exit successfully.
    case manPage
    /// An unknown option, a missing or malformed value, or options that do not go together.
    case invalid(String)

    public var description: String {
        switch self {
        case .help: "help"
        case .version: "version"
        case .manPage: "man page"
        case let .invalid(message): message
        }
    }
}
