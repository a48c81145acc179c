precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

/// Binds a source's values to a target: `target <~ source`.
infix operator <~ : BindingPrecedence

/// Something whose values can be bound to a target with `<~`: a non-failing producer,
/// signal or property.
public protocol BindingSource<Value> {
    /// The type of the values.
    associatedtype Value

    /// The values to bind, as a producer.
    var producer: SignalProducer<Value, Never> { get }
}

extension SignalProducer: BindingSource where Error == Never {
    /// The producer itself.
    public var producer: SignalProducer<Value, Never> { self }
}

extension Signal: BindingSource where Error == Never {
    /// A producer forwarding this signal's events.
    public var producer: SignalProducer<Value, Never> { SignalProducer(self) }
}

/// Something that can be the target of a `<~` binding.
public protocol BindingTargetProvider<Value> {
    /// The type of the values it accepts.
    associatedtype Value

    /// The target that receives bound values.
    var bindingTarget: BindingTarget<Value> { get }
}

/// A consumer of bound values with a lifetime: a binding ends when the lifetime ends.
public struct BindingTarget<Value>: BindingTargetProvider {
    /// Ends the bindings to this target when it ends.
    public let lifetime: Lifetime

    /// Receives each bound value.
    public let action: (Value) -> Void

    /// Creates a target.
    ///
    /// - Parameters:
    ///   - lifetime: Bindings end when it ends.
    ///   - action: Receives each bound value.
    public init(lifetime: Lifetime, action: @escaping (Value) -> Void) {
        self.lifetime = lifetime
        self.action = action
    }

    /// The target itself.
    public var bindingTarget: BindingTarget<Value> { self }
}

extension MutableProperty: BindingTargetProvider {
    /// Sets the property's value; bindings end when the property deinitialises.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] in self?.value = $0 }
    }
}

/// Binds `source` to `target`: every value of the source is given to the target.
///
/// The binding ends when the source ends, when the target's lifetime ends (a property that
/// deinitialises), or when the returned disposable is disposed.
///
/// - Parameters:
///   - target: What receives the values, e.g. a `MutableProperty`.
///   - source: Where the values come from: a producer, a signal or a property.
/// - Returns: A disposable that ends the binding. It is never `nil`; the type is
///   optional as in ReactiveSwift, so that `disposable?.dispose()` code compiles unchanged.
@discardableResult
@inlinable
public func <~ <Target: BindingTargetProvider, Source: BindingSource>(
    target: Target, source: Source
) -> Disposable? where Source.Value == Target.Value {
    let bindingTarget = target.bindingTarget
    return source.producer
        .take(during: bindingTarget.lifetime)
        .startWithValues(bindingTarget.action)
}
