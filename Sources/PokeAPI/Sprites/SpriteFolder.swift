import Foundation

/// Sprites from a local folder of `{id}.png` (for example a checkout of PokeAPI's sprites
/// repository, `sprites/pokemon`): read from disk, never from the network; an id the folder
/// lacks gets the placeholder.
public struct SpriteFolder: Sendable {
    public let path: String
    private let placeholder: @Sendable (Int) async -> Sprite

    /// Files above this are not sprites: they are not read into memory.
    static let maxFileBytes = 2 << 20

    public init(path: String, placeholder: @escaping @Sendable (Int) async -> Sprite) {
        self.path = path
        self.placeholder = placeholder
    }

    public func sprite(id: Int) async -> Sprite {
        let file = URL(fileURLWithPath: path).appendingPathComponent("\(id).png").path
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int,
              size > 0, size <= Self.maxFileBytes,
              let data = FileManager.default.contents(atPath: file)
        else { return await placeholder(id) }
        return Sprite(bytes: Array(data), contentType: "image/png", isPlaceholder: false)
    }
}
