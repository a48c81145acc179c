/// A type whose values (and the type itself) offer reactive extensions under `reactive`,
/// ReactiveSwift's namespace for them.
///
/// Conform a type, then extend `Reactive where Base: YourType`:
///
/// ```swift
/// extension Reactive where Base: Thermometer {
///     var temperature: SignalProducer<Double, Never> { base.readings }
/// }
/// thermometer.reactive.temperature.startWithValues { print($0) }
/// ```
public protocol ReactiveExtensionsProvider {}

extension ReactiveExtensionsProvider {
    /// The reactive extensions of this value.
    public var reactive: Reactive<Self> {
        Reactive(self)
    }

    /// The reactive extensions of this type.
    public static var reactive: Reactive<Self>.Type {
        Reactive<Self>.self
    }
}

/// The namespace of reactive extensions of a `Base` value: extend it with
/// `extension Reactive where Base: …`.
///
/// For an object, `reactive[dynamicMember:]` turns a writable key path into a
/// `BindingTarget`: `label.reactive.text <~ titles`.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The value the extensions act on.
    public let base: Base

    /// Wraps `base`; usually reached through `base.reactive`.
    ///
    /// - Parameter base: The value the extensions act on.
    public init(_ base: Base) {
        self.base = base
    }
}

extension Reactive where Base: AnyObject {
    /// A binding target that writes each value to `base[keyPath: keyPath]`, holding `base`
    /// weakly; see `BindingTarget.init(on:object:keyPath:)` for when bindings end.
    ///
    /// - Parameter keyPath: The property of `base` that receives the values.
    /// - Returns: The binding target.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Value>)
        -> BindingTarget<Value>
    {
        BindingTarget(object: base, keyPath: keyPath)
    }

    /// A binding target that runs `action` with `base` and each value, on `scheduler`,
    /// holding `base` weakly: the binding ends at the first value after `base` is gone.
    ///
    /// - Parameters:
    ///   - scheduler: Where `action` runs; at once on the sending thread by default.
    ///   - action: Applies a value to the object.
    /// - Returns: The binding target.
    public func makeBindingTarget<Value>(
        on scheduler: Scheduler = ImmediateScheduler(),
        _ action: @escaping (Base, Value) -> Void
    ) -> BindingTarget<Value> {
        let (lifetime, token) = Lifetime.make()
        return BindingTarget(on: scheduler, lifetime: lifetime) { [weak base] value in
            guard let base else { return token.dispose() }
            action(base, value)
        }
    }
}
