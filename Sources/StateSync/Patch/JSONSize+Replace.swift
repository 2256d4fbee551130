extension JSONSize {
    /// Whether one `replace` of the array at `path` with `new` encodes shorter than
    /// `operations` (as one JSON array), as if both were counted whole.
    ///
    /// A value an operation carries that is the very element of `new` its path ends at (a page
    /// added, or replaced whole by its own diff) is as long on both sides, so neither side
    /// counts it: a search's answer (the old pages removed, the first replaced) had its rows
    /// counted twice, in the operations and in the replace, and that was most of its diff.
    /// Such elements are objects and arrays found by identity (`isIdentical(to:)`: the same
    /// storage, or both empty; not equal scalars, whose encodings may differ, as `-0.0` and
    /// `0.0` do), each once (their indices rising), so the answer is the whole count's.
    static func replaceIsShorter(than operations: ArraySlice<PatchOperation>, path: String, new: [JSONValue]) -> Bool {
        var operationsLength = 2 + max(operations.count - 1, 0)  // brackets, commas
        var carried: [Int] = []  // indices in `new` of the values left out, rising
        for operation in operations {
            switch operation {
            case .add(let at, let value), .replace(let at, let value), .test(let at, let value):
                if value.isContainer, let index = trailingIndex(of: at), index < new.count, index > carried.last ?? -1,
                   value.isIdentical(to: new[index]) {
                    carried.append(index)
                    operationsLength += envelopeLength(of: operation)
                    continue
                }
            case .remove:
                break
            }
            operationsLength += encodedLength(of: operation, limit: .max) ?? 0  // never nil: no limit
        }
        // Shorter by one at least; less the envelope, the path, the brackets and the commas.
        var limit = operationsLength - 1 - (#"{"op":"replace","path":,"value":[]}"#.utf8.count + quotedLength(path) + max(new.count - 1, 0))
        guard limit >= 0 else { return false }
        var carriedIndices = carried.makeIterator()
        var skip = carriedIndices.next()
        for index in new.indices {
            if index == skip {
                skip = carriedIndices.next()
                continue
            }
            guard let length = encodedLength(of: new[index], limit: limit) else { return false }
            limit -= length
        }
        return true
    }

    /// The array index a JSON Pointer ends at (`/list/pages/3` → 3), nil when its last token
    /// is not a number. Unescaped tokens hold no `/`, so the last one follows the last `/`.
    static func trailingIndex(of path: String) -> Int? {
        var index = 0, scale = 1, digits = 0
        for byte in path.utf8.reversed() {
            if byte == UInt8(ascii: "/") { return digits > 0 ? index : nil }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 18 else { return nil }
            index += Int(byte - UInt8(ascii: "0")) * scale
            scale *= 10
            digits += 1
        }
        return nil
    }
}
