import Synchronization

/// The observer of a `Signal` or of a producer's run: the input you send events into.
///
/// The same type is used as `Observer<Value, Error>`.
public typealias Observer<Value, Error: Swift.Error> = Signal<Value, Error>.Observer

extension Signal {
    /// Receives the events of a stream, one at a time, and enforces the event grammar.
    ///
    /// Contracts:
    /// - **Serialised.** The observer's callback never runs twice at once, even when several
    ///   threads send concurrently: senders queue on an internal lock.
    /// - **Terminal once.** After the first terminal event (`failed`, `completed`,
    ///   `interrupted`) every later event is dropped, and the callback is released so that
    ///   nothing it captured stays retained.
    /// - **Re-entrancy.** Sending a *value* from inside this observer's own callback is a
    ///   programming error: it stops the program with a message naming the cause (it cannot
    ///   be delivered in order, and waiting for the callback to return would deadlock).
    ///   Sending a *terminal* event from inside the callback is allowed: it is delivered as
    ///   soon as the current callback returns.
    public final class Observer: @unchecked Sendable {
        // Safety: `callback` is only called while `sendLock` is held, which serialises every
        // call; `owner` is only cleared under `sendLock` after `terminalState` left `.open`,
        // and `callback` is only used under `sendLock` while `terminalState` is `.open`, so it
        // never dangles when used. `pendingTerminal` is written once, by the one sender whose
        // compare-exchange moved `terminalState` from `.open` to `.accepted`, before it
        // publishes the value with the (sequentially consistent) store of `.stored`; it is
        // read and cleared only by the holder of `sendLock` that moves the state from
        // `.stored` to `.delivered`.
        @usableFromInline let sendLock = OwnedLock()
        /// A `TerminalState` raw value.
        @usableFromInline let terminalState = LockFreeAtomic<UInt8>(TerminalState.open.rawValue)
        @usableFromInline var pendingTerminal: Event<Value, Error>?
        /// Keeps the callback alive until the terminal event has been delivered.
        @usableFromInline var owner: Callback?
        /// The callback, reached without retain/release on the hot path (see Safety above).
        @usableFromInline let callback: Unmanaged<Callback>

        /// Holds the observer's closure so the hot path can reach it without reference
        /// counting.
        @usableFromInline
        final class Callback {
            /// The receiver: its event path, and its value path if it has one (see `RunSink`).
            @usableFromInline let sink: RunSink<Value, Error>
            @usableFromInline init(_ sink: RunSink<Value, Error>) {
                self.sink = sink
            }

            @inlinable @inline(__always)
            func deliver(_ delivered: Value) {
                sink.send(value: delivered)
            }
        }

        /// Creates an observer that forwards every event to `action`.
        ///
        /// - Parameter action: Called with each event, never concurrently.
        @inlinable
        public convenience init(_ action: @escaping (Event<Value, Error>) -> Void) {
            self.init(sink: RunSink(event: action))
        }

        /// Creates an observer that delivers to `sink`, values through its value path.
        @inlinable
        init(sink: RunSink<Value, Error>) {
            let callback = Callback(sink)
            owner = callback
            self.callback = Unmanaged.passUnretained(callback)
        }

        /// Creates an observer from one closure per kind of event.
        ///
        /// - Parameters:
        ///   - value: Called for each value.
        ///   - failed: Called with the error if the stream fails.
        ///   - completed: Called if the stream completes.
        ///   - interrupted: Called if the stream is interrupted.
        public convenience init(
            value: ((Value) -> Void)? = nil,
            failed: ((Error) -> Void)? = nil,
            completed: (() -> Void)? = nil,
            interrupted: (() -> Void)? = nil
        ) {
            self.init { event in
                switch event {
                case .value(let v): value?(v)
                case .failed(let e): failed?(e)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
            }
        }

        /// Whether a terminal event has been accepted; later events are dropped.
        public var isTerminated: Bool {
            terminalState.load(ordering: .acquiring) != TerminalState.open.rawValue
        }

        /// Sends `event`, respecting the event grammar and serialisation contracts.
        ///
        /// - Parameter event: The event to deliver.
        @inlinable
        public func send(_ event: Event<Value, Error>) {
            if case .value(let value) = event {
                sendValue(value)
            } else {
                sendTerminal(event)
            }
        }

        /// Sends a value. Dropped if the stream has terminated.
        ///
        /// - Parameter value: The value to deliver.
        @inlinable @inline(__always)
        public func send(value: Value) {
            sendValue(value)
        }

        /// Sends every element of `values` in order; stops early if the stream terminates.
        ///
        /// Equivalent to calling `send(value:)` for each element, but the serialisation
        /// lock is taken once per batch of elements instead of once per element, so a
        /// synchronous source of many values pays for it once. The sequence is iterated
        /// while the lock is held: its iterator must not send to this observer. A terminal
        /// event sent meanwhile (from another thread or from the callback) stops the
        /// iteration and is delivered after the current value, as with `send(value:)`.
        /// Other threads that send values wait at most one batch (256 elements).
        ///
        /// - Parameter values: The values to deliver, in order.
        @inlinable
        public func send<S: Sequence>(values: S) where S.Element == Value {
            var iterator = values.makeIterator()
            var exhausted = false
            while !exhausted,
                terminalState.load(ordering: .acquiring) == TerminalState.open.rawValue
            {
                if !sendLock.lockUnlessHeldByCurrentThread() { Self.valueSentFromOwnCallback() }
                var remaining = 256
                while remaining > 0,
                    terminalState.load(ordering: .acquiring) == TerminalState.open.rawValue
                {
                    guard let value = iterator.next() else {
                        exhausted = true
                        break
                    }
                    callback._withUnsafeGuaranteedRef { $0.deliver(value) }
                    remaining -= 1
                }
                sendLock.unlock()
                if terminalState.load(ordering: .sequentiallyConsistent)
                    == TerminalState.stored.rawValue
                {
                    deliverPendingTerminal()
                }
            }
        }

        /// Fails the stream with `error`.
        ///
        /// - Parameter error: The error to deliver.
        @inlinable
        public func send(error: Error) {
            sendTerminal(.failed(error))
        }

        /// Completes the stream.
        @inlinable
        public func sendCompleted() {
            sendTerminal(.completed)
        }

        /// Interrupts the stream (used for cancellation).
        @inlinable
        public func sendInterrupted() {
            sendTerminal(.interrupted)
        }

        @inlinable @inline(__always)
        func sendValue(_ value: Value) {
            guard terminalState.load(ordering: .acquiring) == TerminalState.open.rawValue else {
                return
            }
            if !sendLock.lockUnlessHeldByCurrentThread() { Self.valueSentFromOwnCallback() }
            if terminalState.load(ordering: .acquiring) == TerminalState.open.rawValue {
                callback._withUnsafeGuaranteedRef { $0.deliver(value) }
            }
            sendLock.unlock()
            // A terminal event accepted while this value was delivered waits for the lock.
            if terminalState.load(ordering: .sequentiallyConsistent)
                == TerminalState.stored.rawValue
            {
                deliverPendingTerminal()
            }
        }

        /// Stops the program: a value was sent into this observer from inside its own
        /// callback (README contract 2).
        @usableFromInline
        static func valueSentFromOwnCallback() -> Never {
            preconditionFailure(
                "Signalbox: a value was sent into an Observer from inside that observer's own "
                    + "callback (re-entrant send). Values sent re-entrantly cannot be delivered in "
                    + "order; send it from elsewhere, or hop with observe(on:) / start(on:).")
        }

        @inlinable
        func sendTerminal(_ event: Event<Value, Error>) {
            guard
                terminalState.compareExchange(
                    expected: TerminalState.open.rawValue,
                    desired: TerminalState.accepted.rawValue, ordering: .acquiringAndReleasing
                ).exchanged
            else { return }
            pendingTerminal = event
            terminalState.store(TerminalState.stored.rawValue, ordering: .sequentiallyConsistent)
            deliverPendingTerminal()
        }

        /// Delivers the accepted terminal event unless another delivery is in progress, in
        /// which case that sender delivers it when it finishes.
        @inlinable
        func deliverPendingTerminal() {
            guard sendLock.tryLock() else { return }
            var released: Callback?
            if terminalState.load(ordering: .acquiring) == TerminalState.stored.rawValue {
                terminalState.store(TerminalState.delivered.rawValue, ordering: .releasing)
                let terminal = pendingTerminal
                pendingTerminal = nil
                released = owner
                owner = nil
                if let terminal { released?.sink.event(terminal) }
            }
            sendLock.unlock()
            // The callback (and all it captured) is released here, outside the lock.
            released = nil
        }
    }
}
