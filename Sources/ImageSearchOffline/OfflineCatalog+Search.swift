import Foundation
import ImageSearchModel

extension OfflineCatalog {
    /// The words of `text`, lowercased and made singular, for matching queries to tags.
    static func words(in text: String) -> [String] {
        text.lowercased()
            .split { !($0.isLetter || $0.isNumber) }
            .map { singular(String($0)) }
    }

    /// A crude English singular: "foxes" → "fox", "berries" → "berry", "cats" → "cat".
    static func singular(_ word: String) -> String {
        guard word.count > 3 else { return word }
        for suffix in ["ches", "shes", "sses", "xes", "zes"] where word.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is")
        {
            return String(word.dropLast())
        }
        return word
    }

    /// The photos matching `query`, best first.
    static func matches(for query: String) -> [CatalogPhoto] {
        let wanted = words(in: query)
        guard !wanted.isEmpty else {
            // No query lists everything, as Pixabay does; a query of only punctuation or
            // emoji ("&", "...", "🦊") has no word to match, so it finds nothing.
            let blank = query.allSatisfy { $0.isWhitespace }
            return blank ? photos.sorted(by: isMorePopular) : []
        }
        let phrase = wanted.joined(separator: " ")
        let scored = photos.compactMap { photo -> (photo: CatalogPhoto, exact: Bool)? in
            let words = photo.words
            guard wanted.allSatisfy({ words.contains($0) }) else { return nil }
            let exact = photo.tagList.contains {
                Self.words(in: $0).joined(separator: " ") == phrase
            }
            return (photo, exact)
        }
        return scored.sorted { left, right in
            if left.exact != right.exact { return left.exact }
            return isMorePopular(left.photo, right.photo)
        }
        .map(\.photo)
    }

    private static func isMorePopular(_ left: CatalogPhoto, _ right: CatalogPhoto) -> Bool {
        if left.likes != right.likes { return left.likes > right.likes }
        return left.id < right.id
    }

    private static func rejected(_ parameter: String) -> NetworkError {
        .invalidRequest(message: "[ERROR 400] \"\(parameter)\" is out of valid range.")
    }

    /// The JSON body Pixabay would send for `parameters`.
    static func search(_ parameters: [String: String]) -> Result<Data, NetworkError> {
        let query = parameters["q"] ?? ""
        guard query.count <= Pixabay.maximumQueryLength else {
            return .failure(
                .invalidRequest(
                    message:
                        "[ERROR 400] \"q\" may not exceed \(Pixabay.maximumQueryLength) characters."
                ))
        }
        guard let perPage = Int(parameters["per_page"] ?? "20"),
            Pixabay.perPageRange.contains(perPage)
        else { return .failure(rejected("per_page")) }
        guard let page = Int(parameters["page"] ?? "1"), page >= 1 else {
            return .failure(rejected("page"))
        }
        let found: [CatalogPhoto]
        switch parameters["image_type"]?.lowercased() ?? "all" {
        case "all", "photo": found = matches(for: query)
        case "illustration", "vector": found = []
        default: return .failure(.invalidRequest(message: "[ERROR 400] \"image_type\" is invalid."))
        }
        // A page far past the end is out of range, not an overflow.
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, start < found.count || (page == 1 && found.isEmpty) else {
            return .failure(rejected("page"))
        }
        let hits = found[start..<min(found.count, start + perPage)].map(\.hit)
        let response = CatalogResponse(
            total: found.count, totalHits: min(found.count, 500), hits: hits)
        do {
            return .success(try JSONEncoder().encode(response))
        } catch {
            return .failure(.unknown)
        }
    }

    /// The placeholder PNG behind a catalog image address.
    static func image(at url: String) -> Result<Data, NetworkError> {
        guard let components = URLComponents(string: url), components.host == host else {
            return .failure(.notReachedServer)
        }
        let name = components.path.split(separator: "/").last.map(String.init) ?? ""
        let stem = name.hasSuffix(".png") ? String(name.dropLast(4)) : ""
        let parts = stem.split(separator: "_")
        guard parts.count == 2, let id = UInt64(parts[0]), let longerSide = Int(parts[1]),
            [150, 640, 1280].contains(longerSide),
            let photo = photos.first(where: { $0.id == id })
        else {
            return .failure(.invalidRequest(message: "HTTP 404 (Not Found)"))
        }
        let size = photo.size(longerSide: longerSide / 10)
        let (top, bottom) = palette(for: photo.words)
        return .success(
            PlaceholderImage.png(width: size.width, height: size.height, top: top, bottom: bottom))
    }

    /// Two colours that suggest the photo's subject.
    private static func palette(for words: Set<String>) -> (
        PlaceholderImage.Color, PlaceholderImage.Color
    ) {
        typealias C = PlaceholderImage.Color
        let themes: [(Set<String>, C, C)] = [
            (
                ["fox", "autumn", "fall", "sunset", "desert"], C(red: 236, green: 140, blue: 60),
                C(red: 120, green: 70, blue: 30)
            ),
            (
                ["snow", "winter", "ice", "glacier", "arctic"], C(red: 210, green: 228, blue: 245),
                C(red: 250, green: 250, blue: 252)
            ),
            (
                ["lake", "sea", "ocean", "water", "river", "beach"],
                C(red: 120, green: 180, blue: 235), C(red: 20, green: 80, blue: 140)
            ),
            (
                ["forest", "meadow", "grass", "tree", "mountain"],
                C(red: 150, green: 200, blue: 240), C(red: 50, green: 110, blue: 50)
            ),
            (
                ["night", "star", "moon", "city"], C(red: 10, green: 15, blue: 45),
                C(red: 60, green: 60, blue: 90)
            ),
            (
                ["flower", "rose", "tulip", "poppy", "fruit", "strawberry"],
                C(red: 240, green: 120, blue: 150), C(red: 70, green: 130, blue: 60)
            ),
            (
                ["coffee", "bread", "cake", "book", "bear"], C(red: 200, green: 160, blue: 120),
                C(red: 90, green: 60, blue: 40)
            ),
        ]
        for (keys, top, bottom) in themes where !keys.isDisjoint(with: words) {
            return (top, bottom)
        }
        return (C(red: 200, green: 200, blue: 200), C(red: 110, green: 110, blue: 110))
    }
}

/// A Pixabay response body, for encoding the catalog's answers.
struct CatalogResponse: Encodable, Sendable {
    let total: Int
    let totalHits: Int
    let hits: [CatalogHit]
}
