import Foundation
import ProcessStats

/// Wall-clock helpers shared by the suites.
public enum Measure {
    /// Seconds taken by `body`.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Seconds taken by an async `body`.
    public static func secondsAsync(_ body: () async throws -> Void) async rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Median of `repeats` timings of `body`, in seconds.
    public static func median(repeats: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<repeats { samples.append(try seconds(body)) }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Resident set size of this process in KiB.
    public static func residentKiB() -> Int {
        ProcessMemory.residentKiB() ?? 0
    }

    /// The shared reference data folder (`../shared` beside the checkout), if present.
    public static func sharedDirectory() -> String? {
        let candidates = [
            ProcessInfo.processInfo.environment["POKEDEX_SHARED"],
            FileManager.default.currentDirectoryPath + "/../shared",
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/pokeapi") }
    }
}
