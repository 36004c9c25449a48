import CambioFiles
import CambioTestSupport
import Foundation
import Testing

@Suite struct AtomicFileTests {
    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporaries() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a/b/file"
        try AtomicFile.write("one\n", to: path)
        try AtomicFile.write("two\n", to: path)
        #expect(try AtomicFile.read(path) == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/a/b") == ["file"])
    }

    @Test func atomicWriteReplacesAPlantedSymlinkInsteadOfFollowingIt() throws {
        let directory = try TemporaryDirectory()
        try "secret\n".write(toFile: directory.path + "/target", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/state", withDestinationPath: directory.path + "/target")
        try AtomicFile.write("new\n", to: directory.path + "/state")
        #expect(try String(contentsOfFile: directory.path + "/target", encoding: .utf8) == "secret\n")
        #expect(try AtomicFile.read(directory.path + "/state") == "new\n")
    }

    @Test func readingRefusesBinaryAndHugeFiles() throws {
        let directory = try TemporaryDirectory()
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: directory.path + "/binary"))
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.read(directory.path + "/binary") }
        try Data(count: 2 << 20).write(to: URL(fileURLWithPath: directory.path + "/huge"))
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.read(directory.path + "/huge") }
        #expect(try AtomicFile.read(directory.path + "/missing") == nil)
    }

    @Test func aLockIsExclusiveBetweenHolders() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/lock"
        let first = try FileLock(path: path)
        let acquired = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let second = try? FileLock(path: path)
            withExtendedLifetime(second) { acquired.signal() }
        }
        #expect(acquired.wait(timeout: .now() + 0.3) == .timedOut)
        withExtendedLifetime(first) {}
        _ = consume first
        #expect(acquired.wait(timeout: .now() + 5) == .success)
    }
}
