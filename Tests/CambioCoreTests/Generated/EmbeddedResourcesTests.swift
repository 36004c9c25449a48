import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct EmbeddedResourcesTests {
    static let resources = Repository.url("Resources")

    private func file(_ name: String) throws -> String {
        try String(contentsOf: Self.resources.appendingPathComponent(name), encoding: .utf8)
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
