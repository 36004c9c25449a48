/// What evaluating one line gave (`Engine.evaluate`): its reply, and the effects the session
/// carries out; the line's state was changed in place.
public struct LineResult: Sendable {
    public var reply: Reply
    public var effects: Effects

    public init(reply: Reply, effects: Effects) {
        self.reply = reply
        self.effects = effects
    }
}
