/// A first-in, first-out queue with amortised O(1) removal from the front.
@usableFromInline
package struct FIFOQueue<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    package init() {}

    @inlinable
    package var isEmpty: Bool { head == storage.count }

    /// The queued elements, oldest first.
    @inlinable
    package var elements: ArraySlice<Element> { storage[head...] }

    @inlinable
    package mutating func append(_ element: Element) {
        storage.append(element)
    }

    @inlinable
    package mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
