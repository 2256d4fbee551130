import XCTest
@testable import Storage

/// Vectors from FIPS 180-2 appendix B and NIST's SHA examples.
final class SHA256Tests: XCTestCase {
    func testEmptyMessage() {
        XCTAssertEqual(SHA256.hash("").hexString, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testABC() {
        XCTAssertEqual(SHA256.hash("abc").hexString, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testTwoBlockMessageOf448Bits() {
        XCTAssertEqual(
            SHA256.hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").hexString,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
    }

    func testOneMillionAs() {
        XCTAssertEqual(
            SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hexString,
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
    }

    /// 55 and 56 bytes straddle the point where the length no longer fits in the last block.
    func testPaddingBoundaries() {
        XCTAssertEqual(
            SHA256.hash(String(repeating: "a", count: 55)).hexString,
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
        )
        XCTAssertEqual(
            SHA256.hash(String(repeating: "a", count: 56)).hexString,
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
        )
    }
}
