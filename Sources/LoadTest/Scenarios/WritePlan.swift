/// How the `writes` scenario divides its sessions: consecutive runs of `perList` sessions share
/// one list (the first of each its owner), so with several targets every list has members on
/// each of them (session `i` is on target `i % n`). Member `p` of a list owns the ids with
/// `(id - 1) % perList == p`: no two writers toggle one star, so each knows the value it set.
struct WritePlan: Sendable, Equatable {
    static let dexSize = 151
    let sessions: Int
    let perList: Int

    init(sessions: Int, perList: Int) {
        self.sessions = sessions
        self.perList = max(1, min(perList, Self.dexSize, sessions))
    }

    var listCount: Int { (sessions + perList - 1) / perList }

    /// The list (0-based) session `index` belongs to, and its position in it (0: the owner).
    func list(of index: Int) -> (list: Int, position: Int) { (index / perList, index % perList) }

    /// Session indices of list `list`, its owner first.
    func members(of list: Int) -> Range<Int> { list * perList..<min(sessions, (list + 1) * perList) }

    /// The star ids the member at `position` toggles.
    func ownedIDs(position: Int) -> [Int] { Array(stride(from: position + 1, through: Self.dexSize, by: perList)) }
}
