import PokedexServer

extension ServerOptions {
    /// An in-process bench's server (`InProcessServer`): its database in `directory`, every
    /// limit off, and no sprite leaving the machine (a port nothing listens on makes every one
    /// a placeholder).
    static func inProcessBench(in directory: String) -> ServerOptions {
        var options = ServerOptions()
        options.port = 0
        options.database = directory + "/pokedex.sqlite"
        options.limits = .unlimited
        options.spritesURL = "http://127.0.0.1:9"
        return options
    }
}
