import Foundation

/// The one command-line parser of the project's executables: options are declared once, in
/// sections, and the same declarations parse the arguments and print `--help`.
///
/// `--name VALUE` and `--name=VALUE` are both accepted; `--help` and `-h` ask for the usage,
/// `--version` for the version (`BuildInfo`), and `--help-man` for the man page the same
/// declarations make (`manPage`; scripts/package installs it, so it is not listed in `--help`).
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
    /// One line saying what the command does: the man page's NAME (`pokedex-server - …`).
    public let summary: String
    /// What follows the command in the usage line: `[options]`, `SUITE...`.
    public let synopsis: String
    public let sections: [Section]
    /// Text after the options (notes, lists of choices).
    public let footer: String?
    private let positional: (@Sendable (inout Options, String) throws(OptionError) -> Void)?
    /// Checks that need every option read (choices that exclude each other).
    private let validate: @Sendable (inout Options) throws(OptionError) -> Void

    public init(
        command: String, summary: String = "", synopsis: String = "[options]", sections: [Section], footer: String? = nil,
        positional: (@Sendable (inout Options, String) throws(OptionError) -> Void)? = nil,
        validate: @escaping @Sendable (inout Options) throws(OptionError) -> Void = { _ throws(OptionError) in }
    ) {
        self.command = command
        self.summary = summary
        self.synopsis = synopsis
        self.sections = sections
        self.footer = footer
        self.positional = positional
        self.validate = validate
        let names = sections.flatMap(\.options).map(\.name)
        precondition(Set(names).count == names.count, "\(command) declares an option twice")
    }

    public init(
        command: String, summary: String = "", synopsis: String = "[options]", options: [Option<Options>], footer: String? = nil,
        positional: (@Sendable (inout Options, String) throws(OptionError) -> Void)? = nil,
        validate: @escaping @Sendable (inout Options) throws(OptionError) -> Void = { _ throws(OptionError) in }
    ) {
        self.init(command: command, summary: summary, synopsis: synopsis, sections: [Section(nil, options)], footer: footer,
                  positional: positional, validate: validate)
    }

    /// Applies `arguments` to `options` (the defaults) in order.
    public func parse(_ arguments: [String], into options: Options) throws(OptionError) -> Options {
        var options = options
        var rest = arguments[...]
        let declared = Dictionary(uniqueKeysWithValues: sections.flatMap(\.options).map { ($0.name, $0) })
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { throw .help }
            if argument == "--version" { throw .version }
            if argument == "--help-man" { throw .manPage }
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

    /// Parses the process's arguments; on `--help`, `--version` or `--help-man` prints the usage,
    /// the version or the man page and exits 0, on a refused
    /// command line prints why and the usage to standard error and exits 2.
    public func parseOrExit(into options: Options, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Options {
        do {
            return try parse(arguments, into: options)
        } catch .help {
            print(usage)
            exit(0)
        } catch .version {
            print(versionLine)
            exit(0)
        } catch .manPage {
            print(manPage, terminator: "")
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
        let width = min(28, max("--version".count, all.map { Self.label($0).count }.max() ?? 0) + 2)
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
        lines.append(pad("  --version", to: width + 3) + "show the version")
        if let footer { lines.append(footer) }
        return lines.joined(separator: "\n")
    }

    /// `--version`'s line: `pokedex-server 1.0.0 (commit 5f3a27d4c1e2)`.
    public var versionLine: String { "\(command) \(BuildInfo.description)" }

    /// The man page (roff with the `man` macros), from the same declarations as `usage`: NAME
    /// from `summary`, SYNOPSIS, OPTIONS (one subsection per titled section, then `--help` and
    /// `--version`), and the footer as NOTES. `groff -man -ww` renders it without a warning.
    public var manPage: String {
        var roff = [
            ".TH \(Roff.quoted(command.uppercased())) 1 \"\" \(Roff.quoted("Pok\u{E9}dex Live \(BuildInfo.version)")) \"User Commands\"",
            ".SH NAME",
            Roff.escaped(summary.isEmpty ? command : "\(command) - \(summary)"),
            ".SH SYNOPSIS",
            ".B \(Roff.escaped(command))",
            Roff.escaped(synopsis),
            ".SH OPTIONS",
        ]
        func item(_ label: String, _ help: String) {
            roff.append(".TP")
            roff.append(label)
            roff += help.split(separator: "\n").map { Roff.escaped(String($0)) }
        }
        for section in sections {
            if let title = section.title { roff.append(".SS \(Roff.quoted(title))") }
            for option in section.options {
                let value = option.valueName.map { " \\fI\(Roff.escaped($0))\\fR" } ?? ""
                item("\\fB\(Roff.escaped(option.name))\\fR\(value)", option.help)
            }
        }
        if sections.contains(where: { $0.title != nil }) { roff.append(".SS \"Help\"") }
        item("\\fB\\-\\-help\\fR, \\fB\\-h\\fR", "show the options and exit")
        item("\\fB\\-\\-version\\fR", "show the version (and the git commit it was built from) and exit")
        if let footer {
            // Filled as paragraphs; an indented line (a list under a heading) starts a line of its own.
            roff.append(".SH NOTES")
            roff += footer.split(separator: "\n", omittingEmptySubsequences: false).map { Roff.escaped(String($0)) }
        }
        return roff.joined(separator: "\n") + "\n"
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

/// Text made safe for roff: backslashes and hyphens escaped (an option's `--` stays two ASCII
/// hyphens), a line never starts a request (`.`, `'`), anything outside ASCII as `\[uXXXX]`.
enum Roff {
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// An argument of a request: escaped, in double quotes (a `"` inside is `\(dq`).
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
