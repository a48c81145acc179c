extension Transforms {
    @inlinable
    static func map<V, E, U>(_ transform: @escaping (V) -> U) -> EventTransform<V, E, U, E> {
        { downstream, _ in
            { event in
                switch event {
                case .value(let value): downstream(.value(transform(value)))
                case .failed(let error): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }

    @inlinable
    static func mapError<V, E, F>(_ transform: @escaping (E) -> F) -> EventTransform<V, E, V, F> {
        { downstream, _ in
            { event in downstream(event.mapError(transform)) }
        }
    }

    @inlinable
    static func attemptMap<V, E, U>(
        _ transform: @escaping (V) -> Result<U, E>
    ) -> EventTransform<V, E, U, E> {
        { downstream, _ in
            { event in
                switch event {
                case .value(let value):
                    switch transform(value) {
                    case .success(let mapped): downstream(.value(mapped))
                    case .failure(let error): downstream(.failed(error))
                    }
                case .failed(let error): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }

    @inlinable
    static func compactMap<V, E, U>(_ transform: @escaping (V) -> U?) -> EventTransform<V, E, U, E>
    {
        { downstream, _ in
            { event in
                switch event {
                case .value(let value):
                    if let mapped = transform(value) { downstream(.value(mapped)) }
                case .failed(let error): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }

    @inlinable
    static func filter<V, E>(_ isIncluded: @escaping (V) -> Bool) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            { event in
                if case .value(let value) = event, !isIncluded(value) { return }
                downstream(event)
            }
        }
    }
}

extension SignalProducer {
    /// Transforms each value.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1, 2).map { $0 * 10 }  // sends 10, 20
    /// ```
    ///
    /// - Parameter transform: Applied to each value.
    /// - Returns: A producer of the transformed values.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        lift(
            values: { downstream in downstream.sending(transform) },
            events: Transforms.map(transform))
    }

    /// Sends the property at `keyPath` of each value, as ReactiveSwift's `map(_:)` taking a
    /// key path does (a key path held in a variable, which does not convert to a function).
    ///
    /// - Parameter keyPath: The property to read from each value.
    /// - Returns: A producer of the properties read.
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> SignalProducer<U, Error> {
        map { $0[keyPath: keyPath] }
    }

    /// Replaces each value with `value`.
    ///
    /// - Parameter value: The value to send instead of each value.
    /// - Returns: A producer sending `value` once per upstream value.
    // Disfavoured: otherwise a trailing closure of two arguments (`map { $0 + $1 }` on pairs)
    // matches `value:`, the closure becoming the value, once `map` also takes a key path.
    @_disfavoredOverload
    @inlinable
    public func map<U>(value: U) -> SignalProducer<U, Error> {
        map { _ in value }
    }

    /// Transforms each error.
    ///
    /// - Parameter transform: Applied to the error if the producer fails.
    /// - Returns: A producer failing with the transformed error.
    @inlinable
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> SignalProducer<Value, F> {
        lift(Transforms.mapError(transform))
    }

    /// Transforms each value with an operation that can fail; a failure fails the stream.
    ///
    /// - Parameter transform: Returns the mapped value or the error to fail with.
    /// - Returns: A producer of the mapped values.
    @inlinable
    public func attemptMap<U>(
        _ transform: @escaping (Value) -> Result<U, Error>
    ) -> SignalProducer<U, Error> {
        lift(
            values: { downstream in
                let send = downstream.valuePath
                let fail = downstream.event
                return { value in
                    switch transform(value) {
                    case .success(let mapped): send(mapped)
                    case .failure(let error): fail(.failed(error))
                    }
                }
            },
            events: Transforms.attemptMap(transform))
    }

    /// Transforms each value with a throwing operation; a thrown error fails the stream.
    ///
    /// ```swift
    /// requestJSON(...).attemptMap { data throws(NetworkError) in try decode(data) }
    /// ```
    ///
    /// - Parameter transform: Returns the mapped value or throws the stream's error type.
    /// - Returns: A producer of the mapped values.
    @_disfavoredOverload
    @inlinable
    public func attemptMap<U>(
        _ transform: @escaping (Value) throws(Error) -> U
    ) -> SignalProducer<U, Error> {
        attemptMap { value in Result { () throws(Error) in try transform(value) } }
    }

    /// Transforms each value, dropping those for which `transform` returns `nil`.
    ///
    /// - Parameter transform: Returns the mapped value or `nil` to drop it.
    /// - Returns: A producer of the non-`nil` mapped values.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> {
        lift(
            values: { downstream in
                let send = downstream.valuePath
                return { value in
                    if let mapped = transform(value) { send(mapped) }
                }
            },
            events: Transforms.compactMap(transform))
    }

    /// Sends only the values that satisfy `isIncluded`.
    ///
    /// - Parameter isIncluded: Decides whether a value passes.
    /// - Returns: A producer of the values that pass.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        let events: EventTransform<Value, Error, Value, Error> = Transforms.filter(isIncluded)
        return lift(sink: { downstream, lifetime in
            RunSink(
                filter: isIncluded, passed: downstream.valuePath,
                event: events(downstream.event, lifetime))
        })
    }
}

extension Signal {
    /// Transforms each value.
    ///
    /// - Parameter transform: Applied to each value.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Error> {
        liftSynchronous(
            values: { core in { core.deliver(value: transform($0)) } },
            events: Transforms.map(transform))
    }

    /// Sends the property at `keyPath` of each value, as ReactiveSwift's `map(_:)` taking a
    /// key path does (a key path held in a variable, which does not convert to a function).
    ///
    /// - Parameter keyPath: The property to read from each value.
    /// - Returns: A signal of the properties read.
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Signal<U, Error> {
        map { $0[keyPath: keyPath] }
    }

    /// Replaces each value with `value`.
    ///
    /// - Parameter value: The value to send instead of each value.
    /// - Returns: A signal sending `value` once per upstream value.
    // Disfavoured: see `SignalProducer.map(value:)`.
    @_disfavoredOverload
    @inlinable
    public func map<U>(value: U) -> Signal<U, Error> {
        map { _ in value }
    }

    /// Transforms each error.
    ///
    /// - Parameter transform: Applied to the error if the signal fails.
    /// - Returns: A signal failing with the transformed error.
    @inlinable
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> Signal<Value, F> {
        liftSynchronous(Transforms.mapError(transform))
    }

    /// Transforms each value with an operation that can fail; a failure fails the signal.
    ///
    /// - Parameter transform: Returns the mapped value or the error to fail with.
    /// - Returns: A signal of the mapped values.
    @inlinable
    public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>) -> Signal<
        U, Error
    > {
        liftSynchronous(
            values: { core in
                { value in
                    switch transform(value) {
                    case .success(let mapped): core.deliver(value: mapped)
                    case .failure(let error): core.deliver(.failed(error))
                    }
                }
            },
            events: Transforms.attemptMap(transform))
    }

    /// Transforms each value with a throwing operation; a thrown error fails the signal.
    ///
    /// - Parameter transform: Returns the mapped value or throws the signal's error type.
    /// - Returns: A signal of the mapped values.
    @_disfavoredOverload
    @inlinable
    public func attemptMap<U>(_ transform: @escaping (Value) throws(Error) -> U) -> Signal<U, Error>
    {
        attemptMap { value in Result { () throws(Error) in try transform(value) } }
    }

    /// Transforms each value, dropping those for which `transform` returns `nil`.
    ///
    /// - Parameter transform: Returns the mapped value or `nil` to drop it.
    /// - Returns: A signal of the non-`nil` mapped values.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
        liftSynchronous(
            values: { core in
                { value in
                    if let mapped = transform(value) { core.deliver(value: mapped) }
                }
            },
            events: Transforms.compactMap(transform))
    }

    /// Sends only the values that satisfy `isIncluded`.
    ///
    /// - Parameter isIncluded: Decides whether a value passes.
    /// - Returns: A signal of the values that pass.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        liftSynchronous(
            values: { core in
                { value in
                    if isIncluded(value) { core.deliver(value: value) }
                }
            },
            events: Transforms.filter(isIncluded))
    }
}
