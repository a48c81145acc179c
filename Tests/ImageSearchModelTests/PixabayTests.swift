import Foundation
import ImageSearchModel
import Testing

@Suite("Pixabay configuration")
struct PixabayTests {
    @Test("the defaults follow the API contract")
    func defaults() throws {
        let pixabay = try Pixabay(apiKey: "k-123")
        #expect(pixabay.baseURL == "https://pixabay.com/api/")
        #expect(pixabay.perPage == 50)
        #expect(pixabay.imageType == .photo)
        #expect(pixabay.safeSearch)
        #expect(
            pixabay.parameters(query: "red fox", page: 2) == [
                "key": "k-123", "q": "red fox", "image_type": "photo", "safesearch": "true",
                "per_page": "50", "page": "2",
            ])
    }

    @Test("every setting is sent")
    func settings() throws {
        let pixabay = try Pixabay(
            apiKey: nil, baseURL: "http://127.0.0.1:8080/api/", perPage: 3,
            imageType: .illustration, safeSearch: false)
        #expect(
            pixabay.parameters(query: "cat", page: 1) == [
                "q": "cat", "image_type": "illustration", "safesearch": "false",
                "per_page": "3", "page": "1",
            ])
    }

    @Test("per_page outside 3…200 is an error, not a clamp", arguments: [-1, 0, 2, 201, 1000])
    func perPageOutOfRange(perPage: Int) {
        #expect(throws: Pixabay.ConfigurationError.perPageOutOfRange(perPage)) {
            try Pixabay(apiKey: "k", perPage: perPage)
        }
        let sentence = Pixabay.ConfigurationError.perPageOutOfRange(perPage).description
        #expect(sentence.contains("3 to 200"))
    }

    @Test("per_page 3 and 200 are accepted", arguments: [3, 200])
    func perPageBounds(perPage: Int) throws {
        #expect(try Pixabay(apiKey: "k", perPage: perPage).perPage == perPage)
    }

    @Test(
        "the base URL must be http or https",
        arguments: ["", "pixabay.com/api", "ftp://x/", "http://"])
    func badBaseURL(url: String) {
        #expect(throws: Pixabay.ConfigurationError.invalidBaseURL(url)) {
            try Pixabay(apiKey: "k", baseURL: url)
        }
    }

    @Test("the key comes from PIXABAY_API_KEY, trimmed; blank means none")
    func environmentKey() throws {
        #expect(Pixabay.environmentAPIKey(["PIXABAY_API_KEY": " abc-1 \n"]) == "abc-1")
        #expect(Pixabay.environmentAPIKey(["PIXABAY_API_KEY": "   "]) == nil)
        #expect(Pixabay.environmentAPIKey([:]) == nil)
        #expect(try Pixabay(apiKey: "  ").apiKey == nil)
        #expect(Pixabay.standard.apiKey == Pixabay.environmentAPIKey())
    }

    @Test("descriptions, debug output and dump never show the key")
    func keyIsHidden() throws {
        let key = "very-secret-key-42"
        let pixabay = try Pixabay(apiKey: key)
        var dumped = ""
        dump(pixabay, to: &dumped)
        for text in [pixabay.description, pixabay.debugDescription, "\(pixabay)", dumped] {
            #expect(!text.contains(key))
            #expect(text.contains("REDACTED"))
        }
        #expect(try Pixabay(apiKey: nil).description.contains("apiKey: none"))
    }

    @Test("queries are trimmed; blank or over 100 characters is an error")
    func queries() throws {
        #expect(try Pixabay.validatedQuery("  red \n fox ") == "red fox")
        #expect(try Pixabay.validatedQuery(String(repeating: "a", count: 100)).count == 100)
        for bad in ["", "   ", "\n\t", String(repeating: "a", count: 101)] {
            #expect(throws: NetworkError.self) { try Pixabay.validatedQuery(bad) }
        }
        #expect(
            throws: NetworkError.invalidRequest(
                message: "the search is empty; type what to look for")
        ) {
            try Pixabay.validatedQuery(" ")
        }
    }
}
