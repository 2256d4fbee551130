import CommandLineOptions
import Foundation
import PokeAPI

// `pokedex-catalog check CSV_DIR`: compares the embedded catalog with a PokeAPI CSV dump.
// `pokedex-catalog generate CSV_DIR [COUNT]`: prints the catalog file for the first COUNT (151).
struct CatalogCommand: Sendable {
    enum Verb: String, CaseIterable { case check, generate }
    var verb: Verb?
    var directory: String?
    var count = 151
}

let parser = OptionParser<CatalogCommand>(
    command: "pokedex-catalog", summary: "check or generate the embedded catalog from a PokeAPI CSV dump", synopsis: "check|generate CSV_DIR [COUNT]", options: [],
    positional: { command, argument throws(OptionError) in
        if command.verb == nil {
            guard let verb = CatalogCommand.Verb(rawValue: argument) else { throw .invalid("The command is check or generate, not '\(argument)'.") }
            command.verb = verb
        } else if command.directory == nil {
            command.directory = argument
        } else if command.verb == .generate, let count = Int(argument), count > 0 {
            command.count = count
        } else {
            throw .invalid("Unexpected argument '\(argument)'.")
        }
    },
    validate: { command throws(OptionError) in
        if command.directory == nil { throw .invalid("Name the CSV directory.") }
    }
)
let command = parser.parseOrExit(into: CatalogCommand())
do {
    let reference = try Catalog.load(csvDirectory: command.directory!)
    if command.verb == .check {
        let mismatches = Catalog.embedded.mismatches(against: reference)
        for line in mismatches { print(line) }
        print("catalog.mismatches \(mismatches.count)")
        exit(mismatches.isEmpty ? 0 : 1)
    }
    print(reference.prefix(command.count).fileText, terminator: "")
} catch {
    FileHandle.standardError.write(Data("pokedex-catalog: \(error)\n".utf8))
    exit(1)
}
