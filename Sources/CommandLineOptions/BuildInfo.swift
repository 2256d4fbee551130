/// What every executable reports for `--version`, and what the man pages and scripts/package's
/// `.deb` are stamped with.
public enum BuildInfo: StampedCommit {
    /// The one place the version is written. scripts/package reads it back from the built
    /// `pokedex-server --version` (the package's version), so bump it here and only here.
    public static let version = "1.0.0"

    /// The git commit the executable was built from, when it was built from a checkout through
    /// the scripts (serve, test, bench, package): `scripts/stamp-commit` writes it into
    /// `BuildCommit.swift` next to this file (ignored by git, rewritten only when the commit
    /// changes, so an unchanged checkout rebuilds nothing). Without that file, nil.
    public static var commit: String? { stampedCommit }

    /// `1.0.0 (commit 5f3a27d4c1e2)`, or `1.0.0` without a stamped commit.
    public static var description: String {
        commit.map { "\(version) (commit \($0))" } ?? version
    }
}

/// The generated `BuildCommit.swift` declares `BuildInfo.stampedCommit`, which a concrete
/// type's own member wins over this default; a checkout without the file builds all the same.
public protocol StampedCommit {
    static var stampedCommit: String? { get }
}

extension StampedCommit {
    public static var stampedCommit: String? { nil }
}
