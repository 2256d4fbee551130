/// What changed between two values of a state, as one line per changed leaf:
/// `list.search: "char" → "pika"`. Walks both values' mirrors side by side and skips every
/// part that compares equal (an array whose storage is shared compares at once), so an action
/// that changes one field costs a few comparisons, not a dump of the whole state.
public enum StateChanges {
    /// At most `limit` lines; a final `…` line says more changed.
    public static func lines(from old: Any, to new: Any, limit: Int = 64) -> [String] {
        var walk = Walk(limit: limit)
        walk.compare(old, new, path: "")
        return walk.lines
    }

    private struct Walk {
        let limit: Int
        var lines: [String] = []

        mutating func compare(_ old: Any, _ new: Any, path: String) {
            guard lines.count <= limit else { return }
            if let equal = Self.equal(old, new), equal { return }
            let oldMirror = Mirror(reflecting: old), newMirror = Mirror(reflecting: new)
            if oldMirror.displayStyle == .class, newMirror.displayStyle == .class,
               ObjectIdentifier(old as AnyObject) == ObjectIdentifier(new as AnyObject) {
                return  // the same object: what it holds now is what both see
            }
            let oldChildren = Array(oldMirror.children), newChildren = Array(newMirror.children)
            let sameShape = oldMirror.displayStyle == newMirror.displayStyle
                && oldChildren.count == newChildren.count && !oldChildren.isEmpty
                && oldMirror.displayStyle != .set && oldMirror.displayStyle != .dictionary
                && zip(oldChildren, newChildren).allSatisfy { $0.label == $1.label }
                && (oldMirror.displayStyle != .enum || Self.caseName(old) == Self.caseName(new))
            guard sameShape else {
                if lines.count == limit { lines.append("…"); return }
                lines.append("\(path.isEmpty ? "state" : path): \(Self.short(old)) → \(Self.short(new))")
                return
            }
            for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
                let name = oldChild.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "[\(index)]"
                let childPath = path.isEmpty ? name : (name.hasPrefix("[") ? path + name : path + "." + name)
                compare(oldChild.value, newChild.value, path: childPath)
            }
        }

        /// nil when the values are not `Equatable` (or not of one type).
        static func equal(_ lhs: Any, _ rhs: Any) -> Bool? {
            guard let lhs = lhs as? any Equatable else { return nil }
            return lhs.isEqual(to: rhs)
        }

        static func caseName(_ value: Any) -> String {
            let text = String(describing: value)
            return String(text.prefix { $0 != "(" })
        }

        static func short(_ value: Any) -> String {
            var text = String(reflecting: value)
            if text.count > 160 { text = String(text.prefix(157)) + "…" }
            return text
        }
    }
}

private extension Equatable {
    func isEqual(to other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}
