import WebSocketServer

/// Sprite images for `/sprites/{id}.png`.
enum SpriteResponses {
    /// A generated stand-in (a Poké Ball with the number), so a page never shows a broken
    /// image when the real sprite cannot be fetched.
    static let placeholder: @Sendable (Int) async -> HTTPResponse = { id in
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="#\(id)">\
        <circle cx="48" cy="48" r="40" fill="#f4f4f5" stroke="#d4d4d8" stroke-width="4"/>\
        <path d="M8 48h80" stroke="#d4d4d8" stroke-width="4"/>\
        <path d="M8 48a40 40 0 0 1 80 0z" fill="#fca5a5"/>\
        <circle cx="48" cy="48" r="11" fill="#fff" stroke="#d4d4d8" stroke-width="4"/>\
        <text x="48" y="82" text-anchor="middle" font-family="system-ui,sans-serif" font-size="12" fill="#71717a">#\(id)</text>\
        </svg>
        """
        return HTTPResponse(
            contentType: "image/svg+xml",
            headers: ["cache-control": "public, max-age=86400"],
            body: Array(svg.utf8)
        )
    }
}
