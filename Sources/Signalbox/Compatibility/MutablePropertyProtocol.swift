// ReactiveSwift's protocols of mutable properties, for generic code written against them
// (`func reset<P: MutablePropertyProtocol>(_ property: P) where P.Value == Int`).

/// A property whose value can be set, and that can be bound into with `<~`.
///
/// `MutableProperty` and `ValidatingProperty` conform. Conforming types must be
/// thread-safe: `value` may be read and set from any thread.
public protocol MutablePropertyProtocol: PropertyProtocol, BindingTargetProvider {
    /// The current value. Setting it stores the value (a `ValidatingProperty` stores it
    /// only if its validator allows it) and notifies the property's observers.
    var value: Value { get set }

    /// Ends when the property is deinitialised; bindings into the property end with it.
    var lifetime: Lifetime { get }
}

extension MutablePropertyProtocol {
    /// Sets the property's value; bindings end when the property's `lifetime` ends. The
    /// target holds the property weakly.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] in self?.value = $0 }
    }
}

/// A mutable property that exposes its synchronisation: `withValue` and `modify` run an
/// action under the property's lock, so that a read-modify-write is one atomic step.
///
/// `MutableProperty` conforms.
public protocol ComposableMutablePropertyProtocol: MutablePropertyProtocol {
    /// Runs `action` with the current value, under the property's lock.
    ///
    /// - Parameter action: Reads the value; it must not set this property.
    /// - Returns: What `action` returns.
    func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result

    /// Changes the value in place with `action`, under the property's lock, then notifies
    /// the observers once.
    ///
    /// - Parameter action: Changes the value; it must not read or set this property.
    /// - Returns: What `action` returns.
    func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result
}

extension MutableProperty: ComposableMutablePropertyProtocol {}

extension ValidatingProperty: MutablePropertyProtocol {}
