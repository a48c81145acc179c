import Foundation
import Signalbox

/// Resolves the host names that host checks (``ImageHostPolicy``) need, on threads of its
/// own, a bounded number at once, so a resolver that is slow or never answers costs its own
/// checks only.
///
/// Why: `getaddrinfo` blocks. Run on the shared dispatch pool, 300 image views of hosts whose
/// DNS never answers took its threads one after another (10 → 83 threads), and the next
/// search, whose task is started from that pool, waited behind them until it timed out.
///
/// Rules:
/// - At most ``maximumInFlight`` names resolve at once: ``imageThreads`` threads for image
///   downloads and one more, reserved, for the redirects of other requests (a search), so
///   no number of stuck image checks delays a search.
/// - A check waits in its lane's queue, first come first served. When its turn comes and
///   every request that asked for it has been cancelled (the user left the detail view, the
///   deadline passed), it is dropped unresolved.
/// - Checks of one name in one lane share one resolution, and a verdict is remembered for
///   ``verdictLifetime`` seconds (at most ``rememberedVerdicts`` names).
/// - Threads start when checks are queued and end when their lane's queue is empty.
final class HostResolver: Sendable {
    /// The most names resolving at once: image threads plus the one reserved for searches.
    static let maximumInFlight = imageThreads + 1
    /// The threads that resolve the hosts of images.
    static let imageThreads = 3
    /// The name of the resolver's threads (at most 15 bytes: Linux keeps no more of it).
    static let threadName = "HostResolver"
    /// Seconds a verdict is reused for.
    static let verdictLifetime: TimeInterval = 60
    /// The most names whose verdicts are remembered.
    static let rememberedVerdicts = 256

    /// Which queue, and which threads, a check uses.
    enum Lane: Hashable, Sendable {
        /// The hop of an image download.
        case image
        /// A redirect of any other request (a search): its own thread.
        case search

        var threads: Int { self == .image ? HostResolver.imageThreads : 1 }
    }

    /// Who waits for a verdict.
    private struct Waiter {
        let isCancelled: @Sendable () -> Bool
        let decide: @Sendable (Bool) -> Void
    }

    private struct Key: Hashable {
        let lane: Lane
        let host: String
    }

    private struct State {
        /// Names waiting for a thread, per lane, in order.
        var queued: [Lane: [String]] = [:]
        /// Checks queued or resolving, with who waits for each.
        var waiting: [Key: [Waiter]] = [:]
        /// Running threads per lane.
        var threads: [Lane: Int] = [:]
        /// Verdicts, with the uptime (nanoseconds) they expire at.
        var verdicts: [String: (isPublic: Bool, expires: UInt64)] = [:]
    }

    private let resolve: @Sendable (String) -> Bool
    /// Whether an address about to be connected to is public: the second check of a host
    /// that passed by its name (see `CurlHop`).
    let isPublicAddress: @Sendable (UnsafeMutablePointer<sockaddr>) -> Bool
    private let state = Atomic(State())

    /// - Parameters:
    ///   - resolve: Whether a name is public, blocking while it resolves.
    ///   - isPublicAddress: Whether a socket address is public (tests: one that says yes to
    ///     loopback).
    init(
        resolve: @escaping @Sendable (String) -> Bool,
        isPublicAddress: @escaping @Sendable (UnsafeMutablePointer<sockaddr>) -> Bool =
            HostAddress.isPublic(socketAddress:)
    ) {
        self.resolve = resolve
        self.isPublicAddress = isPublicAddress
    }

    /// Calls `decide` with whether `host` is public, on a thread of the resolver (or on the
    /// calling thread, for a remembered verdict); never if the check is dropped because
    /// `isCancelled` says so when its turn comes.
    func check(
        _ host: String, lane: Lane, isCancelled: @escaping @Sendable () -> Bool,
        decide: @escaping @Sendable (Bool) -> Void
    ) {
        let now = DispatchTime.now().uptimeNanoseconds
        let name = HostAddress.normalized(host)
        let key = Key(lane: lane, host: name)
        enum Next {
            case known(Bool)
            case queued(startThread: Bool)
        }
        let next = state.modify { state -> Next in
            if let verdict = state.verdicts[name], verdict.expires > now {
                return .known(verdict.isPublic)
            }
            let waiter = Waiter(isCancelled: isCancelled, decide: decide)
            if state.waiting[key] != nil {
                state.waiting[key, default: []].append(waiter)
                return .queued(startThread: false)
            }
            state.waiting[key] = [waiter]
            state.queued[lane, default: []].append(name)
            let running = state.threads[lane, default: 0]
            guard running < lane.threads else { return .queued(startThread: false) }
            state.threads[lane] = running + 1
            return .queued(startThread: true)
        }
        switch next {
        case .known(let isPublic):
            decide(isPublic)
        case .queued(let startThread):
            guard startThread else { return }
            NamedThread.start(Self.threadName) { [self] in work(lane) }
        }
    }

    /// A thread's loop: resolves its lane's names until the queue is empty.
    private func work(_ lane: Lane) {
        while let name = nextName(in: lane) {
            let isPublic = resolve(name)
            let expires =
                DispatchTime.now().uptimeNanoseconds
                + UInt64(Self.verdictLifetime * 1_000_000_000)
            let waiters = state.modify { state -> [Waiter] in
                if state.verdicts.count >= Self.rememberedVerdicts {
                    let now = DispatchTime.now().uptimeNanoseconds
                    state.verdicts = state.verdicts.filter { $0.value.expires > now }
                    if state.verdicts.count >= Self.rememberedVerdicts {
                        state.verdicts.removeAll()
                    }
                }
                state.verdicts[name] = (isPublic, expires)
                return state.waiting.removeValue(forKey: Key(lane: lane, host: name)) ?? []
            }
            for waiter in waiters { waiter.decide(isPublic) }
        }
    }

    /// The next name of `lane` someone still waits for (dropping those nobody does), or
    /// `nil` when the queue is empty, and then this thread is counted out.
    private func nextName(in lane: Lane) -> String? {
        state.modify { state -> String? in
            while var queue = state.queued[lane], !queue.isEmpty {
                let name = queue.removeFirst()
                state.queued[lane] = queue
                let key = Key(lane: lane, host: name)
                let live = (state.waiting[key] ?? []).filter { !$0.isCancelled() }
                if live.isEmpty {
                    state.waiting[key] = nil
                    continue
                }
                state.waiting[key] = live
                return name
            }
            state.threads[lane, default: 1] -= 1
            return nil
        }
    }
}
