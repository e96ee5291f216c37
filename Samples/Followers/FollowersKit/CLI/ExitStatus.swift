/// The `followers` command's exit statuses, as its help lists them.
public enum ExitStatus: Int32, CaseIterable, Sendable {
  /// The profile and followers were shown — also when the output was closed early, as by `| head` —
  /// or the help, the version or the graph.
  case success = 0
  /// The API or the network failed, no login was entered, or the output could not be written.
  case failure = 1
  /// A usage error: an unknown option, a bad value, or an invalid login.
  case usage = 2
  /// No GitHub user has that login (``UserAPIError/isNotFound``).
  case notFound = 3

  /// The status a run of the flow ends with.
  ///
  /// - Parameter outcome: How the flow ended.
  public init(_ outcome: FlowOutcome) {
    switch outcome {
    case .finished: self = .success
    case .invalidLogin: self = .usage
    case .failed(let kind) where kind == .notFound: self = .notFound
    case .noLogin, .failed, .cancelled: self = .failure
    }
  }
}
