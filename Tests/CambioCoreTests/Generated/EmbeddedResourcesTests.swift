import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct EmbeddedResourcesTests {
    static let resources = Repository.url("Resources")

    private func file(_ name: String) throws -> String {
        try String(contentsOf: Self.resources.appendingPathComponent(name), encoding: .utf8)
    }

    /// Every file of `Commands/` is a command the table runs, and no other: adding a command is
    /// adding its file (and running `Scripts/embed-resources`).
    @Test func theCommandListIsEveryCommandsFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.url("Sources/CambioCore/Commands").path)
            .filter { $0.hasSuffix("Command.swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
        #expect(CommandList.handlers.map { String(describing: $0) }.sorted() == files, "run Scripts/embed-resources")
        let words = CommandTable.declarations.map(\.word)
        #expect(Set(words).count == words.count && Set(CommandTable.declarations.map(\.order)).count == words.count)
    }

    @Test func compiledISOListMatchesResourcesFile() throws {
        let text = try file("iso4217.csv")
        #expect(EmbeddedResources.iso4217CSV + "\n" == text, "run Scripts/embed-resources")
    }

    @Test func compiledSeedTableMatchesResourcesFile() throws {
        let text = try file("seed-rates.json")
        #expect(EmbeddedResources.seedRatesJSON + "\n" == text, "run Scripts/embed-resources")
        // The date that decides between a cache and the seed without reading the seed.
        #expect(try SeedTableDecoder.bundled().date == SeedTableDecoder.bundledDate, "run Scripts/embed-resources")
    }
}
