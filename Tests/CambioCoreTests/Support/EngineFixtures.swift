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
