import Foundation
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

@testable import ImageSearchModel

/// On Linux every request runs on a thread of its own (`CurlHop`): those threads are bounded
/// (images and other requests each in a lane of their own, so neither waits for the other)
/// and end with their requests.
@Suite("Network's request threads", .serialized, .ownThreads)
struct NetworkHopThreadsTests {
    @Test("image downloads run six at once, the rest in turn; a search never waits for them")
    func imageLane() throws {
        let server = try LoopbackHTTPServer(latency: PixabayPage.latency) { request in
            request.target.hasPrefix("/img") ? .hold : .json("{}")
        }
        defer { server.stop() }
        let network = Network(
            timeout: 60, imageHosts: ImageHostPolicy(searchServer: server.baseURL))
        let downloads = (0..<20).map {
            network.requestImage(url: server.baseURL + "/img\($0).png").start()
        }
        defer { for download in downloads { download.dispose() } }
        for _ in 0..<6 { #expect(server.waitForRequest(timeout: 60)) }
        // Six downloads hang on a server that never answers; the search goes past them.
        let search = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
            .outcome(timeout: 30)
        #expect(search.values == [Data("{}".utf8)], "got \(String(describing: search.terminal))")
        let images = { server.requests.count { $0.target.hasPrefix("/img") } }
        #expect(images() == 6, "\(images()) downloads ran at once")
        // The six are named where the system shows thread names (other suites' requests may
        // add more).
        if let named = HostChecksTests.threadCount(named: "NetworkHop") {
            #expect(named >= 6, "\(named) threads named NetworkHop")
        }
        #if canImport(FoundationNetworking)
            let threads = network.curlHandles?.runningThreads ?? 0
            // The six downloads', and the search's if it has reported but not yet returned.
            #expect(threads <= 7, "\(threads) request threads")
        #endif
        // Cancelling the six that run lets the next six start (the search's arrival counted
        // one of the seven waits).
        for download in downloads.prefix(6) { download.dispose() }
        for _ in 0..<7 { #expect(server.waitForRequest(timeout: 60)) }
        #expect(images() == 12, "\(images()) downloads after six were cancelled")
    }

    #if canImport(FoundationNetworking)
        @Test("other requests run sixteen at once, the rest in turn: 40 held make 16 threads")
        func requestLane() throws {
            let server = try LoopbackHTTPServer(latency: PixabayPage.latency) { request in
                request.target.hasPrefix("/hold") ? .hold : .json("{}")
            }
            defer { server.stop() }
            let network = Network(
                timeout: 60, imageHosts: ImageHostPolicy(searchServer: server.baseURL))
            let limit = CurlHandlePool.maximumRequestHopsInFlight
            let held = (0..<40).map {
                network.requestJSON(url: server.baseURL + "/hold/\($0)", parameters: [:]).start()
            }
            defer { for request in held { request.dispose() } }
            for _ in 0..<limit { #expect(server.waitForRequest(timeout: 60)) }
            let peak = network.curlHandles?.peakThreads ?? 0
            #expect(peak == limit, "\(peak) request threads ran at once")
            // Images have a lane of their own: a download goes past the sixteen.
            let image = network.requestImage(url: server.baseURL + "/image.png")
                .outcome(timeout: 30)
            #expect(image.terminal != nil, "the download waited behind the requests")
            // Cancelling the first sixteen lets the next sixteen start, first come first served
            // (the image's arrival counted one of the waits).
            for request in held.prefix(limit) { request.dispose() }
            for _ in 0...limit { #expect(server.waitForRequest(timeout: 60)) }
            let targets = Set(server.requests.map(\.target).filter { $0.hasPrefix("/hold/") })
            let expected = Set((0..<(2 * limit)).map { "/hold/\($0)" })
            #expect(targets == expected, "started: \(targets.sorted())")
            #expect((network.curlHandles?.peakThreads ?? 0) <= limit + 1)
        }

        @Test("60 requests at once to a server with latency and jitter all succeed, 16 at a time")
        func requestLaneUnderLoad() throws {
            let server = try LoopbackHTTPServer(latency: 0.005...0.05) { request in
                .json("{\"at\":\"\(request.target)\"}")
            }
            defer { server.stop() }
            let network = Network(timeout: 60)
            let results = Atomic<[String: Data]>([:])
            let ended = DispatchGroup()
            var runs: [Disposable] = []
            for index in 0..<60 {
                ended.enter()
                runs.append(
                    network.requestJSON(url: server.baseURL + "/api/\(index)", parameters: [:])
                        .start { event in
                            if case .value(let data) = event {
                                results.modify { $0["/api/\(index)"] = data }
                            }
                            if event.isTerminating { ended.leave() }
                        })
            }
            defer { for run in runs { run.dispose() } }
            #expect(ended.wait(timeout: .now() + 60) == .success, "not every request ended")
            let answered = results.value
            #expect(answered.count == 60, "\(answered.count) of 60 requests succeeded")
            for (target, data) in answered {
                #expect(
                    data == Data("{\"at\":\"\(target)\"}".utf8), "\(target) got another's answer")
            }
            let peak = network.curlHandles?.peakThreads ?? 0
            #expect(peak <= CurlHandlePool.maximumRequestHopsInFlight, "\(peak) threads at once")
        }

        @Test("a request's thread ends with it: none is left after 40 requests")
        func threadsEnd() throws {
            let server = try LoopbackHTTPServer(latency: PixabayPage.latency) { _ in .json("{}") }
            defer { server.stop() }
            let network = Network(timeout: 30)
            for index in 0..<40 {
                let outcome = network.requestJSON(
                    url: server.baseURL + "/api/\(index)", parameters: [:]
                )
                .outcome(timeout: 30)
                #expect(outcome.values.count == 1)
            }
            // The last thread reports, then returns: give it the moment it needs, bounded.
            let deadline = DispatchTime.now() + 30
            var left = network.curlHandles?.runningThreads ?? 0
            while left > 0, DispatchTime.now() < deadline {
                _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.01)
                left = network.curlHandles?.runningThreads ?? 0
            }
            #expect(network.curlHandles != nil, "requests run over libcurl on Linux")
            #expect(left == 0, "\(left) request threads outlived their requests")
        }
    #endif

    @Test("a network and its requests are released once the requests have ended")
    func releasedAfterRequests() throws {
        let server = try LoopbackHTTPServer(latency: PixabayPage.latency) { request in
            request.target.hasPrefix("/hold") ? .hold : .json("{}")
        }
        defer { server.stop() }
        weak var released: Network?
        do {
            let network = Network(timeout: 30)
            released = network
            for index in 0..<5 {
                let outcome = network.requestJSON(
                    url: server.baseURL + "/\(index)", parameters: [:]
                )
                .outcome(timeout: 30)
                #expect(outcome.values.count == 1)
            }
            // And one disposed while it waits for its answer.
            let held = network.requestJSON(url: server.baseURL + "/hold", parameters: [:]).start()
            #expect(server.waitForRequest(timeout: 30))
            held.dispose()
        }
        // A request's thread lets go of it when it returns (within a second of a disposal).
        let deadline = DispatchTime.now() + 30
        while released != nil, DispatchTime.now() < deadline {
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.01)
        }
        #expect(released == nil, "the network (and its requests) outlived them")
    }
}
