import Foundation

/// A fresh directory under /tmp for one test, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "pokeapi-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
    }
}
