#if canImport(Glibc)
import Glibc
#endif

/// The process's open-file limit. lws sizes its connection table when a context is created,
/// so this is raised before the client exists.
enum FileLimit {
    /// Raises the soft limit towards `wanted` (at most the hard limit); returns the new soft limit.
    @discardableResult
    static func raise(to wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        let target = min(rlim_t(wanted), limit.rlim_max)
        if limit.rlim_cur < target {
            limit.rlim_cur = target
            if setrlimit(resource, &limit) != 0 { _ = getrlimit(resource, &limit) }
        }
        return Int(limit.rlim_cur)
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
