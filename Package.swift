// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top (arrows point down only): see docs/ARCHITECTURE.md.
let package = Package(
    name: "PokedexLive",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "pokedex-server", targets: ["pokedex-server"]),
        .executable(name: "pokedex-loadtest", targets: ["pokedex-loadtest"]),
        .executable(name: "pokedex-bench", targets: ["pokedex-bench"]),
        .executable(name: "pokedex-replay", targets: ["pokedex-replay"]),
    ],
    targets: [
        // C libraries from Debian's apt, each behind one Swift wrapper.
        .systemLibrary(name: "CLibWebSockets", providers: [.apt(["libwebsockets-dev", "libwebsockets-evlib-ev", "libev-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CLibCrypto", providers: [.apt(["libssl-dev"])]),
        // libpq's headers live in /usr/include/postgresql, which pkg-config names.
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // Small pieces every layer may use: the executables' option parser, the seeded generator.
        // CBuildCommit: the git commit scripts/stamp-commit wrote, for --version (BuildInfo).
        .target(name: "CBuildCommit"),
        .target(name: "CommandLineOptions", dependencies: ["CBuildCommit"]),
        .target(name: "SeededRandom"),
        .target(name: "ProcessStats"),

        // The runtime.
        .target(name: "Composable"),
        .target(name: "ComposableTesting", dependencies: ["Composable"]),

        // Data.
        .target(name: "PokedexModels"),
        // What both database wrappers share: reading a row by column, a schema's migration step.
        .target(name: "SQLCore"),
        .target(name: "Storage", dependencies: ["CSQLite", "CLibCrypto", "PokedexModels", "SQLCore"]),
        .target(name: "Postgres", dependencies: ["CPostgres", "SQLCore"]),
        .target(name: "PostgresStorage", dependencies: ["Postgres", "Storage", "PokedexModels"]),
        // Throwaway PostgreSQL servers and databases for the test suites.
        .target(name: "PostgresTesting", dependencies: ["Postgres", "TestSupport"]),
        // What every test suite shares: one `waitUntil` with a deadline.
        .target(name: "TestSupport"),
        .target(name: "PokemonClient", dependencies: ["Composable", "PokedexModels"]),
        .target(name: "FavoritesClient", dependencies: ["Composable", "PokedexModels"]),
        .target(name: "AccountClient", dependencies: ["Composable", "PokedexModels"]),
        .target(
            name: "PokeAPI",
            dependencies: ["CCurl", "Storage", "Composable", "PokemonClient", "PokedexModels", "StateSync"],
            resources: [.copy("Catalog/catalog.json")]
        ),

        // Features, sync, transport, server.
        .target(name: "PokedexFeatures", dependencies: ["Composable", "PokedexModels", "PokemonClient", "FavoritesClient", "AccountClient"]),
        .target(name: "StateSync"),
        // The wire contract: every action a browser may send (decoder, roles, web client, docs).
        .target(name: "WireContract", dependencies: ["Composable", "PokedexModels", "PokedexFeatures", "StateSync"]),
        // One line per event, logfmt or JSON, on standard error.
        .target(name: "Logging", dependencies: ["StateSync"]),
        .target(name: "WebSocketServer", dependencies: ["CLibWebSockets", "Logging"]),
        .target(name: "LoadTest", dependencies: ["WebSocketServer", "StateSync", "PokeAPI", "WireContract", "CommandLineOptions", "SeededRandom", "ProcessStats"]),
        .target(
            name: "PokedexServer",
            dependencies: [
                "Composable", "PokedexModels", "PokemonClient", "FavoritesClient", "AccountClient", "PokeAPI", "Storage",
                "PokedexFeatures", "StateSync", "WebSocketServer", "PostgresStorage", "WireContract", "Logging", "CommandLineOptions", "ProcessStats",
            ]
        ),
        .target(
            name: "Benchmarks",
            dependencies: [
                "Composable", "PokedexServer", "PokeAPI", "PokemonClient", "PokedexModels", "PokedexFeatures", "Storage", "StateSync",
                "WebSocketServer", "ProcessStats", "LoadTest",
            ]
        ),

        // Thin executables.
        .executableTarget(name: "pokedex-server", dependencies: ["PokedexServer"]),
        .executableTarget(name: "pokedex-loadtest", dependencies: ["LoadTest"]),
        .executableTarget(name: "pokedex-replay", dependencies: ["PokedexServer"]),
        .executableTarget(name: "pokedex-bench", dependencies: ["Benchmarks", "CommandLineOptions"]),
        .executableTarget(name: "pokedex-catalog", dependencies: ["PokeAPI", "CommandLineOptions"]),
        .executableTarget(name: "websocket-echo", dependencies: ["WebSocketServer", "Logging", "CommandLineOptions"]),
        // The floor `scripts/bench load` compares the server with: lws and libev, C callbacks only.
        .executableTarget(name: "bare-lws-peer", linkerSettings: [.linkedLibrary("websockets"), .linkedLibrary("ev")]),

        // Tests mirror targets.
        .testTarget(name: "CommandLineOptionsTests", dependencies: ["CommandLineOptions", "SeededRandom"]),
        .testTarget(name: "ProcessStatsTests", dependencies: ["ProcessStats"]),
        .testTarget(name: "ComposableTests", dependencies: ["Composable", "ComposableTesting", "TestSupport"]),
        // Both backends: the store tests run against SQLite and PostgreSQL alike.
        .testTarget(
            name: "StorageTests", dependencies: ["Storage", "SQLCore", "PokedexModels", "PostgresStorage", "PostgresTesting", "Postgres", "SeededRandom", "TestSupport"]
        ),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "PostgresTesting", "TestSupport"]),
        .testTarget(name: "PokeAPITests", dependencies: ["PokeAPI", "PokemonClient", "PokedexModels", "Storage"]),
        .testTarget(
            name: "PokedexFeaturesTests",
            dependencies: ["PokedexFeatures", "Composable", "ComposableTesting", "PokemonClient", "FavoritesClient", "AccountClient", "PokedexModels"]
        ),
        .testTarget(name: "StateSyncTests", dependencies: ["StateSync", "SeededRandom"]),
        .testTarget(name: "WebSocketServerTests", dependencies: ["WebSocketServer"]),
        .testTarget(name: "LoggingTests", dependencies: ["Logging"]),
        .testTarget(
            name: "PokedexServerTests",
            dependencies: [
                "PokedexServer", "StateSync", "WebSocketServer", "Storage", "Postgres", "PostgresStorage", "PostgresTesting",
                "WireContract", "PokedexFeatures", "PokedexModels", "Composable", "Logging", "TestSupport", "SeededRandom",
            ]
        ),
        .testTarget(name: "LoadTestTests", dependencies: ["LoadTest", "PokedexServer", "StateSync", "SeededRandom", "CommandLineOptions"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds on Linux link the Swift runtime and Foundation in (what `--static-swift-stdlib`
// does, in every release build rather than one script's): a retain or release is then a direct
// call, not a jump through the PLT into libswiftCore.so, and the benches measure the binary the
// package ships (docs/INTERNALS.md, "Static Swift runtime"). Only the executables and what they
// are built of: the tests and their helpers import XCTest, which has no static copy.
// bare-lws-peer is C: the floor the load bench compares with stays as it was.
let staticSwiftRuntime = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let targetsByName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
var shipped = Set<String>()
var unvisited = package.targets.filter { $0.type == .executable && $0.name != "bare-lws-peer" }.map(\.name)
while let name = unvisited.popLast() {
    guard let target = targetsByName[name], target.type != .system, shipped.insert(name).inserted else { continue }
    for dependency in target.dependencies {
        switch dependency {
        case .byNameItem(let name, _), .targetItem(let name, _): unvisited.append(name)
        default: break
        }
    }
}
for name in shipped {
    let target = targetsByName[name]!
    // Modules compile against the static runtime's interfaces; only what links is told to link it.
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], staticSwiftRuntime)]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], staticSwiftRuntime)]
    }
}
