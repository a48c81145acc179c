// Fuzz target: `ResponseEntity.decode(from:)` on arbitrary bytes.
//
// Input: the bytes are the response body. Invariants: decoding never traps; it either throws
// `.incorrectDataReturned` or returns a page whose tags are trimmed, non-empty and free of
// commas; the same bytes in a `Data` slice that does not start at index 0 decode the same.

import Foundation
import FuzzSupport
import ImageSearchModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    let page = decode(body)
    // A slice shares its parent's indices: its startIndex is 1 here, not 0.
    let slice = (Data([0x20]) + body).dropFirst()
    require(decode(slice) == page, "a Data slice decodes differently from a copy")
    if let page {
        for image in page.images {
            for tag in image.tags {
                require(!tag.isEmpty, "an empty tag in \(image.tags)")
                require(!tag.contains(","), "a tag with a comma: \(String(reflecting: tag))")
                require(
                    tag == tag.trimmingCharacters(in: .whitespacesAndNewlines),
                    "an untrimmed tag: \(String(reflecting: tag))")
            }
        }
    }
    return 0
}

/// The page, or `nil` when decoding throws (always `.incorrectDataReturned`).
private func decode(_ body: Data) -> ResponseEntity? {
    do {
        return try ResponseEntity.decode(from: body)
    } catch {
        require(error == .incorrectDataReturned, "decoding threw \(error.debugDescription)")
        return nil
    }
}
