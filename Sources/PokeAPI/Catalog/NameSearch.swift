/// A name search as both data sources answer it: the query's text found anywhere in the name,
/// ignoring case. Compares lowercased UTF-8 bytes: `String.contains` with Foundation imported
/// bridges to NSString on Linux, which made a search page of the embedded catalog 7× slower.
struct NameSearch {
    private let needle: [UInt8]

    init(_ text: String) {
        needle = Self.key(text)
    }

    var isEmpty: Bool { needle.isEmpty }

    /// What a name is compared as; keep it to match many queries against the same names.
    static func key(_ name: String) -> [UInt8] { Array(name.lowercased().utf8) }

    func matches(key name: [UInt8]) -> Bool {
        guard needle.count <= name.count else { return false }
        return (0...(name.count - needle.count)).contains { start in
            name[start..<start + needle.count].elementsEqual(needle)
        }
    }

    func matches(_ name: String) -> Bool { matches(key: Self.key(name)) }
}
