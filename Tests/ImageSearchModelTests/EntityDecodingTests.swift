import Foundation
import ImageSearchModel
import Testing

@Suite("Decoding ImageEntity and ResponseEntity")
struct EntityDecodingTests {
    private func decodeHit(_ json: String) throws -> ImageEntity {
        try JSONDecoder().decode(ImageEntity.self, from: Data(json.utf8))
    }

    @Test("every field is decoded from its Pixabay key")
    func allFields() throws {
        #expect(try decodeHit(Fixtures.hitJSON()) == Fixtures.entity())
    }

    @Test("tags \"a, b c, d \" become [\"a\", \"b c\", \"d\"]")
    func tagsAreSplitAndTrimmed() throws {
        #expect(try decodeHit(Fixtures.hitJSON()).tags == ["a", "b c", "d"])
        #expect(ImageEntity.tags(fromList: " fox ,, red  fox,") == ["fox", "red  fox"])
        #expect(ImageEntity.tags(fromList: "") == [])
    }

    @Test("missing tags decode as no tags")
    func missingTags() throws {
        var fields = Fixtures.hitFields()
        fields["tags"] = nil
        #expect(try decodeHit(Fixtures.object(fields)).tags == [])
    }

    @Test(
        "a hit missing any other key fails to decode",
        arguments: [
            "id", "pageURL", "imageWidth", "imageHeight", "previewURL", "previewWidth",
            "previewHeight", "webformatURL", "webformatWidth", "webformatHeight", "views",
            "downloads", "likes", "user",
        ])
    func missingKey(key: String) {
        var fields = Fixtures.hitFields()
        fields[key] = nil
        #expect(throws: DecodingError.self) { try decodeHit(Fixtures.object(fields)) }
    }

    @Test("a key of the wrong type fails to decode")
    func wrongType() {
        var fields = Fixtures.hitFields()
        fields["views"] = #""many""#
        #expect(throws: DecodingError.self) { try decodeHit(Fixtures.object(fields)) }
    }

    @Test("extra keys are ignored")
    func extraKeys() throws {
        var fields = Fixtures.hitFields()
        fields["somethingNew"] = #"{"nested": [1, 2]}"#
        #expect(try decodeHit(Fixtures.object(fields)) == Fixtures.entity())
    }

    @Test("the id may be a number or a string of digits", arguments: ["256", #""256""#])
    func idForms(id: String) throws {
        var fields = Fixtures.hitFields()
        fields["id"] = id
        #expect(try decodeHit(Fixtures.object(fields)).id == 256)
    }

    @Test(
        "an id that is not a non-negative integer fails",
        arguments: [#""abc""#, "-3", "2.5", #""""#])
    func badIDs(id: String) {
        var fields = Fixtures.hitFields()
        fields["id"] = id
        #expect(throws: DecodingError.self) { try decodeHit(Fixtures.object(fields)) }
    }

    @Test("a response decodes totalHits and hits")
    func response() throws {
        let page = try ResponseEntity.decode(from: Fixtures.responseData(totalHits: 120, count: 2))
        #expect(page == Fixtures.response(totalHits: 120, count: 2))
        #expect(page.totalCount == 120)
        #expect(page.images.map(\.id) == [1, 2])
    }

    @Test(
        "anything but a complete page is incorrect data",
        arguments: [
            "", "null", "[]", "<html><body>Oops</body></html>", #"{"hits": []}"#,
            #"{"totalHits": 3}"#, #"{"totalHits": 3, "hits": ["#,
        ])
    func incompletePages(body: String) {
        #expect(throws: NetworkError.incorrectDataReturned) {
            try ResponseEntity.decode(from: Data(body.utf8))
        }
    }

    @Test("a page whose only hit is malformed decodes with the hit skipped, not failed")
    func malformedHitSkipped() throws {
        let page = try ResponseEntity.decode(
            from: Data(#"{"totalHits": 3, "hits": [{"id": 1}]}"#.utf8))
        #expect(page.images.isEmpty)
        #expect(page.skippedHits == 1)
    }

    @Test("bytes that are not UTF-8 are incorrect data")
    func notUTF8() {
        #expect(throws: NetworkError.incorrectDataReturned) {
            try ResponseEntity.decode(from: Data([0x7B, 0xFF, 0xFE, 0x7D]))
        }
    }
}
