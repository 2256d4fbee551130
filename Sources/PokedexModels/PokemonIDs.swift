/// The ids a data source has a Pokémon for, known without a request: what a route, a star or
/// a favorites row may name. Ranges, so the CSV dump's 1,025 ids are one value.
public struct PokemonIDs: Equatable, Sendable, CustomStringConvertible {
    /// Sorted, not overlapping.
    public let ranges: [ClosedRange<Int>]

    public init(_ ranges: [ClosedRange<Int>]) {
        self.ranges = ranges.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The ids of a catalog, folded into runs of consecutive ids.
    public init(ids: some Sequence<Int>) {
        var ranges: [ClosedRange<Int>] = []
        for id in Set(ids).sorted() {
            if let last = ranges.last, last.upperBound == id - 1 {
                ranges[ranges.count - 1] = last.lowerBound...id
            } else {
                ranges.append(id...id)
            }
        }
        self.init(ranges)
    }

    /// Every positive id: a source that cannot tell (tests that do not care).
    public static let anyPositive = PokemonIDs([1...Int.max])

    public func contains(_ id: Int) -> Bool {
        ranges.contains { $0.contains(id) }
    }

    public var description: String {
        ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
            .joined(separator: ", ")
    }
}
