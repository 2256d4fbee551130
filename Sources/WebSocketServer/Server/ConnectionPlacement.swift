/// Which service thread takes a new connection, from the threads' recent busy shares: fill,
/// then spread. The first thread (the one that listens) below `spreadAbove` takes it, so a
/// load one core carries wakes one thread; when every thread is at or above it, the least busy
/// does (the first of equals). A connection never moves once placed, so the threshold keeps
/// headroom for what its sessions will ask later.
enum ConnectionPlacement {
    /// `loads`: each thread's busy share in thousandths of a core, the listening thread first.
    /// `spreadAbove`: in thousandths too, above 0.
    static func thread(loads: [Int], spreadAbove: Int) -> Int {
        if let filling = loads.firstIndex(where: { $0 < spreadAbove }) { return filling }
        return loads.indices.min { loads[$0] < loads[$1] } ?? 0
    }
}
