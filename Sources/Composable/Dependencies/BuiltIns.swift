import Foundation
import Synchronization

extension DependencyValues {
    /// The clock effects sleep on (debounce, timeouts). Tests use `TestClock`.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }

    /// Makes ids for new things. Tests use `.incrementing`.
    public var uuid: UUIDGenerator {
        get { self[UUIDGeneratorKey.self] }
        set { self[UUIDGeneratorKey.self] = newValue }
    }

    /// The current date. Tests use `.constant(_:)`.
    public var date: DateGenerator {
        get { self[DateGeneratorKey.self] }
        set { self[DateGeneratorKey.self] = newValue }
    }
}

public struct UUIDGenerator: Sendable {
    private let generate: @Sendable () -> UUID
    public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }
    public func callAsFunction() -> UUID { generate() }

    /// 00000000-0000-0000-0000-000000000000, …-000000000001, …
    public static var incrementing: Self {
        let counter = LockedCounter()
        return Self {
            UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", counter.next() - 1))!
        }
    }
}

public struct DateGenerator: Sendable {
    private let generate: @Sendable () -> Date
    public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }
    public func callAsFunction() -> Date { generate() }
    public var now: Date { generate() }
    public static func constant(_ date: Date) -> Self { Self { date } }
}

private enum ClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = ContinuousClock()
    static let testValue: any Clock<Duration> = UnimplementedClock()
}

private enum UUIDGeneratorKey: DependencyKey {
    static let liveValue = UUIDGenerator { UUID() }
    static let testValue = UUIDGenerator {
        DependencyValues.current.reportIssue("Unimplemented: uuid. Override it, e.g. with .incrementing.")
        return UUID()
    }
}

private enum DateGeneratorKey: DependencyKey {
    static let liveValue = DateGenerator { Date() }
    static let testValue = DateGenerator {
        DependencyValues.current.reportIssue("Unimplemented: date. Override it, e.g. with .constant(_:).")
        return Date()
    }
}

/// The test value of `clock`: sleeping on it fails the test.
struct UnimplementedClock: Clock {
    var now: ContinuousClock.Instant { ContinuousClock().now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        DependencyValues.current.reportIssue("Unimplemented: clock. Override it with a TestClock.")
        throw UnimplementedError(endpoint: "clock.sleep")
    }
}

final class LockedCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
