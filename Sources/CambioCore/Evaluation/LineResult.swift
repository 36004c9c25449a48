/// The reply and the effects of evaluating one line against a state changed in place.
public struct LineResult: Sendable {
    public var reply: Reply
    public var effects: Effects

    public init(reply: Reply, effects: Effects) {
        self.reply = reply
        self.effects = effects
    }
}
