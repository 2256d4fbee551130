import CCurl
import Foundation
import PokemonClient

/// One GET on the curl thread: its easy handle, the body as it arrives, curl's error text.
final class CurlTransfer {
    let id: UInt64
    let easy: UnsafeMutableRawPointer
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    private(set) var body: [UInt8] = []
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    /// Larger bodies abort the transfer: no PokeAPI document or sprite comes near it.
    private static let maximumBodySize = 32 << 20

    init(id: UInt64, request: CurlRequest, continuation: CheckedContinuation<HTTPResponse, any Error>) throws {
        guard let easy = curl_easy_init() else { throw PokemonClientError.network("curl_easy_init failed") }
        self.id = id
        self.easy = easy
        self.continuation = continuation
        errorBuffer[0] = 0
        pokedex_curl_setopt_string(easy, CURLOPT_URL, request.url)
        pokedex_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        pokedex_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        pokedex_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        pokedex_curl_setopt_string(easy, CURLOPT_USERAGENT, "pokedex-live")
        pokedex_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        pokedex_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        pokedex_curl_setopt_long(easy, CURLOPT_MAXREDIRS, 5)
        pokedex_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.timeouts.connect))
        pokedex_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeouts.total))
        switch request.trust {
        case .system: break
        case .caFile(let path): pokedex_curl_setopt_string(easy, CURLOPT_CAINFO, path)
        case .anyCertificate:
            pokedex_curl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 0)
            pokedex_curl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 0)
        }
        pokedex_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        pokedex_curl_setopt_write(easy, CURLOPT_WRITEFUNCTION, curlWriteBody)
        pokedex_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Appends bytes curl received; `false` (abort) past the size limit.
    fileprivate func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= Self.maximumBodySize else { return false }
        body.append(contentsOf: bytes)
        return true
    }

    /// The response, or the error `code` maps to.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, any Error> {
        guard code == CURLE_OK else {
            if code == CURLE_OPERATION_TIMEDOUT { return .failure(PokemonClientError.timedOut) }
            let detail = String(cString: errorBuffer)
            return .failure(PokemonClientError.network(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail))
        }
        var status = 0
        pokedex_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var contentType: UnsafeMutablePointer<CChar>?
        pokedex_curl_getinfo_string(easy, CURLINFO_CONTENT_TYPE, &contentType)
        return .success(HTTPResponse(status: status, body: body, contentType: contentType.map { String(cString: $0) }))
    }

    /// Frees the easy handle; call once, after removing it from the multi handle.
    func close() {
        curl_easy_cleanup(easy)
        errorBuffer.deallocate()
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(duration / .milliseconds(1)))
    }
}

/// CURLOPT_WRITEFUNCTION: `userdata` is the unretained `CurlTransfer`, alive while its handle is.
private let curlWriteBody: pokedex_curl_write_callback = { data, size, count, userdata in
    guard let data, let userdata else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.append(bytes) ? size * count : 0
}
