import Foundation
import PokedexServer

// pokedex-server: parse options, serve until SIGTERM or SIGINT, then drain.
let options = ServerOptions.parseOrExit()
do {
    try await PokedexServer.serve(options)
} catch {
    FileHandle.standardError.write(Data("pokedex-server: \(error)\n".utf8))
    exit(1)
}
