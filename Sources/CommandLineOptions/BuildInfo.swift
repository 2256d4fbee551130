import CBuildCommit

/// What every executable reports for `--version`, and what the man pages and scripts/package's
/// `.deb` are stamped with.
public enum BuildInfo {
    /// The one place the version is written. scripts/package reads it back from the built
    /// `pokedex-server --version` (the package's version), so bump it here and only here.
    public static let version = "1.0.0"

    /// The git commit the executable was built from, when it was built from a checkout through
    /// the scripts (serve, test, bench, package): `scripts/stamp-commit` writes it into
    /// `Sources/CBuildCommit/stamped_commit.h` (ignored by git, rewritten only when the commit
    /// changes), which one C function returns. Without that file, nil.
    public static var commit: String? { pokedex_build_commit().map { String(cString: $0) } }

    /// `1.0.0 (commit 5f3a27d4c1e2)`, or `1.0.0` without a stamped commit.
    public static var description: String {
        commit.map { "\(version) (commit \($0))" } ?? version
    }
}
