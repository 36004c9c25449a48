/// One thing a reply states, once: its label and value as the text shows them (in the
/// interface's language), and the fields a record gives for it (the same in every language),
/// both made from the same value where the fact is made, so that the text and the record
/// cannot say different things (`status`).
public struct Fact: Sendable, Equatable {
    /// The label in the text (`rates`, `Kurse`).
    public let label: String
    /// The value as the text shows it.
    public let text: String
    /// What a record gives for it: its main field first (`date`), then any it says besides
    /// (`age_days`).
    public let fields: [Record.Field]

    public init(_ label: String, _ text: String, fields: [Record.Field]) {
        self.label = label
        self.text = text
        self.fields = fields
    }

    /// A fact whose record field is its text.
    public init(_ key: String, _ label: String, _ text: String) {
        self.init(label, text, fields: [Record.Field(key, .text(text))])
    }

    /// A row of label and value, as `status` shows it.
    public var row: [ReplyTable.Cell] { [.init(label, .label), .init(Sanitiser.visible(text), .value)] }

    /// The facts as rows of a table.
    public static func table(_ facts: [Fact]) -> ReplyTable { ReplyTable(facts.map(\.row)) }

    /// The facts as one record.
    public static func record(_ type: String, _ facts: [Fact]) -> Record {
        Record(type, facts.flatMap { $0.fields.map { ($0.key, $0.value) } })
    }
}
