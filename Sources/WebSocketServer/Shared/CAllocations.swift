import Glibc

/// C memory handed to an lws context (strings, protocol tables, mounts, policies), which lws
/// reads for as long as the context lives. Owned by the service loop; freed after the context
/// is destroyed.
final class CAllocations {
    private var blocks: [UnsafeMutableRawPointer] = []

    func string(_ value: String) -> UnsafePointer<CChar> {
        let copy = strdup(value)!
        blocks.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    /// `values` laid out contiguously, as C arrays expect.
    func array<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
        let raw = malloc(MemoryLayout<T>.stride * max(values.count, 1))!
        blocks.append(raw)
        let pointer = raw.bindMemory(to: T.self, capacity: values.count)
        pointer.initialize(from: values, count: values.count)
        return pointer
    }

    func value<T>(_ value: T) -> UnsafeMutablePointer<T> {
        array([value])
    }

    deinit {
        // Only plain C structs and strings live here: nothing to deinitialize.
        for block in blocks { free(block) }
    }
}
