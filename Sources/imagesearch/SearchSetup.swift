import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchViewModel
import Signalbox

/// Where results come from, chosen from the options and the environment.
struct SearchSetup {
    /// `"pixabay"` or `"offline"`.
    let source: String
    let network: any Networking
    /// The search the view models use.
    let imageSearch: any ImageSearching
    /// Where results come from, as the view model's status names it.
    let searchSource: SearchSource
    /// The endpoint searched, without userinfo (for error messages).
    let baseURL: String
    /// One-line notices for standard error: the offline catalog standing in, options that
    /// have no effect.
    let notices: [String]

    /// The longest key file read: a key is short; anything longer is not a key file.
    static let maximumKeyFileSize = 4096

    /// Builds the network and search service.
    ///
    /// - Throws: `UsageError` for a configuration Pixabay would not accept, or a key file
    ///   that cannot be read or holds no key.
    init(options: CommandLineOptions, environment: [String: String]) throws(UsageError) {
        var key = options.apiKey ?? Pixabay.environmentAPIKey(environment)
        if let path = options.apiKeyFile { key = try Self.readKey(path) }
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
        baseURL = pixabay.shownBaseURL
        if !live, !options.offline, options.baseURL != nil {
            // The address was given on purpose: answering from the offline catalog instead
            // would pass for a search of that server.
            throw UsageError(
                "--base-url \(TerminalText.sanitized(baseURL)) needs an API key: pass --api-key KEY, --api-key-file PATH or set PIXABAY_API_KEY (or add --offline to search the offline catalog)"
            )
        }
        var notices = options.warnings
        let cache: ResponseCache
        // Without a disk cache, results are kept in memory within a byte budget.
        let memoryCache = ResponseCache(
            storage: MemoryResponseStorage(
                maximumBytes: options.cacheMemory.map { $0 * 1024 * 1024 }
                    ?? MemoryResponseStorage.defaultMaximumBytes))
        if live {
            source = "pixabay"
            searchSource = .server(address: baseURL)
            network = Network(
                timeout: options.timeout ?? Network.defaultTimeout,
                userAgent: "imagesearch/\(imageSearchVersion)",
                imageHosts: ImageHostPolicy(searchServer: pixabay.baseURL))
            let directory = DiskResponseStorage.defaultDirectory(
                named: "imagesearch", environment: environment)
            if !options.noCache, let directory {
                let storage = DiskResponseStorage(directory: directory)
                if let refusal = storage.refusal {
                    // Pages from a folder others can change would be results nobody asked
                    // for: search without the disk cache, and say so once.
                    notices.append(
                        "imagesearch: not caching results on disk: '\(TerminalText.sanitized(directory.path))' \(refusal)"
                    )
                    cache = memoryCache
                } else {
                    cache = ResponseCache(storage: storage)
                    if options.cacheMemory != nil {
                        notices.append(
                            "imagesearch: warning: --cache-memory has no effect with the on-disk cache (add --no-cache)"
                        )
                    }
                }
            } else {
                cache = memoryCache
            }
        } else {
            source = "offline"
            searchSource = .offlineCatalog
            network = OfflineCatalog()
            cache = memoryCache
            if !options.offline {
                notices.append(
                    "imagesearch: no API key, searching the offline catalog; set PIXABAY_API_KEY or pass --api-key KEY for live Pixabay results"
                )
            }
        }
        self.notices = notices
        // A server's Retry-After holds later searches no longer than a request may take.
        imageSearch = ImageSearch(
            network: network, pixabay: pixabay, cache: cache,
            rateLimiter: RateLimiter(pauseLimit: options.timeout ?? Network.defaultTimeout))
    }

    /// The key in the file at `path`, trimmed: a regular file of at most
    /// ``maximumKeyFileSize`` bytes (a FIFO would block for ever, a device never end).
    private static func readKey(_ path: String) throws(UsageError) -> String {
        let shown = TerminalText.sanitized(path)
        let data: Data
        switch KeyFile.read(path, maximumSize: maximumKeyFileSize) {
        case .success(let contents): data = contents
        case .failure(.notRegular):
            throw UsageError("--api-key-file '\(shown)' is not a regular file")
        case .failure(.tooLarge):
            throw UsageError("--api-key-file '\(shown)' does not hold a key")
        case .failure(.unreadable):
            throw UsageError("cannot read --api-key-file '\(shown)'")
        }
        guard data.count <= maximumKeyFileSize,
            let text = String(data: data, encoding: .utf8)
        else {
            throw UsageError(
                "--api-key-file '\(TerminalText.sanitized(path))' does not hold a key")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty, !key.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw UsageError(
                "--api-key-file '\(TerminalText.sanitized(path))' does not hold a key")
        }
        return key
    }
}

extension SearchSetup {
    /// The two view models every mode renders, on the main queue, the detail view model
    /// driven by the table's selection.
    ///
    /// - Parameter channel: How the detail view model opens a page.
    /// - Returns: The table and detail view models, wired together.
    func makeViewModels(
        channel: ExternalAppChanneling = SystemExternalAppChannel()
    ) -> (table: ImageSearchTableViewModel, detail: ImageDetailViewModel) {
        let table = ImageSearchTableViewModel(
            imageSearch: imageSearch, network: network, scheduler: QueueScheduler.main,
            source: searchSource)
        let detail = ImageDetailViewModel(
            network: network, externalAppChannel: channel, scheduler: QueueScheduler.main)
        table.imageDetailViewModel = detail
        return (table, detail)
    }
}
