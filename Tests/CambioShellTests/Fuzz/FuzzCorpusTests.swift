import CambioTestSupport
import Foundation
import Testing

/// Every input in Fuzz/ (seeds and regressions) keeps its properties: the same checks the
/// fuzzer makes, replayed by the plain build of cambio-fuzz.
@Suite struct FuzzCorpusTests {
    static let corpus = Repository.url("Fuzz")

    /// Every target: each folder of Fuzz/ is one.
    static let targets = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()

    @Test func everyTargetHasACorpus() {
        #expect(Self.targets.count >= 12, "\(Self.targets)")
    }

    @Test(arguments: targets)
    func theCorpusKeepsItsProperties(_ target: String) throws {
        let replayer = URL(fileURLWithPath: Cambio.executable).deletingLastPathComponent().appendingPathComponent("cambio-fuzz").path
        let directory = Self.corpus.appendingPathComponent(target).path
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!files.isEmpty)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: replayer)
        process.arguments = [target, directory]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "an input in Fuzz/\(target) breaks a property: run cambio-fuzz \(target) Fuzz/\(target)")
    }
}
