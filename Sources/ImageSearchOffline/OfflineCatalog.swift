import Foundation
import ImageSearchModel
import Signalbox

/// A `Networking` (from `ImageSearchModel`) that answers Pixabay searches from a catalog built into the package.
///
/// Why: a front end should work on a machine with no API key and no network (a demo, a
/// train, CI), and view-model tests want realistic data without a server. The catalog holds
/// a few hundred invented photo records with varied tags (animals, landscapes, cities,
/// food, plants, things, sky); nothing is read from disk, so it works from any directory.
///
/// ``requestJSON(url:parameters:)`` reads the Pixabay parameters (`q`, `page`, `per_page`,
/// `image_type`; `key` and `safesearch` are accepted and ignored) from any URL and answers
/// as Pixabay does: every query word must match a word of a tag, case-insensitively and
/// ignoring plural endings ("Foxes" finds "fox"); hits are ordered with exact tag matches
/// first, then by popularity; `totalHits` counts all matches and pages are sliced from them;
/// a page or page size out of range fails with `.invalidRequest` and Pixabay's wording.
/// An empty or missing `q` lists the whole catalog, as Pixabay does.
///
/// ``requestImage(url:)`` serves a small PNG (a colour gradient suited to the tags) for the
/// preview and image addresses of the catalog's hits; any other address fails with
/// `.notReachedServer`, since there is no network.
///
/// Threading: answers are sent synchronously on the starting thread, or on `scheduler` if
/// one is given (then disposing before the answer cancels it).
public final class OfflineCatalog: Networking {
    /// The host every catalog address uses; `.invalid` names never resolve.
    public static let host = "offline.signalbox.invalid"
    /// The root of the catalog's addresses.
    public static let baseURL = "https://\(host)/"

    private let scheduler: (any Scheduler)?

    /// Creates the catalog.
    ///
    /// - Parameter scheduler: Where answers are delivered; `nil` (the default) answers on the
    ///   thread that starts the request.
    public init(scheduler: (any Scheduler)? = nil) {
        self.scheduler = scheduler
    }

    /// How many photos the catalog holds.
    public static var photoCount: Int { photos.count }

    /// Every photo of the catalog, in a fixed order.
    static let photos: [CatalogPhoto] = animalPhotos + scenePhotos

    /// Answers a Pixabay search from the catalog.
    ///
    /// - Parameters:
    ///   - url: Ignored: any endpoint is answered as Pixabay's.
    ///   - parameters: The Pixabay query parameters.
    /// - Returns: A producer of a Pixabay-shaped JSON body, or an `.invalidRequest` failure.
    public func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        deliver { Self.search(parameters) }
    }

    /// Serves the placeholder image behind a catalog address.
    ///
    /// - Parameter url: A `previewURL`, `webformatURL` or `largeImageURL` of a catalog hit.
    /// - Returns: A producer of PNG bytes, or `.notReachedServer` for any other address.
    public func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        deliver { Self.image(at: url) }
    }

    private func deliver(
        _ answer: @escaping @Sendable () -> Result<Data, NetworkError>
    ) -> SignalProducer<Data, NetworkError> {
        let scheduler = self.scheduler
        return SignalProducer { observer, lifetime in
            let send = {
                switch answer() {
                case .success(let data):
                    observer.send(value: data)
                    observer.sendCompleted()
                case .failure(let error):
                    observer.send(error: error)
                }
            }
            if let scheduler {
                lifetime += scheduler.schedule(send)
            } else {
                send()
            }
        }
    }
}
