import Glibc

/// glibc's allocator settings the server runs with. Its per-thread cache (tcache) keeps at most
/// 7 freed chunks of each size by default; a browse action allocates and frees dozens of
/// small blocks of a few sizes on its service thread, so most of them missed the cache and took
/// the arena's slower path (`_int_malloc`, `_int_free`, `malloc_consolidate`). A larger cache
/// keeps them on the thread; it is bounded per thread, so an idle session pays little for it,
/// and past a hundred or so a size it only holds more memory (docs/PERFORMANCE.md). The cache's size
/// is read only from the environment when the program starts (`GLIBC_TUNABLES`; `mallopt` has
/// no setting for it), so the server sets it and executes itself again, once.
public enum AllocatorTunables {
    static let tunable = "glibc.malloc.tcache_count"
    static let setting = "\(tunable)=128"
    /// Set on the second start, so a process whose tunables did not take (a secure-execution
    /// program drops them) is not executed again and again.
    static let marker = "POKEDEX_ALLOCATOR_TUNED"

    /// `GLIBC_TUNABLES` as the server wants it given what it is now, or nil to keep it: an
    /// operator's own cache size wins, and their other tunables are kept.
    static func tunables(from current: String?) -> String? {
        guard let current, !current.isEmpty else { return setting }
        if current.split(separator: ":").contains(where: { $0.hasPrefix("\(tunable)=") }) { return nil }
        return "\(current):\(setting)"
    }

    /// Executes this program again with the setting, unless it is there (or was tried). Call it
    /// first thing in `main`, before any thread starts; when `exec` fails the server runs on
    /// with glibc's defaults.
    public static func applyByExecutingAgain() {
        guard getenv(marker) == nil,
              let tunables = tunables(from: getenv("GLIBC_TUNABLES").map { String(cString: $0) }) else { return }
        // By its own path, not /proc/self/exe: the process is named after the file it runs
        // (`ps`, `top`, `pgrep pokedex-server`).
        guard let path = executablePath() else { return }
        setenv("GLIBC_TUNABLES", tunables, 1)
        setenv(marker, "1", 1)
        execv(path, CommandLine.unsafeArgv)
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
