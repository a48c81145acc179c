import Observation
import SignalboxLocks
import Synchronization

/// A thread-safe, observable, settable value.
///
/// ```swift
/// let name = MutableProperty("")
/// name.producer.startWithValues { print("name:", $0) }  // Prints: name:
/// name.value = "Ada"                                     // Prints: name: Ada
/// ```
///
/// Every write is delivered to observers in the order it happened; `modify` makes a
/// read-modify-write atomic, so concurrent increments lose nothing.
///
/// Re-entrancy: an observer may set the property, or start its `producer`, from inside its
/// callback. The value is stored at once; the new delivery (or the new observer's
/// attachment) waits until the delivery in progress has reached every observer, so every
/// observer still sees every value in order. (A write from another thread waits instead.)
@propertyWrapper
public final class MutableProperty<Value>: PropertyProtocol, @unchecked Sendable {
    // Safety: the value lives in `cell`, under its lock. `sendLock` is held around each
    // write and its delivery, and around `producer`'s "current value, then changes"
    // hand-over, so observers see every write exactly once, in order. `deferred` is only
    // touched by the thread holding `sendLock`: the one delivering, or a re-entrant call on
    // that thread (which `lockUnlessHeldByCurrentThread` recognises).
    //
    // Why the property delivers into the signal's core directly instead of through a pipe's
    // input observer: `sendLock` already serialises every delivery, so the observer's own
    // lock would be a second, redundant lock on every write.
    @usableFromInline let cell: LockedBox<Value>
    @usableFromInline let sendLock = OwnedLock()
    @usableFromInline @exclusivity(unchecked) var deferred = FIFOQueue<Deferred>()
    /// Whether `deferred` holds anything (one load on the write path instead of three).
    @usableFromInline @exclusivity(unchecked) var hasDeferred = false
    @usableFromInline let core: SignalCore<Value, Never>
    private let token = Lifetime.Token()
    /// Whether `value` has ever been read: until then no tracking can depend on the property
    /// and writes skip `Observation` (two registrar calls, about 350 instructions per write).
    /// (Before `registrar`, whose size is only known at run time: a field after it has no
    /// constant offset, which the write path would pay for.)
    @usableFromInline let hasBeenRead = LockFreeAtomic(false)
    /// Lets one thread at a time tell `Observation` of a write (see `ObservationGate`).
    let observationGate = ObservationGate()
    /// Tells Swift's `Observation` of reads and writes of `value` (see
    /// `MutableProperty+Observation.swift`).
    @usableFromInline let registrar = ObservationRegistrar()
    /// `\.value`, made once: a key path into a generic class is rebuilt at every use.
    @usableFromInline let valueKeyPath: KeyPath<MutableProperty<Value>, Value>

    /// Work that a re-entrant call left for the thread delivering to do next.
    @usableFromInline
    enum Deferred {
        /// Deliver a value written from inside an observer.
        case value(Value)
        /// Attach an observer of `producer` started from inside an observer.
        case attach(Signal<Value, Never>.Observer, Lifetime)
    }

    /// Sends every change; completes when the property is deinitialised.
    public let signal: Signal<Value, Never>

    /// Ends when the property is deinitialised.
    public let lifetime: Lifetime

    /// Creates a property holding `initialValue`.
    ///
    /// - Parameter initialValue: The first value.
    public init(_ initialValue: Value) {
        cell = LockedBox(initialValue)
        valueKeyPath = \MutableProperty<Value>.value
        core = SignalCore()
        signal = Signal(core: core)
        lifetime = Lifetime(token.disposables)
    }

    deinit {
        core.deliver(.completed)
    }

    /// The current value. Setting it notifies observers before returning (unless it is set
    /// from inside an observer of this property: then as soon as the delivery in progress
    /// has reached every observer).
    ///
    /// Reading it inside `withObservationTracking` (or a SwiftUI `body`) tracks it; every
    /// write, equal or not, then calls the change handler once, on the writing thread.
    @inlinable
    public var value: Value {
        get {
            if !hasBeenRead.load(ordering: .relaxed) {
                // The first read: from now on writes tell `Observation`, and delivery frames
                // are recorded (see `DeliveryFrames`). Frames first: whoever sees the flag
                // set sees the frames recorded. Sequentially consistent, like the write
                // path's load: a read either sets the flag before a concurrent write checks
                // it, or sees that write's value.
                sendLock.frames.arm()
                hasBeenRead.store(true, ordering: .sequentiallyConsistent)
            }
            registrar.access(self, keyPath: valueKeyPath)
            return cell.value
        }
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
        guard sendLock.lockUnlessHeldByCurrentThread() else {
            return try modifyFromObserver(action)
        }
        defer {
            finishDelivery()
            notifyObservationIfRead()
        }
        let (result, newValue) = try cell.modify { value throws -> (Result, Value) in
            let result = try action(&value)
            return (result, value)
        }
        core.deliver(.value(newValue))
        return result
    }

    /// `modify` called from inside a delivery of this property, on the delivering thread:
    /// the value changes at once, observers hear of it when the delivery in progress is done.
    @usableFromInline
    func modifyFromObserver<Result>(_ action: (inout Value) throws -> Result) rethrows
        -> Result
    {
        let (result, newValue) = try cell.modify { value throws -> (Result, Value) in
            let result = try action(&value)
            return (result, value)
        }
        deferred.append(.value(newValue))
        hasDeferred = true
        notifyObservationIfRead()
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
        let delivering = sendLock.lockUnlessHeldByCurrentThread()
        let (changed, newValue) = cell.modify { value -> (Bool, Value) in
            (action(&value), value)
        }
        if changed {
            if delivering {
                core.deliver(.value(newValue))
            } else {
                deferred.append(.value(newValue))
                hasDeferred = true
            }
        }
        if delivering { finishDelivery() }
        if changed { notifyObservationIfRead() }
        return changed
    }

    /// Does what re-entrant calls left for later, in order, then releases `sendLock`. Called
    /// by the thread holding it.
    @inlinable
    func finishDelivery() {
        if hasDeferred { runDeferred() }
        sendLock.unlock()
    }

    @usableFromInline
    func runDeferred() {
        // Deliveries below may defer more work (appended behind); the loop drains it too.
        while let next = deferred.popFirst() {
            switch next {
            case .value(let value): core.deliver(.value(value))
            case .attach(let observer, let lifetime): lifetime += signal.observe(observer)
            }
        }
        hasDeferred = false
    }

    /// Reads the value under the property's lock.
    ///
    /// - Parameter action: Receives the current value; it must not set the property.
    /// - Returns: What `action` returns.
    @inlinable
    public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try cell.modify { try action($0) }
    }

    /// Sends the current value, then every change, until the property deinitialises.
    ///
    /// A run started after the property deinitialised sends the last value, then completes.
    /// Started from inside an observer of this property, the run receives the current value
    /// at once and every change written after it.
    public var producer: SignalProducer<Value, Never> {
        SignalProducer { [weak self, cell] observer, lifetime in
            guard let self else {
                observer.send(value: cell.value)
                observer.sendCompleted()
                return
            }
            self.attach(observer, lifetime)
        }
    }

    /// Sends the current value to `observer`, then attaches it to the changes.
    private func attach(_ observer: Signal<Value, Never>.Observer, _ lifetime: Lifetime) {
        if sendLock.lockUnlessHeldByCurrentThread() {
            // `cell.value`, not `value`: starting a producer is no tracked read.
            observer.send(value: cell.value)
            lifetime += signal.observe(observer)
            finishDelivery()
        } else {
            // Inside a delivery of this property, on this thread: the value stored now is the
            // last one written; the observer joins once that write has been delivered.
            observer.send(value: cell.value)
            deferred.append(.attach(observer, lifetime))
            hasDeferred = true
        }
    }

    /// The current value, for `@MutableProperty var name = value`; setting it is setting
    /// `value` (same thread-safety and delivery contract).
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The property itself, for `$name` of a `@MutableProperty var name`: its `producer`,
    /// `signal`, `modify` and bindings.
    public var projectedValue: MutableProperty<Value> { self }
}
