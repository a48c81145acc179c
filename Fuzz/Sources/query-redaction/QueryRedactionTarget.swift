// Fuzz target: the query encoder (`QueryString.encode`, `make`, `append`) and the `Redactor`,
// both internal to ImageSearchModel.
//
// Input: lines (`\n`-separated, invalid UTF-8 replaced by U+FFFD):
//
//     line 1   a URL to append parameters to
//     line 2   a secret
//     line 3   a text to redact
//     line 4…  parameters, `name<TAB>value` (a line without a tab is a name with "")
//
// The whole input, as one string, is also encoded on its own, so that newlines and tabs
// are encoded too.
//
// Invariants: an encoded string is ASCII, only unreserved characters and `%XX` escapes,
// and decoding it gives the original bytes back; a query parses back into its
// parameters, in name order; appended parameters start a new query item after the URL; for
// a key-like secret (see `Secrets.isKeyLike`), no redacted text holds the secret, not even a
// URL built with it, and a text without the secret or `key=` comes back unchanged.

import Foundation
import FuzzSupport

@testable import ImageSearchModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    checkEncoding(of: String(decoding: bytes, as: UTF8.self))
    var lines = Lines.split(bytes)[...]
    let url = lines.popFirst() ?? ""
    let secret = lines.popFirst() ?? ""
    let text = lines.popFirst() ?? ""
    var parameters: [String: String] = [:]
    for line in lines {
        let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        parameters[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    for (name, value) in parameters {
        checkEncoding(of: name)
        checkEncoding(of: value)
    }
    checkQuery(of: parameters)
    checkAppending(parameters, to: url)
    checkRedaction(of: text, url: url, parameters: parameters, secret: secret)
    return 0
}

private func checkEncoding(of text: String) {
    let encoded = QueryString.encode(text)
    let bytes = Array(encoded.utf8)
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") {
            require(
                index + 2 < bytes.count && isUppercaseHex(bytes[index + 1])
                    && isUppercaseHex(bytes[index + 2]),
                "a bad escape in \(encoded)")
            index += 3
        } else {
            require(isUnreserved(byte), "\(String(reflecting: encoded)) holds byte \(byte)")
            index += 1
        }
    }
    let decoded = percentDecoded(encoded)
    require(
        decoded == Array(text.utf8),
        "\(String(reflecting: text)) encodes to \(encoded), which decodes to "
            + String(reflecting: decoded.map { String(decoding: $0, as: UTF8.self) }))
}

private func checkQuery(of parameters: [String: String]) {
    let query = QueryString.make(parameters)
    let items = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
    require(items.count == parameters.count, "\(items.count) items in \(query)")
    var names: [String] = []
    var parsed: [String: String] = [:]
    for item in items {
        let parts = item.split(separator: "=", omittingEmptySubsequences: false)
        require(parts.count == 2, "item \(item) of \(query)")
        let name = String(decoding: percentDecoded(parts[0]) ?? [], as: UTF8.self)
        names.append(name)
        parsed[name] = percentDecoded(parts[1]).map { String(decoding: $0, as: UTF8.self) }
    }
    require(parsed == parameters, "\(query) parses to \(parsed), not \(parameters)")
    require(names == parameters.keys.sorted(), "\(query) is not in name order")
}

private func checkAppending(_ parameters: [String: String], to url: String) {
    let result = Array(QueryString.append(parameters, to: url).utf8)
    guard !parameters.isEmpty else {
        require(result == Array(url.utf8), "appending nothing changed \(url)")
        return
    }
    let query = Array(QueryString.make(parameters).utf8)
    let prefix = Array(url.utf8)
    require(result.starts(with: prefix), "the URL \(url) was changed")
    require(result.count >= prefix.count + query.count, "the query was cut")
    require(result.suffix(query.count).elementsEqual(query), "the query is not at the end")
    let separator = result.dropLast(query.count).last
    require(
        separator == UInt8(ascii: "?") || separator == UInt8(ascii: "&"),
        "the parameters do not start a query item after \(url)")
    require(result.contains(UInt8(ascii: "?")), "no ? in the result for \(url)")
}

private func checkRedaction(
    of text: String, url: String, parameters: [String: String], secret: String
) {
    let redactor = Redactor(secrets: [secret])
    let redacted = redactor.redact(text)
    guard Secrets.isKeyLike(secret) else { return }
    require(
        !Secrets.text(redacted, leaks: secret), "\(String(reflecting: redacted)) shows the secret")
    var withKey = parameters
    withKey["key"] = secret
    let request = redactor.redact(QueryString.append(withKey, to: url))
    require(!Secrets.text(request, leaks: secret), "the URL \(request) shows the secret")
    // Left alone: a text with no part of the secret the redactor looks for (a whole one, or a
    // run of 8 or more of its bytes in any case, raw or percent-encoded) and no `key=`.
    if !Secrets.text(text, leaks: secret),
        !Secrets.text(text, holdsRunOf: secret, encoded: QueryString.encode(secret)),
        text.range(of: "key=", options: .caseInsensitive) == nil
    {
        require(
            Array(redacted.utf8) == Array(text.utf8),
            "\(String(reflecting: text)) was changed to \(String(reflecting: redacted))")
    }
}

/// The bytes `text` percent-decodes to, or `nil` if an escape is malformed.
///
/// Written out rather than `removingPercentEncoding`, which drops a leading byte order mark:
/// `"%EF%BB%BF".removingPercentEncoding` is `""` with the Foundation of Swift 6.3 on Linux.
private func percentDecoded(_ text: some StringProtocol) -> [UInt8]? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        guard let high = iterator.next().flatMap(hexValue),
            let low = iterator.next().flatMap(hexValue)
        else { return nil }
        bytes.append(high << 4 | low)
    }
    return bytes
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
}

private func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        return true
    default:
        return false
    }
}

private func isUppercaseHex(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
}
