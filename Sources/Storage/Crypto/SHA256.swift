import CLibCrypto

/// SHA-256, for hashing tokens and invite codes before they are stored: libcrypto's (OpenSSL),
/// which libwebsockets and libcurl load anyway. The one place that calls it.
enum SHA256 {
    static let digestLength = Int(SHA256_DIGEST_LENGTH)

    static func hash(_ message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: digestLength)
        message.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                // Never fails: the one-shot form returns its output pointer.
                _ = CLibCrypto.SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }

    static func hash(_ text: String) -> [UInt8] {
        hash(Array(text.utf8))
    }
}
