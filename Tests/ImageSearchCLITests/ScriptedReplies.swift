import Foundation
import LoopbackHTTPServer
import Signalbox

/// Replies a loopback server gives in turn: the first request gets the first reply, and so
/// on; the last reply answers every request after the list runs out.
///
/// Why: a retry test needs a server that fails once and then answers ("the same query
/// searched again"), and a paging test one whose page 2 fails the first time only.
final class ScriptedReplies: Sendable {
    /// How many requests came for each `q` and `page`.
    private let served = Atomic<[String: Int]>([:])
    private let replies: @Sendable (LoopbackHTTPServer.Request, Int) -> LoopbackHTTPServer.Reply

    /// - Parameter replies: The reply to a request, given how many requests with the same
    ///   `q` and `page` came before it (0 for the first).
    init(
        _ replies: @escaping @Sendable (LoopbackHTTPServer.Request, Int) -> LoopbackHTTPServer.Reply
    ) {
        self.replies = replies
    }

    /// The server's handler.
    var handler: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        { [self] request in
            let key = (request.query["q"] ?? "") + "\u{0}" + (request.query["page"] ?? "1")
            let earlier = served.modify { served -> Int in
                defer { served[key, default: 0] += 1 }
                return served[key, default: 0]
            }
            return replies(request, earlier)
        }
    }
}

/// A Pixabay page whose hits' `user` and `tags` hold about `userLength` and `tagsLength`
/// characters (a hostile or broken server's huge strings).
func hugeStringPage(
    totalHits: Int, count: Int, firstID: Int = 100, userLength: Int, tagsLength: Int
) -> String {
    let user = String(repeating: "u", count: userLength)
    let tags = (0..<(tagsLength / 8)).map { "tag\($0 % 10000)" }.joined(separator: ", ")
    return PixabayPage.json(totalHits: totalHits, count: count, firstID: firstID)
        .replacingOccurrences(of: "red fox, animal", with: tags)
        .replacingOccurrences(of: "\"user\":\"tester", with: "\"user\":\"\(user)")
}
