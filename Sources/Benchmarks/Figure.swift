import Foundation

/// One measured figure, printed as `name value unit`.
public struct Figure: Sendable, CustomStringConvertible {
    public var name: String
    public var value: Double
    public var unit: String

    public init(_ name: String, _ value: Double, _ unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }

    public var description: String {
        let rounded = value.rounded() == value && abs(value) < 1e15
            ? String(Int64(value)) : String(format: "%.3f", value)
        return "\(name) \(rounded) \(unit)"
    }
}

/// A named group of benchmarks: `scripts/bench NAME` runs one suite.
public struct Suite: Sendable {
    public var name: String
    public var summary: String
    public var run: @Sendable () async throws -> [Figure]

    public init(name: String, summary: String, run: @escaping @Sendable () async throws -> [Figure]) {
        self.name = name
        self.summary = summary
        self.run = run
    }
}
