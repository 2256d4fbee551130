import Foundation
import PokedexModels
import PokemonClient
import Storage
import Synchronization

/// An image for the browser: bytes and their content type.
public struct Sprite: Equatable, Sendable {
    public var bytes: [UInt8]
    public var contentType: String
    /// A generated stand-in, because the real sprite could not be had.
    public var isPlaceholder: Bool

    public init(bytes: [UInt8], contentType: String, isPlaceholder: Bool) {
        self.bytes = bytes
        self.contentType = contentType
        self.isPlaceholder = isPlaceholder
    }
}

/// Sprites by Pokémon id, for `/sprites/{id}.png`: from the SQLite cache, else fetched once
/// from the sprite URL and stored. When offline or when the fetch fails, a placeholder SVG,
/// so the page never shows a broken image; a failed id is tried again after
/// `retryFailuresAfter` (failures are remembered in memory only, never stored).
public final class SpriteCache: Sendable {
    private let http: HTTPClient?
    private let cache: ResponseCache?
    private let ttl: TimeInterval
    private let retryFailuresAfter: TimeInterval
    private let timeouts: HTTPTimeouts
    private let spriteURL: @Sendable (Int) -> String
    private let primaryType: @Sendable (Int) async -> String?
    private let now: @Sendable () -> Date
    private let lastFailure = Mutex<[Int: Date]>([:])

    /// - Parameters:
    ///   - http: `nil` when offline: every sprite not cached is a placeholder.
    ///   - primaryType: the first type of a Pokémon, which colours its placeholder.
    public init(
        http: HTTPClient?, cache: ResponseCache?, ttl: TimeInterval = 30 * 24 * 60 * 60,
        retryFailuresAfter: TimeInterval = 60,
        timeouts: HTTPTimeouts = HTTPTimeouts(connect: .seconds(3), total: .seconds(10)),
        spriteURL: @escaping @Sendable (Int) -> String = SpriteURL.pokeAPI,
        primaryType: @escaping @Sendable (Int) async -> String? = { Catalog.embedded.detail(id: $0)?.types.first },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.http = http
        self.cache = cache
        self.ttl = ttl
        self.retryFailuresAfter = retryFailuresAfter
        self.timeouts = timeouts
        self.spriteURL = spriteURL
        self.primaryType = primaryType
        self.now = now
    }

    public func sprite(id: Int) async -> Sprite {
        let url = spriteURL(id)
        let key = "sprite " + url
        if let stored = try? cache?.value(for: key, maxAge: ttl, now: now()), let sprite = Self.decode(stored) {
            return sprite
        }
        if let http, !failedRecently(id), let sprite = await fetch(id, from: url, http: http) {
            try? cache?.store(Self.encode(sprite), for: key, now: now())
            return sprite
        }
        return Sprite(bytes: PlaceholderSprite.svg(id: id, type: await primaryType(id)),
                      contentType: PlaceholderSprite.contentType, isPlaceholder: true)
    }

    /// The image at `url`, or `nil` (and the failure remembered) when there is none.
    private func fetch(_ id: Int, from url: String, http: HTTPClient) async -> Sprite? {
        let response = try? await http.get(url, timeouts: timeouts)
        let contentType = response?.contentType ?? "image/png"
        guard let response, response.status == 200, !response.body.isEmpty, contentType.hasPrefix("image/") else {
            lastFailure.withLock { $0[id] = now() }
            return nil
        }
        _ = lastFailure.withLock { $0.removeValue(forKey: id) }
        return Sprite(bytes: response.body, contentType: contentType, isPlaceholder: false)
    }

    private func failedRecently(_ id: Int) -> Bool {
        guard let failure = lastFailure.withLock({ $0[id] }) else { return false }
        return now().timeIntervalSince(failure) < retryFailuresAfter
    }

    /// Stored as the content type, a newline, then the image bytes.
    private static func encode(_ sprite: Sprite) -> [UInt8] {
        Array(sprite.contentType.utf8) + [0x0A] + sprite.bytes
    }

    private static func decode(_ blob: [UInt8]) -> Sprite? {
        guard let newline = blob.firstIndex(of: 0x0A) else { return nil }
        return Sprite(bytes: Array(blob[(newline + 1)...]),
                      contentType: String(decoding: blob[..<newline], as: UTF8.self), isPlaceholder: false)
    }
}
