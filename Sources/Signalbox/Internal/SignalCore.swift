import SignalboxLocks
import Synchronization

/// The shared state of a signal: its observers and whether it has terminated.
///
/// Each attached observer is one `Subscription` object, which is also the disposable that
/// `observe` returns: attaching costs one allocation besides the caller's closure, which
/// keeps fan-out to thousands of observers small (see W6 in BENCHMARKS.md). Since the caller
/// may keep that disposable, a subscription lets go of its observer when it is detached or
/// the core terminates (`releaseObserver(keeping:)`), as soon as no delivery can be using it
/// (see `mayReleaseObserver(of:)`).
///
/// Detaching takes constant (amortised) time in any order: each subscription knows its slot
/// in `subscriptions`, where detaching puts the core's `tombstone` (a subscription marked
/// disposed, which delivery skips like any disposed one: the delivery loop is unchanged);
/// the list is compacted, in order, once at least half of it is tombstones, and trailing
/// tombstones are dropped at once. So the order of delivery stays the order of attachment
/// (see S1 in BENCHMARKS.md).
///
/// A core with exactly one observer is sealed: values go straight to that observer, with no
/// lock and no snapshot (see `reseal()`). A derived core (`Signal.liftSynchronous`) whose
/// `Signal` is gone is sealed for good, which is what makes chains of `map`/`filter`… cheap;
/// any other core is sealed while it has one observer (a property's producer, a signal kept
/// in a variable), and a delivery to it announces itself in `busy` so that an observer
/// attaching or detaching meanwhile never frees what the delivery uses (S2 and W3 in
/// BENCHMARKS.md).
@usableFromInline
final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `subscriptions`, `vacated`, `tombstone`, `terminated`, `isReferenced`,
    // `retired` and each subscription's `slot` are only touched while `lock` is held. `seal`,
    // `busy` and `hasRetired` are atomics; `seal` is only written while `lock` is held.
    // Delivery itself is serialised by whoever sends into the core (the signal's input
    // observer, or `MutableProperty`'s send lock), so `deliver` never runs twice at once.

    /// What an attached observer wants called: every event, values only, or an `Observer`.
    ///
    /// A struct with a kind and one field per kind rather than an enum with payloads:
    /// calling a closure bound out of an enum payload copies it, a retain and a release per
    /// delivery. An `Observer` is kept as itself (not as a closure calling it) so that its
    /// `send` is specialised where the core delivers, whatever code attached it.
    ///
    /// Non-copyable, so that a delivery reads a subscription's handler in place: the handler
    /// is a `var` (a disposed observer's is replaced with an inert one, which releases what the
    /// observer captured), and a closure copied out of a `var` to be called costs a retain
    /// and a release of its context per delivery (W6 went from 49 to 125 instructions).
    @usableFromInline
    struct Handler: ~Copyable {
        /// (The kinds whose values go to `values` come first: `send(value:)` tests for them
        /// with one comparison.)
        @usableFromInline
        enum Kind: UInt8 {
            /// `values` receives the values; terminal events are ignored.
            case values
            /// `values` receives the values and `events` the terminal events (a derived
            /// signal's feed, see `Signal.liftSynchronous(values:events:)`).
            case split
            /// `events` receives every event.
            case events
            /// `observer` receives every event.
            case observer
        }

        /// Holds the closure of a handler that takes events (`.events`, `.split`).
        ///
        /// Kept out of line, behind `receiver`, so that a subscription holds one closure and one
        /// reference whatever its kind: that keeps it in a 64-byte allocation instead of 80
        /// (see W6 memory in BENCHMARKS.md). Observers of values, the common case when
        /// thousands attach, need no box.
        @usableFromInline
        final class EventReceiver {
            @usableFromInline let events: (Event<Value, Error>) -> Void

            @inlinable
            init(_ events: @escaping (Event<Value, Error>) -> Void) {
                self.events = events
            }
        }

        // Declared in this order so that `kind` packs with `Subscription.detached` (the
        // subscription stays in a smaller allocation; see W6 memory in BENCHMARKS.md).
        /// Receives the values (`.values`, `.split`).
        @usableFromInline let values: (Value) -> Void
        /// The `Observer` (`.observer`) or the `EventReceiver` (`.events`, `.split`).
        @usableFromInline let receiver: AnyObject?
        @usableFromInline let kind: Kind

        @inlinable
        static func events(_ action: @escaping (Event<Value, Error>) -> Void) -> Handler {
            Handler(kind: .events, values: { _ in }, receiver: EventReceiver(action))
        }

        @inlinable
        static func values(_ action: @escaping (Value) -> Void) -> Handler {
            Handler(kind: .values, values: action, receiver: nil)
        }

        @inlinable
        static func observer(_ observer: Signal<Value, Error>.Observer) -> Handler {
            Handler(kind: .observer, values: { _ in }, receiver: observer)
        }

        /// Ignores everything and holds nothing but `ignoring`'s closure (see
        /// `SignalCore.inert`): what a subscription keeps once its observer is released.
        /// (Copied field to field, never through a closure-typed parameter or local: where
        /// this code is specialised, such a closure would be re-abstracted through a thunk,
        /// an allocation.)
        @inlinable
        init(_ ignoring: Ignoring) {
            kind = .values
            values = ignoring.values
            receiver = nil
        }

        /// Values to `values`, terminal events to `events` (which never receives a value).
        @inlinable
        static func split(
            values: @escaping (Value) -> Void, events: @escaping (Event<Value, Error>) -> Void
        ) -> Handler {
            Handler(kind: .split, values: values, receiver: EventReceiver(events))
        }

        @inlinable
        init(kind: Kind, values: @escaping (Value) -> Void, receiver: AnyObject?) {
            self.kind = kind
            self.values = values
            self.receiver = receiver
        }

        /// The observer of an `.observer` handler.
        @inlinable @inline(__always)
        var observer: Signal<Value, Error>.Observer {
            unsafeDowncast(receiver.unsafelyUnwrapped, to: Signal<Value, Error>.Observer.self)
        }

        /// The event closure of an `.events` or `.split` handler.
        @inlinable @inline(__always)
        var events: (Event<Value, Error>) -> Void {
            unsafeDowncast(receiver.unsafelyUnwrapped, to: EventReceiver.self).events
        }

        /// Delivers `event` to whichever receiver this handler has.
        @inlinable @inline(__always)
        func send(_ event: Event<Value, Error>) {
            switch kind {
            case .events: events(event)
            case .values: if case .value(let value) = event { values(value) }
            case .observer: observer.send(event)
            case .split:
                if case .value(let value) = event { values(value) } else { events(event) }
            }
        }

        /// `send(value:)` where the caller also has the value as `event` (`.value(value)`):
        /// the fan-out loop, where reading values out of one `Event` measured faster than
        /// out of the bare value (W6 in BENCHMARKS.md: same instructions, less time).
        @inlinable @inline(__always)
        func send(value: Value, of event: Event<Value, Error>) {
            switch kind {
            case .values, .split: if case .value(let value) = event { values(value) }
            case .events: events(event)
            case .observer: observer.send(value: value)
            }
        }

        /// The value of `event` to `values` (of a `.values` or `.split` handler). (A method,
        /// so that the closure is called where it is stored: read out of the handler by its
        /// holder, it would be copied, a retain and a release per call.)
        @inlinable @inline(__always)
        func sendToValues(_ event: Event<Value, Error>) {
            if case .value(let value) = event { values(value) }
        }

        /// Delivers a value, with no `Event` built where the receiver takes values.
        @inlinable @inline(__always)
        func send(value: Value) {
            if kind.rawValue <= Kind.split.rawValue {
                values(value)
            } else {
                sendToReceiver(value: value)
            }
        }

        /// `send(value:)` to an `.events` or `.observer` handler. (Out of line: the value path
        /// is inlined into every operator's closure, and the receivers' code there made each
        /// closure save more registers than its common case needs.)
        @inlinable @inline(never)
        func sendToReceiver(value: Value) {
            switch kind {
            case .values, .split: values(value)
            case .events: events(.value(value))
            case .observer: observer.send(value: value)
            }
        }
    }

    /// A closure that does nothing, which released handlers keep (see `SignalCore.inert`).
    @usableFromInline
    struct Ignoring {
        @usableFromInline let values: (Value) -> Void

        @inlinable
        init() {
            values = { _ in }
        }
    }

    /// One attached observer; disposing it detaches the observer.
    @usableFromInline
    final class Subscription: Disposable, @unchecked Sendable {
        // Safety: `handler` is read by deliveries and written once more, by
        // `releaseObserver(keeping:)`, only when no delivery can be using it (see
        // `SignalCore.mayReleaseObserver(of:)`); `core` is a weak reference (atomic in the
        // runtime), written only in `init`, so it needs no dynamic exclusivity check (which
        // cost 76 instructions per dispose: S1); `detached` is atomic; `slot` is only touched
        // while the core's `lock` is held.
        @usableFromInline @exclusivity(unchecked) var handler: Handler
        @usableFromInline let detached = Atomic<Bool>(false)
        /// The index of this subscription in its core's `subscriptions` (declared here, after
        /// the one-byte fields, so that it fits in their padding: the object stays 56 bytes).
        @usableFromInline @exclusivity(unchecked) var slot: UInt32 = 0
        @usableFromInline @exclusivity(unchecked) weak var core: SignalCore?

        @inlinable
        init(_ handler: consuming Handler, core: SignalCore) {
            self.handler = handler
            self.core = core
        }

        @inlinable
        var isDisposed: Bool { detached.load(ordering: .acquiring) }

        /// Lets go of the observer (and whatever its closure captured), keeping `ignore` (the
        /// core's `inert`) instead. Call only when no delivery can be using the
        /// handler, and only from the one party that owns this duty (see
        /// `SignalCore.mayReleaseObserver(of:)`).
        @inlinable
        func releaseObserver(keeping ignore: Ignoring) {
            handler = Handler(ignore)
        }

        @usableFromInline
        func dispose() {
            guard !detached.exchange(true, ordering: .acquiringAndReleasing) else { return }
            guard let core else { return }
            if let detacher = core.detacher {
                detacher(core, self)
            } else {
                core.detach(self)
            }
        }

        @inlinable @inline(__always)
        func send(_ event: Event<Value, Error>) {
            handler.send(event)
        }

        @inlinable @inline(__always)
        func send(value: Value) {
            handler.send(value: value)
        }

        /// The fan-out loop's delivery. Receivers of events are served out of line
        /// (`sendToReceiver`), and from the subscription rather than from a copy of its handler,
        /// so that the loop loads only what the common case calls and keeps the value in a
        /// register (one instruction per observer fewer than either alternative: W6).
        @inlinable @inline(__always)
        func send(value: Value, of event: Event<Value, Error>) {
            if handler.kind.rawValue <= Handler.Kind.split.rawValue {
                handler.sendToValues(event)
            } else {
                sendToReceiver(value: value)
            }
        }

        /// `send(value:of:)` to an `.events` or `.observer` handler.
        @inlinable @inline(never)
        func sendToReceiver(value: Value) {
            handler.sendToReceiver(value: value)
        }
    }

    @usableFromInline let lock = Lock()
    /// The attached observers in the order they attached; `tombstone` where one detached.
    @usableFromInline @exclusivity(unchecked) var subscriptions: ContiguousArray<Subscription> =
        []
    /// How many entries of `subscriptions` are `tombstone`.
    @usableFromInline @exclusivity(unchecked) var vacated = 0
    /// What fills the slot of a detached observer, created on the first detach that needs it.
    /// (An optional element type would do, but unwrapping it made the delivery loop retain
    /// and release each subscription: W6 went from 3 to 9-12 ns per delivery.)
    @usableFromInline @exclusivity(unchecked) var tombstone: Subscription?
    @usableFromInline @exclusivity(unchecked) var terminated = false
    /// Whether a `Signal` still refers to this core (so an observer may still attach).
    @usableFromInline @exclusivity(unchecked) var isReferenced = true
    /// Whether the core is fed only from inside its upstream's (serialised) delivery, by
    /// `Signal.liftSynchronous`: such a core may be sealed (see `reseal()`).
    @usableFromInline let isDerived: Bool
    /// The sealed core's only observer, or 0 (see `reseal()`): the bits of a retained
    /// `Subscription` reference, with bit 0 set when the seal is for good (a derived core
    /// whose `Signal` is gone). Written only under `lock`; `deliver` reads it without.
    ///
    /// A seal for good keeps its reference until the terminal event or `deinit`, even if the
    /// observer detaches (the delivery in progress may be using it; the core has ended then).
    /// A passing seal's reference is dropped when the seal is lifted, unless a delivery was
    /// using it (`busy`): then it waits in `retired`.
    @usableFromInline let seal = Atomic<UInt>(0)
    /// Set by a delivery through a passing seal (a sequentially consistent store before it
    /// reads `seal`, so that whoever lifts the seal under `lock` and then reads `busy` either
    /// sees the delivery or is seen by it), or to every observer (under `lock`, as it takes
    /// its snapshot of the list), for its duration.
    @usableFromInline let busy = Atomic<Bool>(false)
    /// Whether `retired` or `unreleased` has something to drop.
    @usableFromInline let hasRetired = Atomic<Bool>(false)
    /// References of lifted seals that a delivery was using; dropped by the next delivery,
    /// attach, detach or the terminal event that finds no delivery using them.
    @usableFromInline @exclusivity(unchecked) var retired:
        ContiguousArray<Unmanaged<Subscription>> = []
    /// Detached subscriptions whose observers a delivery in progress may be using: released
    /// right after it (see `mayReleaseObserver(of:)`), like `retired`.
    @usableFromInline @exclusivity(unchecked) var unreleased: ContiguousArray<Subscription> = []
    /// What released handlers keep instead of their observer: a closure that does nothing.
    ///
    /// One per core, made with it: `{ _ in }` costs nothing where this code is specialised
    /// (a core made by `make(derived:)`), but where it runs generic (a property's core, or a
    /// release on a non-inlinable path) forming it allocates a context for the type's
    /// metadata, which a release per observer would repeat.
    @usableFromInline let inert: Ignoring
    @usableFromInline let disposables = CompositeDisposable()
    @usableFromInline let lifetime: Lifetime
    /// `detach(_:)` specialised for this core's types, if the core was made where they are
    /// known (`make(derived:)`); written once, before the core is shared.
    ///
    /// `Subscription.dispose()` is reached through the `Disposable` witness, so it and what it
    /// calls run unspecialised, where every use of the list of observers looked up the
    /// subscription class's generic metadata at run time (about 850 instructions per
    /// detach; S1 in BENCHMARKS.md). A closure formed where the types are known is compiled
    /// for them, and `dispose()` calls it instead.
    @usableFromInline @exclusivity(unchecked) var detacher: ((SignalCore, Subscription) -> Void)?

    /// Makes a core whose `detacher` is specialised where this (inlinable) function is.
    @inlinable
    static func make(derived: Bool = false) -> SignalCore {
        let core = SignalCore(derived: derived)
        core.detacher = { core, subscription in core.detach(subscription) }
        return core
    }

    @inlinable
    convenience init() {
        self.init(derived: false)
    }

    /// A core fed only from inside its upstream's delivery (see `isDerived`).
    @inlinable
    init(derived: Bool) {
        isDerived = derived
        inert = Ignoring()
        lifetime = Lifetime(disposables)
    }

    deinit {
        // Nothing can deliver any more: every observer still held here is released (a
        // subscription's disposable may outlive its core).
        let bits = seal.load(ordering: .acquiring)
        if bits != 0 {
            let sealed = Self.subscription(bits)
            sealed._withUnsafeGuaranteedRef { $0.releaseObserver(keeping: inert) }
            sealed.release()
        }
        for subscription in unreleased { subscription.releaseObserver(keeping: inert) }
        for subscription in subscriptions { subscription.releaseObserver(keeping: inert) }
        for reference in retired { reference.release() }
        disposables.dispose()
    }

    /// The subscription whose reference `bits` (a value of `seal`) holds.
    @inlinable @inline(__always)
    static func subscription(_ bits: UInt) -> Unmanaged<Subscription> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~1).unsafelyUnwrapped)
    }

    @inlinable
    func attach(_ handler: consuming Handler) -> Subscription? {
        lock.lock()
        if terminated {
            lock.unlock()
            if handler.kind != .values { handler.send(.interrupted) }
            return nil
        }
        // A second observer lifts the seal. (The first is sealed by the first delivery, in
        // `deliverToAll`: this path stays as small as it was, so that it is inlined where
        // observers attach.)
        if _slowPath(seal.load(ordering: .relaxed) != 0) { liftSeal() }
        let subscription = Subscription(handler, core: self)
        // Past 2^32 slots the slot is wrong, and `detach` falls back to a search.
        subscription.slot = UInt32(truncatingIfNeeded: subscriptions.count)
        subscriptions.append(subscription)
        lock.unlock()
        return subscription
    }

    /// Lifts the passing seal of a core that an observer is attaching to. Call with `lock`
    /// held. The old reference goes to `retired` (its observer is still attached, so keeping
    /// it a little longer costs nothing), whence a moment with no delivery drops it.
    @inlinable @inline(never)
    func liftSeal() {
        let current = seal.load(ordering: .relaxed)
        // Only a derived core whose `Signal` is gone is sealed for good, and nothing can
        // attach to it.
        guard current & 1 == 0 else { return }
        seal.store(0, ordering: .sequentiallyConsistent)
        retire(current)
    }

    @inlinable
    func detach(_ subscription: Subscription) {
        let (abandoned, released, releasesObserver) = lock.withLock {
            () -> (Bool, Released, Bool) in
            let slot = Int(subscription.slot)
            var found = false
            if slot < subscriptions.count, subscriptions[slot] === subscription {
                vacate(slot)
                found = true
            } else if subscriptions.count > Int(UInt32.max),
                let index = subscriptions.firstIndex(where: { $0 === subscription })
            {
                vacate(index)
                found = true
            }
            let released = reseal()
            let releasesObserver = found && mayReleaseObserver(of: subscription)
            return (abandonIfUnused(), released, releasesObserver)
        }
        // The observer is released here, outside the lock.
        if releasesObserver { subscription.releaseObserver(keeping: inert) }
        released.release(keeping: inert)
        if abandoned { disposables.dispose() }
    }

    /// Detaches the subscription `id` names, if it is still attached (see `RunObservation`).
    ///
    /// A search by identity (linear in the number of observers): only the runs of a producer
    /// made from a signal detach this way, once each.
    @usableFromInline
    func detach(id: ObjectIdentifier) {
        let (abandoned, removed, released) = lock.withLock {
            () -> (Bool, Subscription?, Released) in
            var removed: Subscription?
            if let index = subscriptions.firstIndex(where: {
                $0 !== tombstone && ObjectIdentifier($0) == id
            }) {
                let subscription = subscriptions[index]
                subscription.detached.store(true, ordering: .releasing)
                vacate(index)
                removed = subscription
            }
            let released = reseal()
            if let subscription = removed, !mayReleaseObserver(of: subscription) {
                removed = nil
            }
            return (abandonIfUnused(), removed, released)
        }
        // The observer is released here, outside the lock.
        removed?.releaseObserver(keeping: inert)
        released.release(keeping: inert)
        if abandoned { disposables.dispose() }
    }

    /// Decides who releases the observer of `subscription`, which has just left the list
    /// (call with `lock` held, after `reseal()`): `true` if the caller must, at once, once
    /// `lock` is released.
    ///
    /// Releasing observers: a subscription's handler is released exactly once, by one of
    /// - whoever detaches it, when no delivery can be using it: a delivery through a passing
    ///   seal or to every observer announces itself in `busy` (see `deliverToAll`), and a
    ///   later one cannot reach this subscription any more (it left the list, and `reseal()`
    ///   changed the seal);
    /// - the delivery in progress, right after it (the subscription waits in `unreleased`);
    /// - the core's `deinit`, for the only observer of a core sealed for good: deliveries
    ///   through such a seal announce nothing, but they run inside the upstream's delivery,
    ///   which keeps this core alive, and a core sealed for good whose observer detached has
    ///   ended, so its upstream lets it go (at once, or when its own delivery returns);
    /// - the terminal event, for every subscription still attached when it is delivered
    ///   (after delivering it), or `deinit`, for any left.
    @inlinable @inline(__always)
    func mayReleaseObserver(of subscription: Subscription) -> Bool {
        let bits = seal.load(ordering: .relaxed)
        if _slowPath(bits & 1 != 0),
            bits & ~1 == UInt(bitPattern: Unmanaged.passUnretained(subscription).toOpaque())
        {
            return false
        }
        if _fastPath(!busy.load(ordering: .sequentiallyConsistent)) { return true }
        return releasesAfterDelivery(subscription)
    }

    /// `mayReleaseObserver(of:)` while a delivery is in progress: leaves the release to it.
    @inlinable @inline(never)
    func releasesAfterDelivery(_ subscription: Subscription) -> Bool {
        unreleased.append(subscription)
        hasRetired.store(true, ordering: .sequentiallyConsistent)
        // The delivery may have ended in between, without seeing `hasRetired`.
        if busy.load(ordering: .sequentiallyConsistent) { return false }
        unreleased.removeLast()
        if retired.isEmpty && unreleased.isEmpty { hasRetired.store(false, ordering: .relaxed) }
        return true
    }

    /// Puts the tombstone in `slot` of `subscriptions` (or drops the slot, and trailing
    /// tombstones, at the end), and compacts the list (keeping its order) once at least half
    /// of it is tombstones: amortised constant time per detach. Call with `lock` held.
    @inlinable
    func vacate(_ slot: Int) {
        // (Only `ContiguousArray`'s own members here, not the collection protocols' generic
        // `last`/`removeLast()`: this runs unspecialised, where each of those costs witness
        // table and metadata look-ups.)
        var count = subscriptions.count
        if slot == count - 1 {
            subscriptions.remove(at: slot)
            count -= 1
            while vacated > 0, count > 0, subscriptions[count - 1] === tombstone {
                count -= 1
                subscriptions.remove(at: count)
                vacated -= 1
            }
            return
        }
        subscriptions[slot] = makeTombstone()
        vacated += 1
        guard vacated >= 16, vacated * 2 >= count else { return }
        var compacted = ContiguousArray<Subscription>()
        compacted.reserveCapacity(subscriptions.count - vacated)
        for subscription in subscriptions where subscription !== tombstone {
            subscription.slot = UInt32(truncatingIfNeeded: compacted.count)
            compacted.append(subscription)
        }
        subscriptions = compacted
        vacated = 0
    }

    /// The core's tombstone, created on first use. Call with `lock` held.
    @inlinable
    func makeTombstone() -> Subscription {
        if let tombstone { return tombstone }
        let made = Subscription(.values { _ in }, core: self)
        made.detached.store(true, ordering: .releasing)
        tombstone = made
        return made
    }

    /// Called when the `Signal` of this core deinitialises: nobody can attach any more.
    @usableFromInline
    func signalReleased() {
        let (abandoned, released) = lock.withLock { () -> (Bool, Released) in
            isReferenced = false
            let released = reseal()
            return (abandonIfUnused(), released)
        }
        released.release(keeping: inert)
        if abandoned { disposables.dispose() }
    }

    /// References a change of seal leaves to drop, and observers to release, once `lock` is
    /// released (dropping one may end an observer's closure, which may do anything,
    /// including using this core).
    ///
    /// Two words with no reference counting of their own: it is returned from under the lock
    /// on every attach, detach and change of seal, where anything more (optional arrays to
    /// release) measured a dozen instructions per detach.
    @usableFromInline
    struct Released {
        @usableFromInline var sole: Unmanaged<Subscription>?
        /// What `retired` and `unreleased` held, if anything (retained; `release` drops it).
        @usableFromInline var batch: Unmanaged<RetiredBatch>?

        @inlinable
        init(sole: Unmanaged<Subscription>? = nil) {
            self.sole = sole
        }

        /// Drops the references and releases the observers; call exactly once, with the
        /// core's `inert`.
        @inlinable @inline(__always)
        func release(keeping ignore: Ignoring) {
            if let batch { batch.takeRetainedValue().release(keeping: ignore) }
            sole?.release()
        }
    }

    /// References of lifted seals, and subscriptions whose observers wait to be released,
    /// taken from `retired` and `unreleased` together (see `takeRetired(into:)`).
    @usableFromInline
    final class RetiredBatch {
        @usableFromInline let references: ContiguousArray<Unmanaged<Subscription>>
        @usableFromInline let subscriptions: ContiguousArray<Subscription>

        @inlinable
        init(
            references: ContiguousArray<Unmanaged<Subscription>>,
            subscriptions: ContiguousArray<Subscription>
        ) {
            self.references = references
            self.subscriptions = subscriptions
        }

        @inlinable @inline(never)
        func release(keeping ignore: Ignoring) {
            for subscription in subscriptions { subscription.releaseObserver(keeping: ignore) }
            for reference in references { reference.release() }
        }
    }

    /// Seals the core when exactly one observer is attached, lifts the seal otherwise; call
    /// with `lock` held after any change of `subscriptions` or `isReferenced`, and release
    /// what it returns once `lock` is released.
    ///
    /// A sealed core's value goes straight to its only observer (`seal`), without the lock or
    /// a snapshot of the list. A derived core with no `Signal` left is sealed for good: its
    /// list can no longer change except by that one observer detaching (which `deliver` sees
    /// in its `isDisposed`), and it is fed only from inside its upstream's serialised
    /// delivery. Any other core is sealed while it has one observer: an observer attaching
    /// or detaching lifts the seal here, and the old reference is dropped at once unless a
    /// delivery is using it (`busy`), in which case it waits in `retired` for a moment when
    /// none is.
    ///
    /// The permanent seal is what makes a chain of synchronous operators (`map`, `filter`…)
    /// cheap: each intermediate signal of `signal.map(f).filter(g).observeValues(h)` is
    /// released once the chain is built, and has one observer (the next operator).
    @inlinable @inline(__always)
    func reseal() -> Released {
        let current = seal.load(ordering: .relaxed)
        if current & 1 != 0 || (current == 0 && subscriptions.count - vacated != 1) {
            // Sealed for good (until the terminal event), or unsealed with no reason to seal.
            return Released()
        }
        return reseal(from: current)
    }

    /// `reseal()` when the seal may change (out of line: attaching many observers only
    /// pays for the test above).
    @inlinable @inline(never)
    func reseal(from current: UInt) -> Released {
        var only: Subscription?
        if !terminated, subscriptions.count - vacated == 1 {
            for subscription in subscriptions where subscription !== tombstone {
                only = subscription
                break
            }
        }
        let permanent: UInt = isDerived && !isReferenced ? 1 : 0
        var released = Released()
        if let only, current == UInt(bitPattern: Unmanaged.passUnretained(only).toOpaque()) {
            // The same observer: a passing seal may become one for good.
            if permanent != 0 { seal.store(current | permanent, ordering: .releasing) }
        } else {
            let bits =
                only.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) | permanent }
                ?? 0
            seal.store(bits, ordering: .sequentiallyConsistent)
            if current != 0 { retire(current) }
        }
        if hasRetired.load(ordering: .relaxed), !busy.load(ordering: .sequentiallyConsistent) {
            // No delivery is using a lifted seal's reference: any delivery that read one set
            // `busy` before, and one that starts now reads the new `seal`.
            takeRetired(into: &released)
        }
        return released
    }

    /// With no `Signal` left to attach through and no observer attached, nothing can ever
    /// observe this core again: it ends (without an event, as nobody would receive one), so
    /// that what feeds it (an upstream observation, a timer) is released. Call with `lock`
    /// held; returns whether the caller must dispose `disposables` (outside the lock).
    @inlinable
    func abandonIfUnused() -> Bool {
        guard !isReferenced, subscriptions.count == vacated, !terminated else { return false }
        terminated = true
        return true
    }

    @inlinable
    func deliver(_ event: Event<Value, Error>) {
        if case .value(let value) = event {
            deliver(value: value)
        } else {
            deliverTerminal(event)
        }
    }

    /// Delivers the terminal event (out of line: `deliver(_:)` is inlined wherever a core is
    /// fed, and this runs once).
    @inlinable @inline(never)
    func deliverTerminal(_ event: Event<Value, Error>) {
        lock.lock()
        if terminated { return lock.unlock() }
        let snapshot = subscriptions
        subscriptions = []
        vacated = 0
        terminated = true
        // No value is being delivered (deliveries are serialised): every reference of a
        // seal, current or lifted, can be dropped after this event.
        let bits = seal.load(ordering: .relaxed)
        seal.store(0, ordering: .sequentiallyConsistent)
        var released = Released(sole: bits == 0 ? nil : Self.subscription(bits))
        takeRetired(into: &released)
        lock.unlock()
        for subscription in snapshot where !subscription.isDisposed {
            subscription.send(event)
        }
        // Nothing delivers to them any more: their observers are released now, even those
        // whose disposables are still held.
        for subscription in snapshot { subscription.releaseObserver(keeping: inert) }
        released.release(keeping: inert)
        disposables.dispose()
    }

    /// Delivers a value to every observer attached (straight to the only one of a sealed
    /// core, see `reseal()`).
    @inlinable @inline(__always)
    func deliver(value: Value) {
        let bits = seal.load(ordering: .acquiring)
        if bits & 1 != 0 {
            // Sealed for good: the reference stays until the terminal event. A sealed core
            // that detached its last observer has ended (`abandonIfUnused`); its observer's
            // `isDisposed` says so.
            send(value: value, throughSeal: bits)
        } else {
            deliverUnsealed(value: value, seal: bits)
        }
    }

    /// Delivers a value through a passing seal (one observer, which may change meanwhile),
    /// or to every observer: `busy` keeps the reference read from `seal` from being dropped
    /// while it is used. (Out of line, with `deliverToAll`: `deliver(value:)`, inlined into
    /// every operator, stays small.)
    @inlinable @inline(never)
    func deliverUnsealed(value: Value, seal bits: UInt) {
        if bits == 0 { return deliverToAll(value: value) }
        busy.store(true, ordering: .sequentiallyConsistent)
        let bits = seal.load(ordering: .sequentiallyConsistent)
        if bits != 0 {
            send(value: value, throughSeal: bits)
            endDelivery()
        } else {
            busy.store(false, ordering: .releasing)
            deliverToAll(value: value)
        }
    }

    /// `deliverToAll` (called with `lock` held) when it has references of lifted seals to
    /// drop, which no delivery uses between deliveries, or one observer, which it seals
    /// (see `reseal()`; a single entry is never the tombstone: trailing tombstones are
    /// dropped at once) and delivers to as a sealed core does. (Apart, so that the fan-out
    /// loop's function stays as small as it was.)
    @inlinable @inline(never)
    func unlockDeliveringToOne(value: Value) {
        if hasRetired.load(ordering: .relaxed) {
            lock.unlock()
            dropRetired()
            return deliverToAll(value: value)
        }
        var bits = seal.load(ordering: .relaxed)
        if bits == 0 {
            bits = UInt(bitPattern: Unmanaged.passRetained(subscriptions[0]).toOpaque())
            seal.store(bits, ordering: .releasing)
        }
        lock.unlock()
        deliverUnsealed(value: value, seal: bits)
    }

    /// Keeps a lifted seal's reference (`bits`) in `retired` until no delivery can be using
    /// it. Call with `lock` held.
    @inlinable
    func retire(_ bits: UInt) {
        retired.append(Self.subscription(bits))
        hasRetired.store(true, ordering: .releasing)
    }

    /// Sends a value to the observer whose reference a seal (`bits`) holds, unless it has
    /// detached; the caller keeps that reference alive meanwhile.
    @inlinable @inline(__always)
    func send(value: Value, throughSeal bits: UInt) {
        Self.subscription(bits)._withUnsafeGuaranteedRef { subscription in
            if !subscription.isDisposed { subscription.send(value: value) }
        }
    }

    /// Moves the contents of `retired` and `unreleased` into `released`, for the caller to
    /// drop and release once `lock` is released. Call with `lock` held, when no delivery can
    /// be using them.
    @inlinable
    func takeRetired(into released: inout Released) {
        guard hasRetired.load(ordering: .relaxed) else { return }
        hasRetired.store(false, ordering: .relaxed)
        if retired.isEmpty && unreleased.isEmpty { return }
        released.batch = Unmanaged.passRetained(
            RetiredBatch(references: retired, subscriptions: unreleased))
        retired = []
        unreleased = []
    }

    /// Ends a delivery that announced itself in `busy`, then drops what was retired while it
    /// ran.
    ///
    /// A releasing store and an acquiring load, not sequentially consistent ones: a full
    /// fence here measured 4 ns per value on a property with one observer (W3) and 9 ns on
    /// a pipe → map (S2-sig-1), on every delivery. The price is a race of a few nanoseconds:
    /// a detach that sees this delivery still running just as it ends (its store to `busy`
    /// not yet visible) leaves the release to it, and it may not yet see `hasRetired`; then
    /// the observer is released by the next delivery, attach, detach or terminal event of
    /// this core, or its `deinit` (never while something could use it).
    @inlinable @inline(__always)
    func endDelivery() {
        busy.store(false, ordering: .releasing)
        if hasRetired.load(ordering: .acquiring) { dropRetired() }
    }

    /// Drops the references of lifted seals and releases the observers that waited for a
    /// delivery: called by the delivering thread between deliveries, when no delivery can be
    /// using them.
    @usableFromInline
    func dropRetired() {
        lock.lock()
        var released = Released()
        takeRetired(into: &released)
        lock.unlock()
        released.release(keeping: inert)
    }

    /// Delivers a value to every observer in a snapshot of the list, taken under `lock`.
    /// (Out of line: `deliver(value:)`, inlined into every operator, stays small.)
    @inlinable @inline(never)
    func deliverToAll(value: Value) {
        lock.lock()
        // Values after the terminal event are dropped here too, for signals whose core is fed
        // without an input `Observer` (see `Signal.liftSynchronous`). (A derived signal that
        // terminated also detached from its upstream at once, so this is a second line of
        // defence.)
        if terminated { return lock.unlock() }
        if subscriptions.count == 1 || hasRetired.load(ordering: .relaxed) {
            return unlockDeliveringToOne(value: value)
        }
        let snapshot = subscriptions
        // Under `lock`, so that whoever detaches an observer from now on sees the delivery
        // and leaves its release to it (see `mayReleaseObserver(of:)`).
        busy.store(true, ordering: .relaxed)
        lock.unlock()
        Self.send(value: value, to: snapshot)
        endDelivery()
    }

    /// The fan-out loop (apart, so that it keeps every register for itself: with the core
    /// still needed after it, the value went to the stack, one instruction per observer).
    @inlinable @inline(never)
    static func send(value: Value, to snapshot: ContiguousArray<Subscription>) {
        let event = Event<Value, Error>.value(value)
        for subscription in snapshot where !subscription.isDisposed {
            subscription.send(value: value, of: event)
        }
    }
}
