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
}

/// Sprites by Pokémon id, for `/sprites/{id}.png`: from the SQLite cache, else fetched once
/// over libcurl from the sprite URL and stored. Concurrent requests for one sprite share one
/// transfer; the stored sprites stay within `maxBytes` (the oldest go first). When offline or
/// when the fetch fails, a placeholder SVG, so the page never shows a broken image: a failed id
/// is tried again after `retryFailuresAfter`, and after a network failure (no route, no DNS)
/// no sprite is fetched for that long (failures are remembered in memory only, never stored).
public final class SpriteCache: Sendable {
    private let http: HTTPClient?
    private let cache: ResponseCache?
    private let ttl: TimeInterval
    private let retryFailuresAfter: TimeInterval
    private let maxBytes: Int
    private let timeouts: HTTPTimeouts
    private let spriteURL: @Sendable (Int) -> String
    private let primaryType: @Sendable (Int) async -> String?
    private let now: @Sendable () -> Date
    private let lastFailure = Mutex<[Int: Date]>([:])
    private let networkFailure = Mutex<Date?>(nil)
    private let inFlight = Mutex<[Int: Task<Sprite?, Never>]>([:])

    static let keyPrefix = "sprite "

    /// - Parameters:
    ///   - http: `nil` when offline: every sprite not cached is a placeholder.
    ///   - maxBytes: the most the stored sprites may take.
    ///   - primaryType: the first type of a Pokémon, which colours its placeholder.
    public init(
        http: HTTPClient?, cache: ResponseCache?, ttl: TimeInterval = 30 * 24 * 60 * 60,
        retryFailuresAfter: TimeInterval = 60, maxBytes: Int = 32 << 20,
        timeouts: HTTPTimeouts = HTTPTimeouts(connect: .seconds(3), total: .seconds(10)),
        spriteURL: @escaping @Sendable (Int) -> String = SpriteURL.pokeAPI,
        primaryType: @escaping @Sendable (Int) async -> String? = { Catalog.embedded.entry(id: $0)?.types.first },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.http = http
        self.cache = cache
        self.ttl = ttl
        self.retryFailuresAfter = retryFailuresAfter
        self.maxBytes = maxBytes
        self.timeouts = timeouts
        self.spriteURL = spriteURL
        self.primaryType = primaryType
        self.now = now
    }

    public func sprite(id: Int) async -> Sprite {
        let url = spriteURL(id)
        let key = Self.keyPrefix + url
        if let stored = try? cache?.value(for: key, maxAge: ttl, now: now()), let sprite = Self.decode(stored) {
            return sprite
        }
        if let http, !failedRecently(id), !offline(), let sprite = await sharedFetch(id, from: url, key: key, http: http) {
            return sprite
        }
        return await placeholder(id: id)
    }

    /// The generated stand-in for sprite `id`.
    public func placeholder(id: Int) async -> Sprite {
        Sprite(bytes: PlaceholderSprite.svg(id: id, type: await primaryType(id)),
               contentType: PlaceholderSprite.contentType, isPlaceholder: true)
    }

    /// The transfer of sprite `id` in flight, or a new one: every request waiting for one
    /// sprite waits for the same transfer.
    private func sharedFetch(_ id: Int, from url: String, key: String, http: HTTPClient) async -> Sprite? {
        let (task, isMine) = inFlight.withLock { transfers in
            if let running = transfers[id] { return (running, false) }
            let task = Task { await self.fetch(id, from: url, key: key, http: http) }
            transfers[id] = task
            return (task, true)
        }
        let sprite = await task.value
        if isMine { _ = inFlight.withLock { $0.removeValue(forKey: id) } }
        return sprite
    }

    /// The image at `url`, stored; or `nil` (and the failure remembered) when there is none.
    private func fetch(_ id: Int, from url: String, key: String, http: HTTPClient) async -> Sprite? {
        let response: HTTPResponse
        do {
            response = try await http.get(url, timeouts: timeouts)
        } catch {
            networkFailure.withLock { $0 = now() }
            return nil
        }
        let contentType = response.contentType ?? "image/png"
        guard response.status == 200, !response.body.isEmpty, contentType.hasPrefix("image/") else {
            lastFailure.withLock { $0[id] = now() }
            return nil
        }
        _ = lastFailure.withLock { $0.removeValue(forKey: id) }
        let sprite = Sprite(bytes: response.body, contentType: contentType, isPlaceholder: false)
        try? cache?.store(Self.encode(sprite), for: key, now: now())
        _ = try? cache?.trim(keysWithPrefix: Self.keyPrefix, toBytes: maxBytes)
        return sprite
    }

    private func failedRecently(_ id: Int) -> Bool {
        guard let failure = lastFailure.withLock({ $0[id] }) else { return false }
        return now().timeIntervalSince(failure) < retryFailuresAfter
    }

    /// Whether a transfer failed for want of a network within `retryFailuresAfter`.
    private func offline() -> Bool {
        guard let failure = networkFailure.withLock({ $0 }) else { return false }
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
