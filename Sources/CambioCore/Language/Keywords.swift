/// The words commands take as arguments (`recent clear`, `fee off`, `locale default`), by
/// what they mean. Each meaning's words are data in every interface language's texts
/// (`keyword.off = off, none` in English, `aus` in German, `kapalı` in Turkish), and every
/// language's words are read whatever the interface speaks, so a script works in any locale.
public enum Keywords {
    /// Every meaning a keyword can have.
    public static let meanings = ["on", "off", "clear", "default", "auto"]

    /// Folded words to their meaning, from every language (`Scripts/embed-resources` gathers
    /// them from the texts; folded once, when first asked).
    private static let byWord: [String: String] = {
        var byWord: [String: String] = [:]
        for meaning in meanings {
            for word in EmbeddedResources.keywordWords.first(where: { $0.meaning == meaning })?.words ?? [] {
                let folded = TextFolding.fold(word)
                if !folded.isEmpty, byWord[folded] == nil { byWord[folded] = meaning }
            }
        }
        return byWord
    }()

    /// The meaning of a folded word, if it is a keyword in any language.
    public static func meaning(of folded: String) -> String? { byWord[folded] }

    /// The words for a meaning in one language, the first being the one shown (`aus`).
    public static func words(_ meaning: String, _ localized: Localization) -> [String] {
        localized("keyword.\(meaning)").split(separator: ",").map { $0.trimmingSpaces() }
    }

    /// The word shown and offered for a meaning in one language (`aus` for `off` in German).
    public static func word(_ meaning: String, _ localized: Localization) -> String { words(meaning, localized).first ?? meaning }
}
