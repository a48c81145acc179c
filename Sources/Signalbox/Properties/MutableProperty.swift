/// A thread-safe, observable, settable value.
///
/// ```swift
/// let name = MutableProperty("")
/// name.producer.startWithValues { print("name:", $0) }  // Prints: name:
/// name.value = "Ada"                                     // Prints: name: Ada
/// ```
///
/// Every write is delivered to observers in the order it happened; `modify` makes a
/// read-modify-write atomic, so concurrent increments lose nothing. Setting the value from
/// inside one of its own observers is a programming error (it deadlocks).
public final class MutableProperty<Value>: PropertyProtocol, @unchecked Sendable {
    // Safety: `storage` is only touched under `valueLock`; `sendLock` is held around each
    // write and its delivery, and around `producer`'s "current value, then changes"
    // hand-over, so observers see every write exactly once, in order.
    //
    // Why the property delivers into the signal's core directly instead of through a pipe's
    // input observer: `sendLock` already serialises every delivery, so the observer's own
    // lock would be a second, redundant lock on every write.
    @usableFromInline let valueLock = Lock()
    @usableFromInline let sendLock = Lock()
    @usableFromInline @exclusivity(unchecked) var storage: Value
    @usableFromInline let core: SignalCore<Value, Never>
    private let token = Lifetime.Token()

    /// Sends every change; completes when the property is deinitialised.
    public let signal: Signal<Value, Never>

    /// Ends when the property is deinitialised.
    public let lifetime: Lifetime

    /// Creates a property holding `initialValue`.
    ///
    /// - Parameter initialValue: The first value.
    public init(_ initialValue: Value) {
        storage = initialValue
        core = SignalCore()
        signal = Signal(core: core)
        lifetime = Lifetime(token.disposables)
    }

    deinit {
        core.deliver(.completed)
    }

    /// The current value. Setting it notifies observers before returning.
    @inlinable
    public var value: Value {
        get { valueLock.withLock { storage } }
        set { swap(newValue) }
    }

    /// Sets a new value and returns the old one, atomically.
    ///
    /// - Parameter newValue: The value to store.
    /// - Returns: The previous value.
    @inlinable
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        modify { value in
            defer { value = newValue }
            return value
        }
    }

    /// Atomically reads and changes the value, then notifies observers of the result.
    ///
    /// - Parameter action: Mutates the value in place; it must not touch the property.
    /// - Returns: What `action` returns.
    @inlinable
    @discardableResult
    public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        sendLock.lock()
        defer { sendLock.unlock() }
        let (result, newValue) = try valueLock.withLock { () throws -> (Result, Value) in
            let result = try action(&storage)
            return (result, storage)
        }
        core.deliver(.value(newValue))
        return result
    }

    /// Atomically applies `action`, notifying observers only if it reports a change.
    ///
    /// Used where a refused update must not look like a change to observers (an `Action`
    /// that is already executing does not re-send `isExecuting == true`).
    ///
    /// - Parameter action: Mutates the value in place and returns whether it changed it.
    /// - Returns: What `action` returned.
    @discardableResult
    func modifyIfChanged(_ action: (inout Value) -> Bool) -> Bool {
        sendLock.lock()
        defer { sendLock.unlock() }
        let (changed, newValue) = valueLock.withLock { () -> (Bool, Value) in
            let changed = action(&storage)
            return (changed, storage)
        }
        if changed { core.deliver(.value(newValue)) }
        return changed
    }

    /// Reads the value under the property's lock.
    ///
    /// - Parameter action: Receives the current value.
    /// - Returns: What `action` returns.
    @inlinable
    public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try valueLock.withLock { try action(storage) }
    }

    /// Sends the current value, then every change, until the property deinitialises.
    public var producer: SignalProducer<Value, Never> {
        SignalProducer { [weak self] observer, lifetime in
            guard let self else {
                observer.sendCompleted()
                return
            }
            self.sendLock.lock()
            observer.send(value: self.value)
            lifetime += self.signal.observe(observer)
            self.sendLock.unlock()
        }
    }
}
