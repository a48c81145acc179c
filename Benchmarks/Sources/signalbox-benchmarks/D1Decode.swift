import Foundation
import ImageSearchModel
import OpenCombine
import Signalbox

// D1: decode a 200-hit Pixabay search page. Signalbox goes through a stub `Networking`'s
// `requestJSON(...).attemptMap(decode)`; plain is `JSONDecoder` on the same bytes.
// ns/op is per decoded page.
let d1Pages = 100
let d1Hits = 200

/// A `Networking` that answers every JSON request with the same bytes, synchronously.
struct StubNetwork: Networking {
    let body: Data

    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        SignalProducer(value: body)
    }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        SignalProducer(error: .incorrectDataReturned)
    }
}

/// A Pixabay search response with `hits` hits, shaped like the real API's JSON.
func pixabayPage(hits: Int) -> Data {
    var items: [String] = []
    for i in 0..<hits {
        let id = 1_000_000 + i * 37
        let user = "photographer\(i % 17)"
        let hit = """
            {"id":\(id),"pageURL":"https://pixabay.com/photos/mountain-lake-landscape-\(id)/",\
            "type":"photo","tags":"mountain, lake, landscape, nature \(i % 9)",\
            "previewURL":"https://cdn.pixabay.com/photo/2024/01/0\(i % 9)/12/\(id)_150.jpg",\
            "previewWidth":150,"previewHeight":\(84 + i % 16),\
            "webformatURL":"https://pixabay.com/get/g\(id)a1b2c3d4e5f6_640.jpg",\
            "webformatWidth":640,"webformatHeight":\(360 + i % 64),\
            "largeImageURL":"https://pixabay.com/get/g\(id)f6e5d4c3b2a1_1280.jpg",\
            "imageWidth":\(4000 + i),"imageHeight":\(2250 + i),"imageSize":\(2_000_000 + i * 13),\
            "views":\(10_000 + i * 7),"downloads":\(5_000 + i * 3),"collections":\(i % 50),\
            "likes":\(100 + i),"comments":\(i % 20),"user_id":\(900_000 + i % 17),\
            "user":"\(user)","userImageURL":"https://cdn.pixabay.com/user/\(user)_250x250.jpg"}
            """
        items.append(hit)
    }
    let json = #"{"total":12345,"totalHits":500,"hits":["# + items.joined(separator: ",") + "]}"
    return Data(json.utf8)
}

/// What every implementation computes from a decoded page, so that checksums can match.
func checksum(of page: ResponseEntity) -> Int {
    page.images.reduce(Int(page.totalCount)) { $0 &+ Int($1.id) &+ Int($1.likeCount) }
}

let d1Body = pixabayPage(hits: d1Hits)

let d1Cases: [Case] = [
    Case(impl: "plain", workload: "D1") {
        var sum = 0
        for _ in 0..<d1Pages {
            guard let page = try? JSONDecoder().decode(ResponseEntity.self, from: d1Body) else {
                return (d1Pages, -1)
            }
            sum &+= checksum(of: page)
        }
        return (d1Pages, sum)
    },
    Case(impl: "signalbox", workload: "D1") {
        let sum = Sum()
        let network = StubNetwork(body: d1Body)
        for _ in 0..<d1Pages {
            network.requestJSON(url: "https://pixabay.com/api/", parameters: ["q": "lake"])
                .attemptMap(ResponseEntity.decode(from:))
                .startWithResult { result in
                    switch result {
                    case .success(let page): sum.value &+= checksum(of: page)
                    case .failure: sum.value = -1
                    }
                }
        }
        return (d1Pages, sum.value)
    },
    Case(impl: "opencombine", workload: "D1") {
        let sum = Sum()
        for _ in 0..<d1Pages {
            Just(d1Body)
                .tryMap { try JSONDecoder().decode(ResponseEntity.self, from: $0) }
                .sink(
                    receiveCompletion: { if case .failure = $0 { sum.value = -1 } },
                    receiveValue: { sum.value &+= checksum(of: $0) }
                )
                .cancel()
        }
        return (d1Pages, sum.value)
    },
]
