/// How a screen's load ended, for the navigator to decide what comes next.
public enum LoadOutcome: Equatable, Sendable {
  /// The screen showed what it loaded.
  case shown
  /// The load failed and the screen said why; the API error's kind, or `nil` for any other error.
  case failed(UserAPIError.Kind?)
  /// The load was cancelled; the screen showed nothing more.
  case cancelled

  /// The outcome of a load that threw `error`.
  ///
  /// - Parameter error: What the load threw.
  public init(_ error: any Error) {
    switch error {
    case is CancellationError: self = .cancelled
    case let error as UserAPIError: self = .failed(error.kind)
    default: self = .failed(nil)
    }
  }
}
