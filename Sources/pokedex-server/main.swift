import Foundation
import PokedexServer

// pokedex-server: parse options, serve until SIGTERM or SIGINT, then drain. A failure to
// start is logged by `serve` (one `server.failed` line) before the exit status says so.
AllocatorTunables.applyByExecutingAgain()
let options = ServerOptions.parseOrExit()
do {
    try await PokedexServer.serve(options)
} catch {
    exit(1)
}
