import Benchmarks
import Foundation

// `pokedex-bench SUITE…`: runs the named suites and prints one figure per line.
let names = Array(CommandLine.arguments.dropFirst())
if names.isEmpty || names.contains("--help") {
    print("usage: pokedex-bench SUITE...\nsuites:")
    for suite in allSuites { print("  \(suite.name)  \(suite.summary)") }
    exit(names.isEmpty ? 2 : 0)
}
for name in names {
    guard let suite = allSuites.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("unknown suite '\(name)'\n".utf8))
        exit(2)
    }
    for figure in try await suite.run() { print(figure) }
}
