import Synchronization

/// A service thread's recent busy share, in thousandths of a core: written by the thread
/// itself (`LoadMeter`), read by the listening thread when it places a connection
/// (`ConnectionSpreader`). Written a few times a second, so it needs no line of its own.
final class ThreadLoad: Sendable {
    private let permille = Atomic(0)

    var busyPermille: Int {
        permille.load(ordering: .relaxed)
    }

    func report(busyPermille: Int) {
        permille.store(busyPermille, ordering: .relaxed)
    }
}
