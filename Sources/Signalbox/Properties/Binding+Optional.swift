extension Optional: BindingTargetProvider where Wrapped: BindingTargetProvider {
    /// The wrapped target, or, for `nil`, a target whose lifetime has already ended (a
    /// binding to it ends at once, and nothing is written).
    public var bindingTarget: BindingTarget<Wrapped.Value> {
        switch self {
        case .some(let target): return target.bindingTarget
        case .none: return BindingTarget(lifetime: .empty) { _ in }
        }
    }
}

/// Binds a source of non-optional values to a target of optional values: every value of
/// the source is given to the target, wrapped. Otherwise as `<~`.
///
/// - Parameters:
///   - target: What receives the values, e.g. a `MutableProperty<Int?>`.
///   - source: Where the values come from: a producer, a signal or a property.
/// - Returns: A disposable that ends the binding; never `nil`.
@discardableResult
@inlinable
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
    target: Target, source: Source
) -> Disposable? where Target.Value == Source.Value? {
    target <~ source.producer.map(Optional.some)
}
