/// A readable line difference between two values' dumps, for failure messages.
enum StateDifference {
    static func describe<T>(expected: T, actual: T) -> String {
        var expectedDump = ""
        var actualDump = ""
        dump(expected, to: &expectedDump)
        dump(actual, to: &actualDump)
        return lineDiff(expectedDump.split(separator: "\n").map(String.init), actualDump.split(separator: "\n").map(String.init))
    }

    /// `−` lines are expected but missing, `+` lines are actual but unexpected; a little
    /// unchanged context is kept around each change.
    static func lineDiff(_ old: [String], _ new: [String]) -> String {
        // Longest common subsequence table (dumps are small).
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
            } else if j < m, i == n || lcs[i][j + 1] >= lcs[i + 1][j] {
                lines.append(("+", new[j])); j += 1
            } else {
                lines.append(("−", old[i])); i += 1
            }
        }
        let changed = Set(lines.indices.filter { lines[$0].mark != " " })
        let shown = lines.indices.filter { index in (index - 2...index + 2).contains { changed.contains($0) } }
        return shown.map { "\(lines[$0].mark) \(lines[$0].text)" }.joined(separator: "\n")
    }
}
