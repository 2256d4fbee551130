import Foundation

/// The one command-line parser of the project's executables: options are declared once, in
/// sections, and the same declarations parse the arguments and print `--help`.
///
/// `--name VALUE` and `--name=VALUE` are both accepted; `--help` and `-h` ask for the usage.
/// Arguments not starting with `-` go to `positional`, refused when there is none.
public struct OptionParser<Options>: Sendable {
    public struct Section: Sendable {
        public var title: String?
        public var options: [Option<Options>]

        public init(_ title: String? = nil, _ options: [Option<Options>]) {
            self.title = title
            self.options = options
        }
    }

    public let command: String
    /// What follows the command in the usage line: `[options]`, `SUITE...`.
    public let synopsis: String
    public let sections: [Section]
    /// Text after the options (notes, lists of choices).
    public let footer: String?
    private let positional: (@Sendable (inout Options, String) throws(OptionError) -> Void)?
    /// Checks that need every option read (choices that exclude each other).
    private let validate: @Sendable (inout Options) throws(OptionError) -> Void

    public init(
        command: String, synopsis: String = "[options]", sections: [Section], footer: String? = nil,
        positional: (@Sendable (inout Options, String) throws(OptionError) -> Void)? = nil,
        validate: @escaping @Sendable (inout Options) throws(OptionError) -> Void = { _ throws(OptionError) in }
    ) {
        self.command = command
        self.synopsis = synopsis
        self.sections = sections
        self.footer = footer
        self.positional = positional
        self.validate = validate
        let names = sections.flatMap(\.options).map(\.name)
        precondition(Set(names).count == names.count, "\(command) declares an option twice")
    }

    public init(
        command: String, synopsis: String = "[options]", options: [Option<Options>], footer: String? = nil,
        positional: (@Sendable (inout Options, String) throws(OptionError) -> Void)? = nil,
        validate: @escaping @Sendable (inout Options) throws(OptionError) -> Void = { _ throws(OptionError) in }
    ) {
        self.init(command: command, synopsis: synopsis, sections: [Section(nil, options)], footer: footer,
                  positional: positional, validate: validate)
    }

    /// Applies `arguments` to `options` (the defaults) in order.
    public func parse(_ arguments: [String], into options: Options) throws(OptionError) -> Options {
        var options = options
        var rest = arguments[...]
        let declared = Dictionary(uniqueKeysWithValues: sections.flatMap(\.options).map { ($0.name, $0) })
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { throw .help }
            guard argument.hasPrefix("-"), argument != "-" else {
                guard let positional else { throw .invalid("Unexpected argument '\(argument)'.") }
                try positional(&options, argument)
                continue
            }
            let (name, attached) = Self.split(argument)
            guard let option = declared[name] else { throw .invalid("Unknown option '\(name)'.") }
            if option.valueName == nil {
                if attached != nil { throw .invalid("\(name) takes no value.") }
                try option.apply(&options, "")
                continue
            }
            guard let value = attached ?? rest.popFirst() else { throw .invalid("\(name) needs a value.") }
            try option.apply(&options, value)
        }
        try validate(&options)
        return options
    }

    /// Parses the process's arguments; on `--help` prints the usage and exits 0, on a refused
    /// command line prints why and the usage to standard error and exits 2.
    public func parseOrExit(into options: Options, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Options {
        do {
            return try parse(arguments, into: options)
        } catch .help {
            print(usage)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(command): \(error)\n\n\(usage)\n".utf8))
            exit(2)
        }
    }

    /// `--help`'s text, generated from the declarations.
    public var usage: String {
        var lines = ["usage: \(command) \(synopsis)"]
        let all = sections.flatMap(\.options)
        let width = min(28, max("--help".count, all.map { Self.label($0).count }.max() ?? 0) + 2)
        for section in sections {
            if let title = section.title { lines.append("\(title):") }
            for option in section.options {
                let label = "  " + Self.label(option)
                let helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
                let indent = String(repeating: " ", count: width + 3)
                if label.count > width + 1 {
                    lines.append(label)
                    lines += helpLines.map { indent + $0 }
                } else {
                    lines.append(pad(label, to: width + 3) + (helpLines.first ?? ""))
                    lines += helpLines.dropFirst().map { indent + $0 }
                }
            }
        }
        lines.append(pad("  --help", to: width + 3) + "show this help")
        if let footer { lines.append(footer) }
        return lines.joined(separator: "\n")
    }

    private static func label(_ option: Option<Options>) -> String {
        option.valueName.map { "\(option.name) \($0)" } ?? option.name
    }

    /// `--name=value` into its name and value; `--name` alone has none.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

private func pad(_ text: String, to length: Int) -> String {
    text + String(repeating: " ", count: max(0, length - text.count))
}
