import Foundation
import SignalboxLocks
import Testing

@testable import ImageSearchModel

extension DiskCacheTrustTests {
    @Test("refusal names why a directory is not used, without following a link")
    func refusal() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let directory = base.appendingPathComponent("cache")
        let storage = DiskResponseStorage(directory: directory)
        #expect(storage.refusal == nil, "a missing directory will be created")
        store(storage, "k")
        #expect(storage.refusal == nil)
        #expect(chmod(directory.path, 0o777) == 0)
        #expect(storage.refusal == .writableByOthers)
        #expect(chmod(directory.path, 0o700) == 0)
        let link = base.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory)
        #expect(DiskResponseStorage(directory: link).refusal == .symbolicLink)
        let file = base.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(DiskResponseStorage(directory: file).refusal == .notDirectory)
        if geteuid() == 0 {
            #expect(chown(directory.path, 65_534, 65_534) == 0)
            #expect(storage.refusal == .notOwned)
        } else {
            // A directory root owns, such as `/`.
            #expect(DiskResponseStorage(directory: URL(fileURLWithPath: "/")).refusal == .notOwned)
        }
        #expect(
            DiskResponseStorage.Refusal.writableByOthers.description == "is writable by other users"
        )
    }
}
