/// An unordered collection that hands out a token for each insertion, by which that one
/// element is removed later, even if equal elements were inserted too: ReactiveSwift's
/// `Bag`, for code that keeps a list of observers or callbacks.
///
/// A value type with no lock: guard a shared bag yourself (for instance with `Atomic`).
/// Elements are kept in insertion order; removal is O(n).
///
/// ```swift
/// var handlers = Bag<() -> Void>()
/// let token = handlers.insert { print("called") }
/// handlers.forEach { $0() }  // Prints: called
/// handlers.remove(using: token)
/// ```
public struct Bag<Element> {
    /// Identifies one insertion into a bag.
    public struct Token: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private var elements: [Element] = []
    private var tokens: [UInt64] = []
    private var nextToken: UInt64 = 0

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding the elements of `elements`, in order.
    ///
    /// - Parameter elements: The initial elements.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { insert(element) }
    }

    /// Adds `element`.
    ///
    /// - Parameter element: The element to add.
    /// - Returns: The token that removes this insertion.
    @discardableResult
    public mutating func insert(_ element: Element) -> Token {
        let token = nextToken
        // 2^64 insertions cannot happen in practice; wrapping keeps it from trapping.
        nextToken &+= 1
        elements.append(element)
        tokens.append(token)
        return Token(value: token)
    }

    /// Removes the element inserted with `token`; does nothing if it was already removed.
    ///
    /// - Parameter token: A token `insert(_:)` returned.
    /// - Returns: The removed element, or `nil` if there was none for `token`.
    @discardableResult
    public mutating func remove(using token: Token) -> Element? {
        guard let index = tokens.lastIndex(of: token.value) else { return nil }
        tokens.remove(at: index)
        return elements.remove(at: index)
    }
}

extension Bag: RandomAccessCollection {
    /// The position of the first element.
    public var startIndex: Int { elements.startIndex }

    /// The position after the last element.
    public var endIndex: Int { elements.endIndex }

    /// The element at `position`.
    ///
    /// - Parameter position: A valid index of the bag.
    /// - Returns: The element.
    public subscript(position: Int) -> Element { elements[position] }

    /// An iterator over the elements, in insertion order.
    ///
    /// - Returns: The iterator.
    public func makeIterator() -> IndexingIterator<[Element]> {
        elements.makeIterator()
    }
}

extension Bag: Sendable where Element: Sendable {}
