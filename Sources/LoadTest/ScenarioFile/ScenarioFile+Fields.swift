import Foundation
import StateSync

/// The moves a scenario file may weigh: what a user does on the screen.
public enum ScreenMove: String, Sendable, CaseIterable, Hashable {
    /// Load the next page of the list (`list.reachedEnd`).
    case scroll
    /// Open a row on screen (`list.rowTapped`).
    case open
    /// Close the open detail or dialog (`destination.dismiss`).
    case dismiss
    /// Search "pi", or clear the search (`list.binding`).
    case search
    /// Go to a detail by its URL (`navigate`).
    case navigate
    /// Star or unstar a row on screen (`favoriteSet` in the active list, the other way from the row's star).
    case star
}

/// The think-time distributions of a scenario file, in seconds.
public enum ThinkTime: Sendable, Equatable {
    case constant(seconds: Double)
    case uniform(min: Double, max: Double)
    case exponential(mean: Double)
    case normal(mean: Double, stddev: Double)

    /// A wait drawn from the distribution (never below a millisecond).
    func draw(using generator: inout some RandomNumberGenerator) -> Duration {
        let seconds: Double = switch self {
        case .constant(let seconds): seconds
        case .uniform(let low, let high): low == high ? low : Double.random(in: low..<high, using: &generator)
        case .exponential(let mean): -mean * log1p(-Double.random(in: 0..<1, using: &generator))
        case .normal(let mean, let stddev): mean + stddev * Self.standardNormal(using: &generator)
        }
        return .seconds(max(0.001, seconds))
    }

    /// Box–Muller.
    private static func standardNormal(using generator: inout some RandomNumberGenerator) -> Double {
        let u = Double.random(in: Double.leastNonzeroMagnitude..<1, using: &generator)
        let v = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}


/// Reads typed fields out of a scenario document; every refusal names the field and its line.
struct FieldReader {
    let file: String
    let locator: JSONLocator

    func error(_ path: [JSONLocator.Step], _ message: String) -> ScenarioFileError {
        ScenarioFileError(file: file, line: locator.line(of: path), field: Self.name(path), message: message)
    }

    /// `stages[1].target`.
    static func name(_ path: [JSONLocator.Step]) -> String {
        path.enumerated().map { position, step in
            switch step {
            case .key(let key): position == 0 ? key : ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }.joined()
    }

    func value(_ document: JSONValue, _ path: [JSONLocator.Step]) -> JSONValue? {
        var node: JSONValue? = document
        for step in path {
            switch step {
            case .key(let key): node = node?[key]
            case .index(let index): node = node?[index]
            }
        }
        return node
    }

    func required(_ document: JSONValue, _ path: [JSONLocator.Step]) throws(ScenarioFileError) -> JSONValue {
        guard let found = value(document, path) else { throw error(path, "is missing") }
        return found
    }

    func optionalString(_ document: JSONValue, _ path: [JSONLocator.Step]) throws(ScenarioFileError) -> String? {
        guard let found = value(document, path) else { return nil }
        guard let text = found.stringValue else { throw error(path, "must be a string") }
        return text
    }

    func number(_ document: JSONValue, _ path: [JSONLocator.Step], in range: ClosedRange<Double>) throws(ScenarioFileError) -> Double {
        let found = try required(document, path)
        let number: Double? = switch found {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
        guard let number, range.contains(number) else {
            throw error(path, "must be a number in \(describe(range.lowerBound))…\(describe(range.upperBound)), not \(Self.text(found))")
        }
        return number
    }

    func wholeNumber(_ document: JSONValue, _ path: [JSONLocator.Step], in range: ClosedRange<Int>) throws(ScenarioFileError) -> Int {
        let found = try required(document, path)
        guard let number = found.intValue, range.contains(number) else {
            throw error(path, "must be a whole number in \(range.lowerBound)…\(range.upperBound), not \(Self.text(found))")
        }
        return number
    }

    func weights(_ document: JSONValue, _ path: [JSONLocator.Step]) throws(ScenarioFileError) -> [ScreenMove: Double] {
        guard let object = try required(document, path).objectValue, !object.members.isEmpty else {
            throw error(path, "must be an object of weights, e.g. {\"scroll\": 3, \"open\": 1}")
        }
        var weights: [ScreenMove: Double] = [:]
        for member in object.members {
            guard let move = ScreenMove(rawValue: member.key) else {
                throw error(path + [.key(member.key)], "is not an action; choose from \(ScreenMove.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            weights[move] = try number(document, path + [.key(member.key)], in: 0...1_000_000)
        }
        guard weights.values.contains(where: { $0 > 0 }) else { throw error(path, "needs one weight above zero") }
        return weights
    }

    func thinkTime(_ document: JSONValue, _ path: [JSONLocator.Step]) throws(ScenarioFileError) -> ThinkTime {
        let seconds = 0.0...600.0
        guard try required(document, path).objectValue != nil else { throw error(path, "must be an object with a distribution") }
        let kind = try optionalString(document, path + [.key("distribution")])
        switch kind {
        case "constant": return .constant(seconds: try number(document, path + [.key("seconds")], in: seconds))
        case "uniform":
            let low = try number(document, path + [.key("min")], in: seconds)
            let high = try number(document, path + [.key("max")], in: seconds)
            guard low <= high else { throw error(path + [.key("max")], "must not be below min") }
            return .uniform(min: low, max: high)
        case "exponential": return .exponential(mean: try number(document, path + [.key("mean")], in: 0.001...600))
        case "normal":
            return .normal(mean: try number(document, path + [.key("mean")], in: seconds),
                           stddev: try number(document, path + [.key("stddev")], in: seconds))
        default:
            throw error(path + [.key("distribution")], "must be constant, uniform, exponential or normal")
        }
    }

    func stages(_ document: JSONValue, _ path: [JSONLocator.Step]) throws(ScenarioFileError) -> [ScenarioFile.Stage] {
        guard let list = try required(document, path).arrayValue, !list.isEmpty else {
            throw error(path, "must be a list of {\"duration\": SECONDS, \"target\": SESSIONS}")
        }
        var stages: [ScenarioFile.Stage] = []
        for index in list.indices {
            let stage = path + [.index(index)]
            guard let object = list[index].objectValue else { throw error(stage, "must be an object") }
            if let unknown = object.members.map(\.key).first(where: { !["duration", "target"].contains($0) }) {
                throw error(stage + [.key(unknown)], "is not a field of a stage (duration, target)")
            }
            stages.append(.init(duration: try number(document, stage + [.key("duration")], in: ScenarioFile.durationLimit),
                                target: try wholeNumber(document, stage + [.key("target")], in: 0...LoadOptions.sessionLimit.upperBound)))
        }
        return stages
    }

    /// A value as it was written (near enough: as JSON).
    static func text(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func describe(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
