import CambioCore
import Foundation

/// What was wrong with a response body or a cache file.
public struct ResponseProblem: Error, Equatable, Sendable {
    public let problem: Problem

    public init(_ key: String, _ arguments: String...) { problem = Problem(key: key, arguments: arguments.map { UntrustedText($0) }) }

    /// The problem in English.
    public var reason: String { problem.description }
}
