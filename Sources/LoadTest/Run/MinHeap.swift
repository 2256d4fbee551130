/// A binary min-heap: the smallest element in O(1), insertion and removal in O(log n).
struct MinHeap<Element: Comparable> {
    private var elements: [Element] = []

    var min: Element? { elements.first }
    var isEmpty: Bool { elements.isEmpty }

    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func removeMin() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let smallest = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smaller = parent
            if left < elements.count, elements[left] < elements[smaller] { smaller = left }
            if right < elements.count, elements[right] < elements[smaller] { smaller = right }
            if smaller == parent { break }
            elements.swapAt(parent, smaller)
            parent = smaller
        }
        return smallest
    }

    mutating func removeAll() {
        elements.removeAll()
    }
}
