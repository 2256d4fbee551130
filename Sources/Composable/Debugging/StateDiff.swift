/// A readable line difference between two values' `dump`s: `−` lines only in the first, `+`
/// lines only in the second, a little unchanged context around each change. For test failure
/// messages and the server's action log.
public enum StateDiff {
    public static func describe<T>(from old: T, to new: T) -> String {
        var oldDump = ""
        var newDump = ""
        dump(old, to: &oldDump)
        dump(new, to: &newDump)
        if oldDump == newDump { return "" }
        return lineDiff(oldDump.split(separator: "\n").map(String.init), newDump.split(separator: "\n").map(String.init))
    }

    /// The lines of a longest-common-subsequence diff. The lines both ends share are set aside
    /// first (a state usually changes in one place), and a middle too large to compare line by
    /// line is shown as its old lines, then its new ones.
    public static func lineDiff(_ old: [String], _ new: [String], context: Int = 2) -> String {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(old[prefix..<old.count - suffix])
        let newMiddle = Array(new[prefix..<new.count - suffix])
        var lines: [(mark: Character, text: String)] = old[..<prefix].map { (" ", $0) }
        lines += oldMiddle.count * newMiddle.count <= 1 << 20
            ? commonSubsequenceLines(oldMiddle, newMiddle)
            : oldMiddle.map { ("−", $0) } + newMiddle.map { ("+", $0) }
        lines += old[(old.count - suffix)...].map { (" ", $0) }
        let changed = Set(lines.indices.filter { lines[$0].mark != " " })
        let shown = lines.indices.filter { index in (index - context...index + context).contains { changed.contains($0) } }
        return shown.map { "\(lines[$0].mark) \(lines[$0].text)" }.joined(separator: "\n")
    }

    private static func commonSubsequenceLines(_ old: [String], _ new: [String]) -> [(mark: Character, text: String)] {
        let n = old.count, m = new.count
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: String)] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                lines.append((" ", old[i])); i += 1; j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                lines.append(("−", old[i])); i += 1
            } else {
                lines.append(("+", new[j])); j += 1
            }
        }
        return lines
    }
}
