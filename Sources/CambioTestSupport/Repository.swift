import Foundation

/// Where the repository is, for tests that read its files (resources, sources, the fuzz
/// corpora, the scripts).
public enum Repository {
    /// The repository's top directory.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// A path inside the repository.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative).standardized }
}
