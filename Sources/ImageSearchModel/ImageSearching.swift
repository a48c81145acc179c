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
}

extension ImageSearching {
    /// Searches for `query` and sends the first page only, then completes.
    ///
    /// - Parameter query: The words to search for.
    /// - Returns: A producer of one page.
    public func searchImages(query: String) -> SignalProducer<ResponseEntity, NetworkError> {
        searchImages(query: query, nextPageTrigger: .empty)
    }
}
