import FollowersKit
import Testing

/// Thrown by ``apiError(sourceLocation:_:)`` after it has recorded why the call did not fail as expected.
struct MissingAPIError: Error {}

/// Runs `body` and returns the ``UserAPIError`` it throws.
///
/// Works like `#require(throws:)` returning the error, but also on Swift 6.0 toolchains,
/// where that form returns nothing.
///
/// - Parameters:
///   - sourceLocation: Where to report a failure; defaults to the caller.
///   - body: The call expected to fail.
/// - Returns: The error `body` threw.
/// - Throws: ``MissingAPIError`` (after recording an issue) when `body` succeeds or throws another error.
func apiError<Value>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Value
) async throws -> UserAPIError {
  do {
    let value = try await body()
    Issue.record("Expected a UserAPIError, but the call returned \(value)", sourceLocation: sourceLocation)
  } catch let error as UserAPIError {
    return error
  } catch {
    Issue.record("Expected a UserAPIError, but got \(error)", sourceLocation: sourceLocation)
  }
  throw MissingAPIError()
}
