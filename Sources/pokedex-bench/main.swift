import Benchmarks
import CommandLineOptions
import Foundation

// `pokedex-bench SUITE…`: runs the named suites and prints one figure per line.
let parser = OptionParser<[String]>(
    command: "pokedex-bench", summary: "run release-mode benchmark suites", synopsis: "SUITE...", options: [],
    footer: "suites:\n" + allSuites.map { "  \($0.name)  \($0.summary)" }.joined(separator: "\n"),
    positional: { names, name throws(OptionError) in
        guard allSuites.contains(where: { $0.name == name }) else { throw .invalid("Unknown suite '\(name)'.") }
        names.append(name)
    },
    validate: { names throws(OptionError) in
        if names.isEmpty { throw .invalid("Name at least one suite.") }
    }
)
for name in parser.parseOrExit(into: []) {
    guard let suite = allSuites.first(where: { $0.name == name }) else { continue }
    for figure in try await suite.run() { print(figure) }
}
