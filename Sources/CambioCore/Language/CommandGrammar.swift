/// What the parser knows of the commands: their declarations by every word that runs them,
/// and the keywords their arguments take in every interface language.
public struct CommandGrammar: Sendable {
    public let declarations: [CommandDeclaration]
    private let byWord: [String: Int]

    public init(_ declarations: [CommandDeclaration]) {
        self.declarations = declarations
        var byWord: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() {
            for word in declaration.words { byWord[word] = index }
        }
        self.byWord = byWord
    }

    /// Every command word and alias, in the order help lists them.
    public var words: [String] { declarations.flatMap(\.words) }

    /// The declaration a folded word runs.
    public func declaration(_ folded: String) -> CommandDeclaration? { byWord[folded].map { declarations[$0] } }

    /// The declaration a word runs, folded as names are (`LİST` in Turkish capitals is `list`).
    public func named(_ word: some StringProtocol) -> CommandDeclaration? { declaration(TextFolding.fold(word)) }

    /// The keyword of `declaration` that a folded word is, in any interface language (`aus`
    /// is `off`).
    public func keyword(_ folded: String, of declaration: CommandDeclaration) -> String? {
        guard let meaning = Keywords.meaning(of: folded), declaration.keywords.contains(meaning) else { return nil }
        return meaning
    }
}
