extension BindingTarget {
    /// A target that hands each value to `action` on `scheduler`.
    ///
    /// - Parameters:
    ///   - scheduler: Where `action` runs, e.g. `UIScheduler()` for a view.
    ///   - lifetime: Bindings end when it ends.
    ///   - action: Receives each bound value.
    public init(on scheduler: Scheduler, lifetime: Lifetime, action: @escaping (Value) -> Void) {
        self.init(lifetime: lifetime) { value in scheduler.schedule { action(value) } }
    }

    /// A target that writes each value to `object[keyPath: keyPath]` while `lifetime`
    /// lasts (ReactiveSwift's form).
    ///
    /// The object is held weakly: the target never keeps it alive, and values that arrive
    /// after it is gone are dropped.
    ///
    /// ```swift
    /// BindingTarget(lifetime: screen.lifetime, object: label, keyPath: \.text) <~ viewModel.title
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: Where the writes happen; at once on the sending thread by default.
    ///   - lifetime: Bindings end when it ends.
    ///   - object: The object to write to.
    ///   - keyPath: The property of `object` that receives the values.
    public init<Object: AnyObject>(
        on scheduler: Scheduler = ImmediateScheduler(), lifetime: Lifetime, object: Object,
        keyPath: ReferenceWritableKeyPath<Object, Value>
    ) {
        self.init(on: scheduler, lifetime: lifetime) { [weak object] value in
            object?[keyPath: keyPath] = value
        }
    }

    /// A target that writes each value to `object[keyPath: keyPath]` for as long as
    /// `object` lives.
    ///
    /// The object is held weakly. Swift offers no portable way to be told when an arbitrary
    /// object is deallocated (ReactiveSwift's `object.reactive.lifetime` relies on the
    /// Objective-C runtime), so the binding notices it at the next value: that value is
    /// dropped and the binding ends, releasing its source. Pass a `lifetime` (see
    /// `init(on:lifetime:object:keyPath:)`) to end bindings at a known moment instead.
    ///
    /// ```swift
    /// BindingTarget(object: model, keyPath: \.title) <~ titles
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: Where the writes happen; at once on the sending thread by default.
    ///   - object: The object to write to.
    ///   - keyPath: The property of `object` that receives the values.
    public init<Object: AnyObject>(
        on scheduler: Scheduler = ImmediateScheduler(), object: Object,
        keyPath: ReferenceWritableKeyPath<Object, Value>
    ) {
        let (lifetime, token) = Lifetime.make()
        self.init(on: scheduler, lifetime: lifetime) { [weak object] value in
            guard let object else { return token.dispose() }
            object[keyPath: keyPath] = value
        }
    }
}

extension Signal.Observer: BindingTargetProvider {
    /// Sends each bound value into this observer: `observer <~ source` forwards values
    /// (not the source's termination). The binding ends at the first value after this
    /// observer has terminated, or when the source ends.
    public var bindingTarget: BindingTarget<Value> {
        let (lifetime, token) = Lifetime.make()
        return BindingTarget(lifetime: lifetime) { [self] value in
            guard !isTerminated else { return token.dispose() }
            send(value: value)
        }
    }
}

extension Action: BindingTargetProvider {
    /// Applies the action to each bound value and starts the run: `action <~ signal`.
    ///
    /// A value that arrives while the action is disabled (or still executing) is dropped,
    /// as `apply(_:)` fails with `.disabled`. The action is held weakly; the binding ends at
    /// the first value after the action is gone, or when the source ends.
    public var bindingTarget: BindingTarget<Input> {
        let (lifetime, token) = Lifetime.make()
        return BindingTarget(lifetime: lifetime) { [weak self] input in
            guard let self else { return token.dispose() }
            self.apply(input).start()
        }
    }
}
