/// The new state, the reply and the effects of evaluating one line.
public struct Outcome: Sendable {
    public var state: SessionState
    public var reply: Reply
    public var effects: Effects

    public init(state: SessionState, reply: Reply, effects: Effects) {
        self.state = state
        self.reply = reply
        self.effects = effects
    }
}
