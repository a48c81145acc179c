import Foundation

extension Pixabay {
    /// What a server must not be able to make the client show, encode or store: the API key,
    /// the values of `key=` items in ``baseURL``'s own query and the password of its userinfo.
    var secrets: [String] {
        (apiKey.map { [$0] } ?? []) + Redactor.secretQueryValues(of: baseURL)
            + (URLComponents(string: baseURL)?.password.map { [$0] } ?? [])
    }
}

extension ResponseEntity {
    /// This page with every text the server sent (addresses, tags, user names) passed
    /// through `redactor`: a server that copies the key into a hit gets it neither shown,
    /// nor encoded as JSON, nor written to a cache. Unchanged when there is no secret.
    func redacted(by redactor: Redactor) -> ResponseEntity {
        guard !redactor.secrets.isEmpty else { return self }
        return ResponseEntity(
            totalCount: totalCount, images: images.map { $0.redacted(by: redactor) },
            skippedHits: skippedHits, excessHits: excessHits)
    }
}

extension ImageEntity {
    /// This hit with its texts passed through `redactor`.
    func redacted(by redactor: Redactor) -> ImageEntity {
        ImageEntity(
            id: id, pageURL: redactor.redact(pageURL), pageImageWidth: pageImageWidth,
            pageImageHeight: pageImageHeight, previewURL: redactor.redact(previewURL),
            previewWidth: previewWidth, previewHeight: previewHeight,
            imageURL: redactor.redact(imageURL), imageWidth: imageWidth,
            imageHeight: imageHeight, viewCount: viewCount, downloadCount: downloadCount,
            likeCount: likeCount, tags: tags.map(redactor.redact),
            username: redactor.redact(username))
    }
}
