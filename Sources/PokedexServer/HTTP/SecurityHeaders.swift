/// Headers on every HTTP response the server writes (`ServerConfiguration.defaultHeaders`).
///
/// The web client is ES modules and one stylesheet from this origin, sprites from `/sprites`
/// (and the favicon), and its websocket: the policy allows exactly that. Inline scripts and
/// `style="…"` attributes are refused (the client sets styles through `element.style`, which
/// CSP allows); no page may frame it (clickjacking the star and invite buttons). Invite codes
/// travel in URLs, so no `Referer` is ever sent. `ws: wss:` because Safari before 15.4 did
/// not let `'self'` cover the websocket.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self' ws: wss:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let all = [
        "content-security-policy": contentSecurityPolicy,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    ]
}
