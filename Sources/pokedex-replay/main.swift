import Foundation
import PokedexServer

exit(ReplayCommand.run(ReplayOptions.parseOrExit()))
