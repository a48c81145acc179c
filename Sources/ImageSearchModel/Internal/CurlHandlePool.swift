#if canImport(FoundationNetworking)
    import Foundation
    import Signalbox
    import SignalboxLocks

    /// What a network's hops over libcurl share (Linux): the easy handles kept between hops,
    /// and the two lanes the hops run in.
    ///
    /// A kept handle lets a later request to the same server reuse its connection (libcurl
    /// keeps a connection cache per handle), as `URLSession` does.
    ///
    /// Each hop runs on a thread of its own (``CurlHop``), so the lanes bound the threads one
    /// network makes, whatever its caller starts:
    /// - image downloads run ``maximumImageHopsInFlight`` at once (a browser opens six
    ///   connections to a host);
    /// - every other request runs ``maximumRequestHopsInFlight`` at once.
    ///
    /// More wait their turn in their lane, in the order they were started. A hop cancelled
    /// while it waits ends as soon as its turn comes, at once. The lanes are apart, so a
    /// search never waits behind image downloads, nor they behind searches.
    final class CurlHandlePool: @unchecked Sendable {
        // Safety: `idle`, `imageLane`, `requestLane` and `threads` are only read and written
        // under their own `Atomic`'s lock; a handle is used by one hop at a time, taken out of
        // the pool while in use.
        private struct Handle: @unchecked Sendable {
            let pointer: UnsafeMutableRawPointer
        }

        /// The functions of libcurl.
        let curl: LibCurl
        /// The most idle handles kept.
        static let capacity = 4
        /// The most image downloads running at once.
        static let maximumImageHopsInFlight = 6
        /// The most requests other than image downloads running at once (a search, its
        /// pages, and whatever else a caller of ``Network`` starts).
        static let maximumRequestHopsInFlight = 16
        private let idle = Atomic<[Handle]>([])
        private let imageLane = Atomic(HopLane(limit: maximumImageHopsInFlight))
        private let requestLane = Atomic(HopLane(limit: maximumRequestHopsInFlight))
        private let threads = Atomic((running: 0, peak: 0))

        init(curl: LibCurl) {
            self.curl = curl
        }

        /// How many hop threads of this network are running (tests: none outlives its hop).
        var runningThreads: Int { threads.value.running }
        /// The most hop threads of this network that ran at once so far (tests: the lanes
        /// bound them).
        var peakThreads: Int { threads.value.peak }

        /// Starts `hop` on a thread of its own now if its lane has room, else when an earlier
        /// hop of that lane ends.
        func start(_ hop: CurlHop) {
            if lane(of: hop).modify({ $0.admit(hop) }) { launch(hop) }
        }

        /// `hop`'s thread is about to return: the next hop waiting in its lane starts.
        func hopEnded(_ hop: CurlHop) {
            threads.modify { $0.running -= 1 }
            if let next = lane(of: hop).modify({ $0.next() }) { launch(next) }
        }

        private func lane(of hop: CurlHop) -> Atomic<HopLane> {
            hop.isImage ? imageLane : requestLane
        }

        private func launch(_ hop: CurlHop) {
            threads.modify { threads in
                threads.running += 1
                threads.peak = max(threads.peak, threads.running)
            }
            hop.startThread()
        }

        /// An idle handle (reset when it was put back), or a new one; `nil` if libcurl cannot
        /// make one.
        func take() -> UnsafeMutableRawPointer? {
            idle.modify { $0.popLast() }?.pointer ?? curl.easyInit()
        }

        /// Resets `handle` (it no longer names the hop's buffers and callbacks) and keeps it
        /// for a later hop, or releases it when enough are kept.
        func putBack(_ handle: UnsafeMutableRawPointer) {
            curl.easyReset(handle)
            let kept = idle.modify { idle -> Bool in
                guard idle.count < Self.capacity else { return false }
                idle.append(Handle(pointer: handle))
                return true
            }
            if !kept { curl.easyCleanup(handle) }
        }

        deinit {
            for handle in idle.value { curl.easyCleanup(handle.pointer) }
        }
    }

    /// Hops of one kind, at most `limit` of them running at once; the others wait, first come
    /// first served.
    struct HopLane {
        let limit: Int
        private var running = 0
        private var waiting = FIFOQueue<CurlHop>()

        init(limit: Int) {
            self.limit = limit
        }

        /// Counts `hop` as running and returns `true` if there is room, else queues it.
        mutating func admit(_ hop: CurlHop) -> Bool {
            guard running < limit else {
                waiting.append(hop)
                return false
            }
            running += 1
            return true
        }

        /// A running hop ended: the next one waiting, which now counts as running, or `nil`
        /// (one fewer runs).
        mutating func next() -> CurlHop? {
            guard let hop = waiting.popFirst() else {
                running -= 1
                return nil
            }
            return hop
        }
    }
#endif
