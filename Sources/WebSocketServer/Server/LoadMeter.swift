import Glibc

/// Measures its service thread's busy share from the thread's CPU clock, on a timer of the
/// thread's loop, into a `ThreadLoad`: nothing is counted per frame or per mail.
final class LoadMeter {
    private let load: ThreadLoad
    private let interval: Duration
    private var window: BusyWindow?
    private var timer: LoopTimer?

    init(load: ThreadLoad, interval: Duration) {
        self.load = load
        self.interval = interval
    }

    /// On the service thread, once its context exists.
    func start(on context: OpaquePointer, allocations: CAllocations) {
        let timer = LoopTimer(allocations: allocations) { [unowned self] in sample($0) }
        self.timer = timer
        window = BusyWindow(from: Self.clocks())
        timer.schedule(on: context, after: interval)
    }

    func stop() {
        timer?.cancel()
    }

    private func sample(_ context: OpaquePointer) {
        if let busy = window?.close(at: Self.clocks()) { load.report(busyPermille: busy) }
        timer?.schedule(on: context, after: interval)
    }

    /// This thread's CPU time and the monotonic time, in nanoseconds.
    private static func clocks() -> BusyWindow.Clocks {
        BusyWindow.Clocks(cpu: nanoseconds(CLOCK_THREAD_CPUTIME_ID), wall: nanoseconds(CLOCK_MONOTONIC))
    }

    private static func nanoseconds(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// The share of wall time a thread spent on a core since the window opened, in thousandths.
struct BusyWindow: Equatable {
    struct Clocks: Equatable {
        var cpu: Int64
        var wall: Int64
    }

    private var start: Clocks

    init(from start: Clocks) {
        self.start = start
    }

    /// The busy share since the window opened (0...1000); the next window opens at `now`.
    mutating func close(at now: Clocks) -> Int {
        defer { start = now }
        let wall = now.wall - start.wall
        guard wall > 0 else { return 0 }
        return Int(min(1000, max(0, (now.cpu - start.cpu) * 1000 / wall)))
    }
}
