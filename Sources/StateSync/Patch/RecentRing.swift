/// The last few things remembered, the oldest replaced first (the diff memos' entries).
struct RecentRing<Element> {
    let capacity: Int
    private(set) var elements: [Element] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func insert(_ element: Element) {
        if elements.count < capacity {
            elements.append(element)
        } else {
            elements[next] = element
            next = (next + 1) % capacity
        }
    }
}

extension RecentRing: Sendable where Element: Sendable {}
