import Foundation
import PokedexServer

// pokedex-server: parse options, serve until SIGTERM or SIGINT, then drain.
let options: ServerOptions
do {
    options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    print(error)
    exit(error == .help ? 0 : 2)
}
do {
    try await PokedexServer.serve(options)
} catch {
    FileHandle.standardError.write(Data("pokedex-server: \(error)\n".utf8))
    exit(1)
}
