/// One declared option: its name, what it takes, the help line, and what it does to `Options`.
/// The parser and the generated `--help` both read these declarations.
public struct Option<Options>: Sendable {
    public let name: String
    /// The placeholder of its value in the help (`PORT`); nil for a flag, which takes none.
    public let valueName: String?
    /// One or more lines; later lines are indented under the first.
    public let help: String
    let apply: @Sendable (inout Options, String) throws(OptionError) -> Void

    public init(
        _ name: String, _ valueName: String?, help: String,
        apply: @escaping @Sendable (inout Options, String) throws(OptionError) -> Void
    ) {
        precondition(name.hasPrefix("--"), "options are spelled --name")
        self.name = name
        self.valueName = valueName
        self.help = help
        self.apply = apply
    }

    /// Takes no value.
    public static func flag(_ name: String, help: String, _ set: @escaping @Sendable (inout Options) -> Void) -> Option {
        Option(name, nil, help: help) { options, _ throws(OptionError) in set(&options) }
    }

    /// Takes any text.
    public static func text(
        _ name: String, _ valueName: String, help: String,
        _ set: @escaping @Sendable (inout Options, String) throws(OptionError) -> Void
    ) -> Option {
        Option(name, valueName, help: help, apply: set)
    }

    /// Takes a whole number within `range`.
    public static func integer(
        _ name: String, _ valueName: String = "N", in range: ClosedRange<Int>, help: String,
        _ set: @escaping @Sendable (inout Options, Int) -> Void
    ) -> Option {
        Option(name, valueName, help: help) { options, text throws(OptionError) in
            guard let number = Int(text), range.contains(number) else {
                throw .invalid("\(name) takes a whole number in \(range.lowerBound)…\(range.upperBound), not '\(text)'.")
            }
            set(&options, number)
        }
    }

    /// Takes a decimal number within `range` (`unit` names it in the error: "seconds").
    public static func decimal(
        _ name: String, _ valueName: String, in range: ClosedRange<Double>, unit: String = "a number", help: String,
        _ set: @escaping @Sendable (inout Options, Double) -> Void
    ) -> Option {
        Option(name, valueName, help: help) { options, text throws(OptionError) in
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw .invalid("\(name) takes \(unit) in \(format(range.lowerBound))…\(format(range.upperBound)), not '\(text)'.")
            }
            set(&options, number)
        }
    }

    /// Takes one of a type's raw values.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ valueName: String, help: String, _ set: @escaping @Sendable (inout Options, Choice) -> Void
    ) -> Option where Choice.RawValue == String {
        Option(name, valueName, help: help) { options, text throws(OptionError) in
            guard let choice = Choice(rawValue: text) else {
                let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalid("\(name) takes one of \(names), not '\(text)'.")
            }
            set(&options, choice)
        }
    }
}

private func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
