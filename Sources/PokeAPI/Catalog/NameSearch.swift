import Foundation

/// A name search as every data source answers it: what people type found in a name in any
/// language, ignoring case, accents and punctuation ("mr mime" finds Mr. Mime, "farfetchd"
/// Farfetch’d, "nidoran" both Nidoran), or a number (`25`, `#025`) finding that Pokémon.
/// Names and text compare as folded UTF-8 bytes: `String.contains` with Foundation imported
/// bridges to NSString on Linux, which made a search page of the embedded catalog 7× slower.
struct NameSearch {
    private let needle: [UInt8]
    private let number: Int?

    init(_ text: String) {
        number = Self.number(text)
        needle = Self.key(text)
    }

    /// `25`, `#025`, ` #25 ` → 25; anything else (a name, `#`, `2b`) → nil. Bytes, not
    /// Foundation's trimming: this runs for every search a session types.
    static func number(_ text: String) -> Int? {
        var digits = text.utf8.drop { $0 == UInt8(ascii: " ") }
        while digits.last == UInt8(ascii: " ") { digits = digits.dropLast() }
        if digits.first == UInt8(ascii: "#") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    var isEmpty: Bool { needle.isEmpty && number == nil }

    /// What names are compared as: every name folded (lowercase, no accents, letters and digits
    /// only), once each, separated by a byte no folded text has, so a match never spans two names. Keep
    /// it to match many queries against the same names.
    static func key(_ names: [String]) -> [UInt8] {
        var keys: [[UInt8]] = []
        for key in names.map(key) where !keys.contains(key) { keys.append(key) }
        return Array(keys.joined(separator: [0]))
    }

    static func key(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiKey(text.utf8) }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var key: [UInt8] = []
        for scalar in folded.lowercased().unicodeScalars where scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            key.append(contentsOf: String(scalar).utf8)
        }
        return key
    }

    /// The common case without Foundation: lowercase letters and digits.
    private static func asciiKey(_ bytes: String.UTF8View) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): key.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.append(byte + 32)
            default: break
            }
        }
        return key
    }

    /// Whether Pokémon `id`, whose names fold to `key`, is a match.
    func matches(id: Int, key names: [UInt8]) -> Bool {
        if let number { return id == number }
        guard needle.count <= names.count else { return false }
        if needle.isEmpty { return true }
        return (0...(names.count - needle.count)).contains { start in
            names[start..<start + needle.count].elementsEqual(needle)
        }
    }

    func matches(id: Int, names: [String]) -> Bool { matches(id: id, key: Self.key(names)) }
}
