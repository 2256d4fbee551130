import CommandLineOptions
import XCTest

final class OptionParserTests: XCTestCase {
    struct Settings: Sendable, Equatable {
        enum Mode: String, CaseIterable { case fast, safe }
        var port = 80
        var name: String?
        var verbose = false
        var ratio = 1.0
        var mode = Mode.safe
        var tags: [String] = []
        var files: [String] = []
    }

    static let parser = OptionParser<Settings>(
        command: "tool", synopsis: "[options] FILE...",
        sections: [
            .init(nil, [
                .integer("--port", "PORT", in: 1...65535, help: "where to listen") { $0.port = $1 },
                .text("--name", "NAME", help: "what to call it\nsecond line of help") { $0.name = $1 },
                .flag("--verbose", help: "say more") { $0.verbose = true },
            ]),
            .init("Tuning", [
                .decimal("--ratio", "R", in: 0...1, unit: "a ratio", help: "how much") { $0.ratio = $1 },
                .choice("--mode", "MODE", help: "fast or safe") { (settings, mode: Settings.Mode) in settings.mode = mode },
                .text("--tag", "TAG", help: "repeatable") { $0.tags.append($1) },
            ]),
        ],
        footer: "Notes at the end.",
        positional: { settings, file throws(OptionError) in settings.files.append(file) },
        validate: { settings throws(OptionError) in
            if settings.mode == .fast, settings.verbose { throw .invalid("--verbose slows --mode fast down.") }
        }
    )

    func parse(_ arguments: [String]) throws(OptionError) -> Settings {
        try Self.parser.parse(arguments, into: Settings())
    }

    func testOptionsApplyInOrderInBothSpellings() throws {
        let settings = try parse(["--port", "8080", "--name=pika", "a.txt", "--ratio", "0.5", "--mode=fast", "--tag", "x", "--tag=y", "b.txt"])
        XCTAssertEqual(settings, Settings(port: 8080, name: "pika", verbose: false, ratio: 0.5, mode: .fast, tags: ["x", "y"], files: ["a.txt", "b.txt"]))
        XCTAssertEqual(try parse([]), Settings(), "nothing given keeps the defaults")
        XCTAssertEqual(try parse(["--name="]).name, "", "an empty attached value is a value")
    }

    func testEveryRefusalSaysWhy() {
        let cases: [([String], String)] = [
            (["--bogus"], "Unknown option '--bogus'."),
            (["--bogus=1"], "Unknown option '--bogus'."),
            (["--port"], "--port needs a value."),
            (["--port", "http"], "--port takes a whole number in 1…65535, not 'http'."),
            (["--port", "0"], "--port takes a whole number in 1…65535, not '0'."),
            (["--ratio", "2"], "--ratio takes a ratio in 0…1, not '2'."),
            (["--ratio", "nan"], "--ratio takes a ratio in 0…1, not 'nan'."),
            (["--mode", "slow"], "--mode takes one of fast, safe, not 'slow'."),
            (["--verbose=yes"], "--verbose takes no value."),
            (["--mode", "fast", "--verbose"], "--verbose slows --mode fast down."),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { XCTAssertEqual($0 as? OptionError, .invalid(message)) }
        }
        XCTAssertThrowsError(try parse(["--port", "1", "-h"])) { XCTAssertEqual($0 as? OptionError, .help) }
        XCTAssertThrowsError(try parse(["--help"])) { XCTAssertEqual($0 as? OptionError, .help) }
        XCTAssertThrowsError(try parse(["--port", "1", "--version"])) { XCTAssertEqual($0 as? OptionError, .version) }
        XCTAssertThrowsError(try parse(["--help-man"])) { XCTAssertEqual($0 as? OptionError, .manPage) }
    }

    func testTheVersionLineNamesTheCommandAndTheOneVersion() {
        XCTAssertEqual(Self.parser.versionLine, "tool \(BuildInfo.description)")
        XCTAssertTrue(BuildInfo.description.hasPrefix(BuildInfo.version))
        XCTAssertNotNil(BuildInfo.version.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression), "a Debian-sortable version")
        if let commit = BuildInfo.commit {
            XCTAssertEqual(BuildInfo.description, "\(BuildInfo.version) (commit \(commit))")
            XCTAssertNotNil(commit.range(of: "^[0-9a-f]{7,40}$", options: .regularExpression), commit)
        }
    }

    func testTheManPageHoldsEveryDeclarationInEscapedRoff() {
        let page = Self.parser.manPage
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[0].hasPrefix(#".TH "TOOL" 1 "" "Pok\[u00E9]dex Live \#(BuildInfo.version)""#), lines[0])
        XCTAssertEqual(lines.last, "", "ends with a newline")
        for label in [#"\fB\-\-port\fR \fIPORT\fR"#, #"\fB\-\-verbose\fR"#, #"\fB\-\-ratio\fR \fIR\fR"#, #"\fB\-\-help\fR, \fB\-h\fR"#, #"\fB\-\-version\fR"#] {
            XCTAssertEqual(lines.filter { $0 == label }.count, 1, label)
            XCTAssertEqual(lines[lines.firstIndex(of: label)! - 1], ".TP", "\(label) opens a tagged paragraph")
        }
        XCTAssertTrue(lines.contains("what to call it") && lines.contains("second line of help"))
        XCTAssertTrue(lines.contains(#".SS "Tuning""#))
        XCTAssertEqual(Array(lines.suffix(3)), [".SH NOTES", "Notes at the end.", ""])
        XCTAssertTrue(page.unicodeScalars.allSatisfy(\.isASCII), "anything else is escaped")
    }

    func testRoffEscapesWhatWouldBeMarkup() {
        let parser = OptionParser<Settings>(command: "t", summary: "a summary", options: [
            .flag("--x", help: ".starts a request\n'so does this\nback\\slash and 1…2 é") { _ in },
        ])
        let page = parser.manPage
        XCTAssertTrue(page.contains("\nt \\- a summary\n"), page)
        XCTAssertTrue(page.contains("\n\\&.starts a request\n\\&'so does this\nback\\eslash and 1\\[u2026]2 \\[u00E9]\n"), page)
    }

    func testAParserWithoutOptionsStillListsHelpReadably() {
        let bare = OptionParser<[String]>(command: "bench", synopsis: "SUITE...", options: [], positional: { $0.append($1) })
        XCTAssertEqual(bare.usage, "usage: bench SUITE...\n  --help      show this help\n  --version   show the version")
        XCTAssertEqual(try bare.parse(["a", "b"], into: []), ["a", "b"])
    }

    func testPositionalArgumentsAreRefusedWhereNoneAreDeclared() {
        let strict = OptionParser<Settings>(command: "strict", options: [.flag("--verbose", help: "say more") { $0.verbose = true }])
        XCTAssertThrowsError(try strict.parse(["file"], into: Settings())) {
            XCTAssertEqual($0 as? OptionError, .invalid("Unexpected argument 'file'."))
        }
    }

    func testTheHelpListsEveryDeclarationWithItsSection() {
        let usage = Self.parser.usage
        let lines = usage.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "usage: tool [options] FILE...")
        XCTAssertEqual(lines.last, "Notes at the end.")
        for label in ["--port PORT", "--name NAME", "--verbose", "--ratio R", "--mode MODE", "--tag TAG", "--help"] {
            XCTAssertEqual(lines.filter { $0.hasPrefix("  \(label) ") }.count, 1, "\(label) in\n\(usage)")
        }
        XCTAssertTrue(lines.contains("Tuning:"))
        let second = try? XCTUnwrap(lines.first { $0.hasSuffix("second line of help") })
        let first = try? XCTUnwrap(lines.first { $0.hasSuffix("what to call it") })
        XCTAssertEqual(second?.firstIndex { $0 != " " }.map { second!.distance(from: second!.startIndex, to: $0) },
                       first.map { $0.count - "what to call it".count }, "continuation lines align with the first")
    }
}
