import CCurl
import Foundation

/// What a GET answered: the status, the body and the headers the app uses.
public struct HTTPResponse: Equatable, Sendable {
    public var status: Int
    public var body: [UInt8]
    /// The `Content-Type` header, if any.
    public var contentType: String?

    public init(status: Int, body: [UInt8], contentType: String? = nil) {
        self.status = status
        self.body = body
        self.contentType = contentType
    }
}

/// How long a transfer may take to connect, and in all.
public struct HTTPTimeouts: Equatable, Sendable {
    public var connect: Duration
    public var total: Duration

    public init(connect: Duration = .seconds(5), total: Duration = .seconds(20)) {
        self.connect = connect
        self.total = total
    }
}

/// The one wrapper around libcurl. Runs a curl multi handle on its own thread, so any number
/// of transfers share one event loop and its connection pool.
///
/// Errors: a timeout is `PokemonClientError.timedOut`, a refused or reset connection (and any
/// other transport failure) `.network(message)`, task cancellation `CancellationError` (the
/// transfer is aborted and its connection closed). HTTP statuses are not errors here.
public final class HTTPClient: Sendable {
    private let inbox: TransferInbox
    private let trust: HTTPTrust

    /// `trust`: which https servers to believe (the system's CAs unless told otherwise).
    public init(trust: HTTPTrust = .system) throws {
        self.trust = trust
        _ = Self.globalInit
        inbox = try TransferInbox()
        let inbox = self.inbox
        let thread = Thread { CurlMultiLoop(inbox: inbox).run() }
        thread.name = "pokedex.curl"
        thread.start()
    }

    deinit {
        inbox.shutDown()
    }

    /// GETs `url`. Many calls may be in flight at once; each is one easy handle on the loop.
    public func get(_ url: String, timeouts: HTTPTimeouts = HTTPTimeouts()) async throws -> HTTPResponse {
        let id = inbox.issueID()
        let request = CurlRequest(url: url, timeouts: timeouts, trust: trust)
        let inbox = self.inbox
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                inbox.send(.start(id: id, request: request, continuation: continuation))
            }
        } onCancel: {
            inbox.send(.cancel(id: id))
        }
    }

    /// `curl_global_init` must run once per process, before any other curl call.
    private static let globalInit: Void = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
    }()
}

/// Which https servers a client believes: the system's CAs, one CA file's (a test
/// certificate's), or any certificate at all (`--insecure`: the connection is encrypted, the
/// server unverified).
public enum HTTPTrust: Sendable, Equatable {
    case system
    case caFile(String)
    case anyCertificate
}
