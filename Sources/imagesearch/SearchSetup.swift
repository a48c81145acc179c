import Foundation
import ImageSearchModel
import ImageSearchOffline

/// Where results come from, chosen from the options and the environment.
struct SearchSetup {
    /// `"pixabay"` or `"offline"`.
    let source: String
    let network: any Networking
    let imageSearch: ImageSearch
    /// A one-line notice for standard error, when the offline catalog stands in.
    let notice: String?

    /// Builds the network and search service.
    ///
    /// - Throws: `UsageError` for a configuration Pixabay would not accept.
    init(options: CommandLineOptions, environment: [String: String]) throws(UsageError) {
        let key = options.apiKey ?? Pixabay.environmentAPIKey(environment)
        let perPage = options.perPage ?? Pixabay.defaultPerPage
        let live = key != nil && !options.offline
        let pixabay: Pixabay
        do {
            pixabay = try Pixabay(
                apiKey: live ? key : nil, baseURL: options.baseURL ?? Pixabay.defaultBaseURL,
                perPage: perPage)
        } catch {
            throw UsageError(error.description)
        }
        if live {
            source = "pixabay"
            network = Network(timeout: options.timeout ?? Network.defaultTimeout)
            notice = nil
        } else {
            source = "offline"
            network = OfflineCatalog()
            notice =
                options.offline
                ? nil
                : "imagesearch: no API key, searching the offline catalog; set PIXABAY_API_KEY or pass --api-key KEY for live Pixabay results"
        }
        imageSearch = ImageSearch(network: network, pixabay: pixabay)
    }
}
