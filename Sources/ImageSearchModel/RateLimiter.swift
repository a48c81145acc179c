import Foundation
import Signalbox

/// Keeps requests under a budget of so many per rolling window, by making the excess wait.
///
/// Why: Pixabay allows 100 requests per 60 seconds and answers 429 beyond that. Failing the
/// 101st search would show the user an error for something the program can avoid by
/// starting it a little later, so the limiter delays it instead.
///
/// Contract:
/// - ``limit(_:)`` wraps a producer: each start takes a slot. If fewer than
///   ``maximumRequests`` slots were taken in the last ``window`` seconds, the producer starts
///   at once, on the starting thread; otherwise it starts on the ``clock`` scheduler as soon
///   as a slot frees. Waiting requests start in the order they asked.
/// - Disposing a waiting run cancels it: it never starts and gives its slot back.
/// - ``pause(for:)`` holds every new start until the server's `Retry-After` has passed.
/// - ``waitingUntil`` tells while a request waits, and until when, so a screen can say so.
/// - Time is the ``clock``'s `currentDate`, so tests run it in virtual time. Thread-safe.
public final class RateLimiter: Sendable {
    /// Pixabay's budget: 100 requests.
    public static let defaultMaximumRequests = 100
    /// Pixabay's window: 60 seconds.
    public static let defaultWindow: TimeInterval = 60
    /// The longest window accepted: one day (a longer or infinite one is clamped to it).
    public static let maximumWindow: TimeInterval = 86_400
    /// The longest pause a server can impose with ``pause(for:)``: one hour. A server that
    /// asks for more (a hostile or broken `Retry-After: 1e12`) would otherwise park every
    /// later request for ever.
    public static let maximumPause: TimeInterval = 3_600

    /// The most requests started in any window.
    public let maximumRequests: Int
    /// The length of the rolling window, in seconds.
    public let window: TimeInterval
    /// The scheduler that tells the time and starts delayed requests.
    public let clock: any DateScheduler
    /// The longest pause this limiter takes from a server (``pause(for:)``): at most
    /// ``maximumPause``; a command-line tool passes its request timeout, so that a
    /// `Retry-After` cannot hold it longer than the user allowed for a request.
    public let pauseLimit: TimeInterval

    private struct State {
        /// Start dates granted, in order; some may be in the future (waiting requests).
        var grants: [Date] = []
        /// No grant before this date (after a 429).
        var pausedUntil: Date = .distantPast
        /// The grants of the requests that wait for them, by request number.
        var waiting: [UInt64: Date] = [:]
        /// The number of the next request that has to wait.
        var nextWaiter: UInt64 = 0
    }

    private let state = Atomic(State())
    private let waiting = MutableProperty<Date?>(nil)

    /// While at least one request waits for a slot (or for a ``pause(for:)`` to pass): the
    /// date the last of them is due to start; `nil` while none waits.
    ///
    /// Changes on the thread that makes a request wait (the one starting it), and on the one
    /// that ends the wait: the ``clock``'s when the request starts, the disposing thread's
    /// when a waiting run is disposed.
    public let waitingUntil: Property<Date?>

    /// Creates a limiter.
    ///
    /// - Parameters:
    ///   - maximumRequests: Requests allowed per window (default 100; at least 1).
    ///   - window: The window in seconds (default 60), clamped to 0…``maximumWindow``; NaN
    ///     counts as 0.
    ///   - clock: The clock and the scheduler of delayed starts (default: the wall clock).
    ///   - pauseLimit: The longest pause taken from a server, clamped to
    ///     0…``maximumPause`` (default ``maximumPause``); NaN counts as ``maximumPause``.
    public init(
        maximumRequests: Int = RateLimiter.defaultMaximumRequests,
        window: TimeInterval = RateLimiter.defaultWindow,
        clock: any DateScheduler = ImageSearch.defaultClock,
        pauseLimit: TimeInterval = RateLimiter.maximumPause
    ) {
        self.pauseLimit =
            pauseLimit.isNaN ? Self.maximumPause : min(max(0, pauseLimit), Self.maximumPause)
        self.maximumRequests = max(1, maximumRequests)
        self.window = window.isNaN ? 0 : min(max(0, window), Self.maximumWindow)
        self.clock = clock
        waitingUntil = Property(capturing: waiting)
    }

    /// Makes each start of `producer` wait for a free slot.
    ///
    /// - Parameter producer: The request to limit.
    /// - Returns: A producer that starts `producer` within the budget; see the type's
    ///   contract.
    public func limit<Value, Error>(
        _ producer: SignalProducer<Value, Error>
    ) -> SignalProducer<Value, Error> {
        SignalProducer { observer, lifetime in
            let now = self.clock.currentDate
            let grant = self.reserve(now: now)
            guard grant > now else {
                lifetime += producer.start(observer)
                return
            }
            let waiter = self.beginWaiting(until: grant)
            let scheduled = self.clock.schedule(after: grant) { [weak self] in
                self?.endWaiting(waiter)
                guard !lifetime.hasEnded else { return }
                lifetime += producer.start(observer)
            }
            lifetime.observeEnded { [weak self] in
                scheduled?.dispose()
                self?.release(grant, ifAfter: self?.clock.currentDate ?? grant)
                self?.endWaiting(waiter)
            }
        }
    }

    /// Holds every start until `seconds` from now have passed (after a 429 or 503 with
    /// `Retry-After`).
    ///
    /// - Parameter seconds: How long the server asked to wait, honoured up to
    ///   ``pauseLimit`` (longer, infinite waits are clamped to it); zero, negative and NaN
    ///   waits change nothing.
    public func pause(for seconds: TimeInterval) {
        guard seconds > 0 else { return }  // also false for NaN
        let seconds = min(seconds, pauseLimit)
        let until = clock.currentDate.addingTimeInterval(seconds)
        state.modify { $0.pausedUntil = max($0.pausedUntil, until) }
    }

    /// How many starts were granted in the window ending now (waiting ones included).
    public var requestsInWindow: Int {
        let now = clock.currentDate
        return state.withValue { state in
            state.grants.filter { $0 > now.addingTimeInterval(-window) }.count
        }
    }

    /// Takes the earliest slot at or after `now`.
    private func reserve(now: Date) -> Date {
        state.modify { state in
            let windowStart = now.addingTimeInterval(-window)
            state.grants.removeAll { $0 <= windowStart }
            var grant = max(now, state.pausedUntil)
            if state.grants.count >= maximumRequests {
                let blocking = state.grants[state.grants.count - maximumRequests]
                grant = max(grant, blocking.addingTimeInterval(window))
            }
            // Keep the list sorted: a grant never precedes one already given.
            if let last = state.grants.last { grant = max(grant, last) }
            state.grants.append(grant)
            return grant
        }
    }

    /// Records a request waiting for `grant`; returns its number for ``endWaiting(_:)``.
    private func beginWaiting(until grant: Date) -> UInt64 {
        let waiter = state.modify { state in
            defer { state.nextWaiter &+= 1 }
            state.waiting[state.nextWaiter] = grant
            return state.nextWaiter
        }
        publishWaiting()
        return waiter
    }

    /// Forgets a waiting request (it started, or was disposed); a second call does nothing.
    private func endWaiting(_ waiter: UInt64) {
        guard state.modify({ $0.waiting.removeValue(forKey: waiter) }) != nil else { return }
        publishWaiting()
    }

    /// Sets ``waitingUntil`` from the state, read inside the property's own write so that
    /// concurrent changes publish in the order they read (the last write sees the latest).
    private func publishWaiting() {
        let state = self.state
        waiting.modify { $0 = state.withValue { $0.waiting.values.max() } }
    }

    /// Gives back a slot that was never used (its run was disposed before its date).
    private func release(_ grant: Date, ifAfter now: Date) {
        guard grant > now else { return }
        state.modify { state in
            if let index = state.grants.lastIndex(of: grant) { state.grants.remove(at: index) }
        }
    }
}
