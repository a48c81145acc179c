// Fuzz target: `NetworkError(statusCode:headers:body:redacting:now:)`, the mapping of an HTTP
// response to an error, then the error's `description` and `debugDescription`.
//
// Input: a raw response head, a blank line, then the body (any bytes):
//
//     HTTP/1.1 429 Too Many Requests
//     Retry-After: 120
//     X-Fuzz-Secret: 12345678-abcdef
//
//     body
//
// The status is the first number in the first line (0 if there is none). Each further line
// up to the first empty one is a header `Name: value` (one leading space of the value
// dropped, the rest kept: trimming is the code's job; a line without `:` is a name with an
// empty value). `X-Fuzz-Secret` lines are not headers: their values are the secrets to
// redact. `now` is fixed, so a run is reproducible.
//
// Invariants: nothing traps; the case matches the status class; a delay is finite and not
// negative; a message is one non-empty line; no key-like secret (see `Secrets.isKeyLike`)
// appears in the message, the description or the debug description; and no message ends
// (before its `…`) with the first 8 or more bytes of one, nor starts with its last 8 or
// more: a key cut by the server, or by the cut for length, is redacted too.

import Foundation
import FuzzSupport
import ImageSearchModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let response = Response(UnsafeRawBufferPointer(start: start, count: count))
    let error = NetworkError(
        statusCode: response.statusCode, headers: response.headers, body: response.body,
        redacting: response.secrets, now: Date(timeIntervalSince1970: 1_700_000_000))
    guard let error else {
        require((200...299).contains(response.statusCode), "nil for \(response.statusCode)")
        return 0
    }
    check(error, for: response.statusCode)
    let texts = [error.description, error.debugDescription]
    if case .invalidRequest(let message) = error {
        checkMessage(message)
        for secret in response.secrets where Secrets.isKeyLike(secret) {
            require(!Secrets.text(message, leaks: secret), "the message shows \(secret)")
            require(
                !Secrets.text(message, endsOrStartsWithPartOf: secret),
                "the message shows part of \(secret): \(String(reflecting: message))")
        }
    }
    for text in texts {
        for secret in response.secrets where Secrets.isKeyLike(secret) {
            require(
                !Secrets.text(text, leaks: secret), "\(String(reflecting: text)) shows \(secret)")
        }
    }
    return 0
}

/// The case must be the one documented for the status class.
private func check(_ error: NetworkError, for statusCode: Int) {
    switch error {
    case .rateLimited(let retryAfter):
        require(statusCode == 429, "rateLimited for \(statusCode)")
        if let retryAfter {
            require(
                retryAfter.isFinite && (0...NetworkError.maximumRetryAfter).contains(retryAfter),
                "retryAfter \(retryAfter)")
        }
    case .serviceUnavailable(let retryAfter):
        require(statusCode == 503, "serviceUnavailable for \(statusCode)")
        if let retryAfter {
            require(
                retryAfter.isFinite && (0...NetworkError.maximumRetryAfter).contains(retryAfter),
                "retryAfter \(retryAfter)")
        }
    case .serverError(let code):
        require(
            (500...599).contains(statusCode) && statusCode != 503 && code == statusCode,
            "serverError \(code)")
    case .invalidRequest:
        require((400...499).contains(statusCode) && statusCode != 429, "invalid \(statusCode)")
    case .incorrectDataReturned:
        require(
            !(200...599).contains(statusCode) || (300...399).contains(statusCode),
            "incorrectDataReturned for \(statusCode)")
    default:
        require(false, "\(error.debugDescription) for \(statusCode)")
    }
}

/// A message is shown in one line of an alert: not empty, no control characters.
private func checkMessage(_ message: String) {
    require(!message.isEmpty, "an empty message")
    require(
        !message.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) },
        "a control character in \(String(reflecting: message))")
}

/// The parts of a fuzzer input, read as described at the top of this file.
private struct Response {
    var statusCode = 0
    var headers: [String: String] = [:]
    var secrets: [String] = []
    var body = Data()

    init(_ bytes: UnsafeRawBufferPointer) {
        let head: UnsafeRawBufferPointer.SubSequence
        if let blank = Self.endOfHead(in: bytes) {
            head = bytes[..<blank.lowerBound]
            body = Data(bytes[blank.upperBound...])
        } else {
            head = bytes[...]
        }
        let lines = Lines.split(head)
        statusCode = lines[0].split(separator: " ").lazy.compactMap { Int($0) }.first ?? 0
        for line in lines.dropFirst() {
            let name: Substring
            var value: Substring
            if let colon = line.firstIndex(of: ":") {
                name = line[..<colon]
                value = line[line.index(after: colon)...]
                if value.first == " " { value = value.dropFirst() }
            } else {
                (name, value) = (line[...], "")
            }
            if name.caseInsensitiveCompare("X-Fuzz-Secret") == .orderedSame {
                secrets.append(String(value))
            } else {
                headers[String(name)] = String(value)
            }
        }
    }

    /// The blank line that ends the head: `\n\n` or `\r\n\r\n`, whichever comes first.
    private static func endOfHead(in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0A {
                let next = index + 1
                if next < bytes.endIndex, bytes[next] == 0x0A { return index..<(next + 1) }
                if next + 1 < bytes.endIndex, bytes[next] == 0x0D, bytes[next + 1] == 0x0A {
                    return index..<(next + 2)
                }
            }
            index += 1
        }
        return nil
    }
}
