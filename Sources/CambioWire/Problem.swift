/// What was wrong with something from outside (a provider's answer, a cache file), as the key
/// of a sentence and what fills it, so that it is said in the user's language; the values
/// come from outside and pass the sanitiser when the sentence is made.
public struct Problem: Hashable, Sendable {
    public let key: String
    public let arguments: [UntrustedText]

    public init(_ key: String, _ arguments: String...) {
        self.key = key
        self.arguments = arguments.map { UntrustedText($0) }
    }

    public init(key: String, arguments: [UntrustedText]) {
        self.key = key
        self.arguments = arguments
    }
}
