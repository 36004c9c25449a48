import CambioCore
import Foundation

/// What was wrong with a response body.
public struct ResponseProblem: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}
