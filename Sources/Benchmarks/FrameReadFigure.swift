import Composable
import PokedexFeatures
import PokedexModels
import PokedexServer
import StateSync

/// The server's cost of reading one action frame, from its bytes to the action the Store is
/// sent: `ClientMessage.parse` then `ActionDecoder.decode`, on the real browse mix's frames (a
/// detail's close, a row tapped, a page more, a route, a search, in the shares the load
/// tester sends them), against a state with a page of rows.
enum FrameReadFigure {
    /// The frames, each as often as the browse scenario sends it (per 100 actions).
    static let frames: [[UInt8]] = {
        let actions: [(JSONValue, Int)] = [
            (["destination": ["dismiss": [:]]], 38),
            (["list": ["rowTapped": ["id": 25]]], 20),
            (["list": ["reachedEnd": [:]]], 19),
            (["navigate": ["route": "/pokemon/25"]], 18),
            (["list": ["binding": ["search": "pika"]]], 5),
        ]
        var frames: [[UInt8]] = []
        for (index, (action, count)) in actions.enumerated() {
            for copy in 0..<count { frames.append(ClientMessage.action(ref: 1000 + index * 100 + copy, action: action).encoded()) }
        }
        return frames
    }()

    static func measure() -> Figure {
        let me = User(id: "ash", displayName: "Ash")
        let list = FavoritesList(id: "ash-list", name: "Favorites", ownerID: me.id)
        let account = Account(me: me, lists: Shared([ListSummary(list: list, role: .owner)]), activeListID: list.id)
        var state = AppFeature.State(route: "/", account: account, favorites: Shared([]))
        state.list.rows = IdentifiedArray((1...40).map { Pokemon(id: $0, name: "pokemon-\($0)", types: ["grass"]) })
        let ids = PokemonIDs([1...151])
        var failures = 0
        let seconds = Measure.median(repeats: 301) {
            for frame in frames {
                guard case let .action(_, action, _) = try? ClientMessage.parse(frame),
                      (try? ActionDecoder.decode(action, in: state, pokemonIDs: ids)) != nil
                else { failures += 1; continue }
            }
        }
        precondition(failures == 0, "a frame of the mix was refused")
        return Figure("frame.read_ns_per_action", seconds * 1e9 / Double(frames.count), "ns")
    }
}

/// `scripts/bench frame`: what reading an action frame costs, alone (seconds to run).
public let frameSuite = Suite(name: "frame", summary: "an action frame's parse and decode, from its bytes") {
    [FrameReadFigure.measure()]
}
