import Foundation

/// What `source` said and chose.
public struct SourceChoice: Sendable {
    public var lines: [Reply.Line]
    /// The provider chosen (its identifier and its name), when the line chose one.
    public var chosen: (id: String, name: String)?

    public init(lines: [Reply.Line], chosen: (id: String, name: String)?) {
        self.lines = lines
        self.chosen = chosen
    }
}
