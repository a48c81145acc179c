import Foundation
import Signalbox

/// Searches images page by page: what the table view model depends on.
///
/// Why a protocol: view-model tests pass a stub that sends prepared pages in virtual time;
/// ``ImageSearch`` is the implementation over Pixabay.
public protocol ImageSearching: Sendable {
    /// Searches for `query`: sends page 1 at once and one more page per trigger value.
    ///
    /// Contract (as ``ImageSearch`` implements it):
    /// - Each start is a new search from page 1.
    /// - No trigger value is lost: one that arrives while a page is loading is remembered
    ///   and served once that page has been delivered (each value asks for one page), and
    ///   no page is requested twice.
    /// - Completes after the page that brings the loaded count to the total, after a short
    ///   page, or after the page in flight when the trigger ends; never asks past the end.
    /// - Fails with the first ``NetworkError``; disposing cancels the request in flight.
    ///
    /// - Parameters:
    ///   - query: The words to search for.
    ///   - nextPageTrigger: Each value asks for the next page.
    /// - Returns: A producer of pages.
    func searchImages(
        query: String, nextPageTrigger: SignalProducer<Void, Never>
    ) -> SignalProducer<ResponseEntity, NetworkError>

    /// While a request of a search waits for the service's rate limit: the date it is due to
    /// be sent; `nil` while none waits. A screen shows it ("waiting 54 s for the rate
    /// limit") instead of a search that seems to hang.
    ///
    /// Changes on any thread (hop with `observe(on:)`). The default is always `nil`: a
    /// service without a rate limit, or one that does not say.
    var rateLimitedUntil: Property<Date?> { get }
}

extension ImageSearching {
    /// Always `nil`: the service does not report rate-limit waits.
    public var rateLimitedUntil: Property<Date?> { Property(value: nil) }

    /// Searches for `query` and sends the first page only, then completes.
    ///
    /// - Parameter query: The words to search for.
    /// - Returns: A producer of one page.
    public func searchImages(query: String) -> SignalProducer<ResponseEntity, NetworkError> {
        searchImages(query: query, nextPageTrigger: .empty)
    }
}
