import Foundation

/// Thrown by an endpoint that a test reached without overriding it.
public struct UnimplementedError: Error, CustomStringConvertible {
    public let endpoint: String
    public var description: String { "Unimplemented: \(endpoint) was called but not overridden." }
}

extension DependencyValues {
    /// Where problems found at run time are reported. Live: standard error. TestStore installs
    /// one that fails the test, and it travels into effects with the other dependencies.
    public var reportIssue: @Sendable (String) -> Void {
        get { self[ReportIssueKey.self] }
        set { self[ReportIssueKey.self] = newValue }
    }
}

private enum ReportIssueKey: DependencyKey {
    typealias Value = @Sendable (String) -> Void
    static let liveValue: Value = { message in
        FileHandle.standardError.write(Data("issue: \(message)\n".utf8))
    }
    static let testValue: Value = liveValue
}

/// An async throwing endpoint that reports an issue and throws when called: the test value of
/// a client endpoint, so a test that forgets to override it fails loudly.
public func unimplemented<each A, R>(
    _ endpoint: String
) -> @Sendable (repeat each A) async throws -> R {
    return { (_: repeat each A) in
        DependencyValues.current.reportIssue("Unimplemented: \(endpoint)")
        throw UnimplementedError(endpoint: endpoint)
    }
}
