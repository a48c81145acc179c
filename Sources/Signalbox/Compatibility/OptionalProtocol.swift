// ReactiveSwift's `OptionalProtocol`: lets generic code constrain a value type to "some
// optional" (`where Value: OptionalProtocol`) and reach its wrapped value.

/// An optional type: `Optional` is the only conforming type.
public protocol OptionalProtocol {
    /// The type of the wrapped value.
    associatedtype Wrapped

    /// Creates the optional from `value`.
    ///
    /// - Parameter value: The wrapped value, or `nil`.
    init(reconstructing value: Wrapped?)

    /// The value as a plain `Optional`.
    var optional: Wrapped? { get }
}

extension Optional: OptionalProtocol {
    /// The optional itself.
    public var optional: Wrapped? { self }

    /// Creates the optional from `value`.
    ///
    /// - Parameter value: The wrapped value, or `nil`.
    public init(reconstructing value: Wrapped?) {
        self = value
    }
}

extension SignalProducer where Value: OptionalProtocol {
    /// Drops `nil` values and unwraps the others; the form of `skipNil()` for generic code
    /// constrained by `OptionalProtocol`.
    ///
    /// - Returns: A producer of the non-`nil` values.
    @_disfavoredOverload
    public func skipNil() -> SignalProducer<Value.Wrapped, Error> {
        compactMap { $0.optional }
    }
}

extension Signal where Value: OptionalProtocol {
    /// Drops `nil` values and unwraps the others; the form of `skipNil()` for generic code
    /// constrained by `OptionalProtocol`.
    ///
    /// - Returns: A signal of the non-`nil` values.
    @_disfavoredOverload
    public func skipNil() -> Signal<Value.Wrapped, Error> {
        compactMap { $0.optional }
    }
}
