import Foundation
import ImageSearchModel
import Signalbox

/// The search the view model is given: the real one, observed for what the screen needs
/// beyond the view model's properties: how many malformed hits were skipped, and the
/// typed error behind `errorMessage` (so a 404 can point at `--base-url`).
final class ReportingImageSearch: ImageSearching, @unchecked Sendable {
    // Safety: `skipped`, `excess` and `error` are only read or written while holding `lock`.
    private let base: any ImageSearching
    private let lock = NSLock()
    private var skipped = 0
    private var excess = 0
    private var error: NetworkError?

    init(_ base: any ImageSearching) {
        self.base = base
    }

    /// Malformed hits left out since the latest search started.
    var skippedHits: Int { lock.withLock { skipped } }

    /// Hits beyond the page size left out since the latest search started.
    var excessHits: Int { lock.withLock { excess } }

    /// The error the latest search failed with, if it failed.
    var lastError: NetworkError? { lock.withLock { error } }

    func searchImages(
        query: String, nextPageTrigger: SignalProducer<Void, Never>
    ) -> SignalProducer<ResponseEntity, NetworkError> {
        base.searchImages(query: query, nextPageTrigger: nextPageTrigger)
            .on(
                starting: { [weak self] in
                    self?.lock.withLock {
                        self?.skipped = 0
                        self?.excess = 0
                        self?.error = nil
                    }
                },
                value: { [weak self] page in
                    self?.lock.withLock {
                        self?.skipped &+= page.skippedHits
                        self?.excess &+= page.excessHits
                    }
                },
                failed: { [weak self] failure in self?.lock.withLock { self?.error = failure } })
    }
}

/// The sentences the front ends print for a failed search and for skipped hits.
enum SearchMessages {
    /// The view model's `errorMessage`, sanitised; for an HTTP 404, a sentence that points at
    /// the address rather than the key (a wrong key gets a 400 from Pixabay, a wrong address
    /// a 404).
    static func error(_ message: String, cause: NetworkError?, baseURL: String?) -> String {
        if case .invalidRequest(let text)? = cause, text.hasPrefix("HTTP 404") {
            // `baseURL` is shown without userinfo (``SearchSetup/baseURL``).
            let address = TerminalText.sanitized(baseURL ?? Pixabay.defaultBaseURL)
            return "Nothing answers searches at \(address) (HTTP 404 Not Found). "
                + "Check --base-url."
        }
        return TerminalText.sanitized(message)
    }

    /// `"3 results beyond the page size were left out."`, or `nil` for none: a server that
    /// sends more hits than asked for does not get them kept.
    static func excess(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return count == 1
            ? "1 result beyond the page size was left out."
            : "\(count) results beyond the page size were left out."
    }

    /// `"1 malformed result was skipped."`, or `nil` for none.
    static func skipped(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return count == 1
            ? "1 malformed result was skipped."
            : "\(count) malformed results were skipped."
    }
}
