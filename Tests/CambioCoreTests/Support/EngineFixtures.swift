import Foundation
@testable import CambioCore

extension Engine {
    /// An engine of the given configuration, as a test needs it.
    static func configured(
        _ locale: LocaleSettings, _ table: RateTable, showsDetails: Bool = true, recognisesShapes: Bool = true, chartColumns: Int = 80
    )
        -> Engine
    {
        var configuration = EngineConfiguration(locale: locale)
        configuration.showsDetails = showsDetails
        configuration.recognisesShapes = recognisesShapes
        configuration.chartColumns = chartColumns
        return Engine(configuration: configuration, table: table)
    }
}

/// `Parser.parse` with the engine's commands.
func parseLine(_ line: String) -> Result<Command, CommandError> { Parser.parse(line, commands: Engine.grammar) }

/// The new state, the reply and the effects of one line, as a test compares them.
struct Outcome {
    var state: SessionState
    var reply: Reply
    var effects: Effects
}

extension Engine {
    /// Evaluates a line of text against a copy of `state` (`Engine.evaluate`).
    func evaluate(_ line: String, in state: SessionState, now: Date = Date(), host: (any SessionHost)? = nil) -> Outcome {
        var state = state
        let result = evaluate(.text(line), state: &state, now: now, host: host)
        return Outcome(state: state, reply: result.reply, effects: result.effects)
    }

    /// Evaluates a line of text against `state`, changing it in place.
    func evaluate(_ line: String, state: inout SessionState, now: Date = Date(), host: (any SessionHost)? = nil) -> LineResult {
        evaluate(.text(line), state: &state, now: now, host: host)
    }
}
