import Foundation
import PokeAPI

// `pokedex-catalog check CSV_DIR`: compares the embedded catalog with a PokeAPI CSV dump.
// `pokedex-catalog generate CSV_DIR [COUNT]`: prints the catalog file for the first COUNT (151).
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, ["check", "generate"].contains(arguments[0]) else {
    FileHandle.standardError.write(Data("usage: pokedex-catalog check|generate CSV_DIR [COUNT]\n".utf8))
    exit(2)
}
do {
    let reference = try Catalog.load(csvDirectory: arguments[1])
    if arguments[0] == "check" {
        let mismatches = Catalog.embedded.mismatches(against: reference)
        for line in mismatches { print(line) }
        print("catalog.mismatches \(mismatches.count)")
        exit(mismatches.isEmpty ? 0 : 1)
    }
    let count = arguments.count > 2 ? Int(arguments[2]) ?? 151 : 151
    print(reference.prefix(count).fileText, terminator: "")
} catch {
    FileHandle.standardError.write(Data("pokedex-catalog: \(error)\n".utf8))
    exit(1)
}
