import Foundation

/// Why a ``UserAPI`` call failed, with a one-line, user-facing ``message``.
///
/// The concrete cases are internal so new ones can be added without breaking
/// callers; branch on ``kind`` (or ``isNotFound``) and show ``message``.
public struct UserAPIError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
  /// A coarse category of failure, for choosing an exit status or a retry policy.
  ///
  /// A struct rather than an enum so that new kinds can be added later.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    /// The kind's name, for example `notFound`.
    public let description: String

    private init(_ name: String) {
      description = name
    }

    /// The user does not exist (HTTP 404).
    public static let notFound = Kind("notFound")
    /// GitHub rejected the token (HTTP 401).
    public static let unauthorized = Kind("unauthorized")
    /// GitHub's rate limit was hit (HTTP 403 or 429).
    public static let rateLimited = Kind("rateLimited")
    /// The server failed (HTTP 5xx).
    public static let serverError = Kind("serverError")
    /// The response body was not the JSON that was expected.
    public static let malformedResponse = Kind("malformedResponse")
    /// No response arrived within the timeout.
    public static let timedOut = Kind("timedOut")
    /// The server could not be reached: no network, DNS failure, connection refused.
    public static let unreachable = Kind("unreachable")
    /// Any other HTTP status.
    public static let unexpectedStatus = Kind("unexpectedStatus")
    /// No valid request URL could be built.
    public static let invalidRequest = Kind("invalidRequest")
  }

  enum Reason: Sendable, Equatable {
    case notFound(login: String)
    case unauthorized(serverMessage: String?)
    case rateLimited(status: Int, serverMessage: String?)
    case serverError(url: String, status: Int)
    case malformedResponse(url: String, cause: String)
    case timedOut(url: String, seconds: TimeInterval)
    case unreachable(url: String, cause: String)
    case unexpectedStatus(url: String, status: Int, serverMessage: String?)
    case invalidRequest(login: String, baseURL: String)
  }

  let reason: Reason

  init(_ reason: Reason) {
    self.reason = reason
  }

  /// The error for a login that does not exist, exactly as a live HTTP 404 reports it.
  ///
  /// - Parameter login: The login that was looked up.
  /// - Returns: An error whose ``kind`` is ``Kind/notFound``.
  public static func notFound(login: String) -> UserAPIError {
    UserAPIError(.notFound(login: login))
  }

  /// The category of failure.
  public var kind: Kind {
    switch reason {
    case .notFound: .notFound
    case .unauthorized: .unauthorized
    case .rateLimited: .rateLimited
    case .serverError: .serverError
    case .malformedResponse: .malformedResponse
    case .timedOut: .timedOut
    case .unreachable: .unreachable
    case .unexpectedStatus: .unexpectedStatus
    case .invalidRequest: .invalidRequest
    }
  }

  /// Whether the user does not exist; the CLI maps this to its own exit status.
  public var isNotFound: Bool {
    kind == .notFound
  }

  /// The HTTP status code behind the error, or `nil` when no HTTP response was involved.
  public var statusCode: Int? {
    switch reason {
    case .notFound: 404
    case .unauthorized: 401
    case .rateLimited(let status, _), .serverError(_, let status),
      .unexpectedStatus(_, let status, _):
      status
    case .malformedResponse, .timedOut, .unreachable, .invalidRequest: nil
    }
  }

  /// A single line explaining what went wrong and what to try next.
  public var message: String {
    switch reason {
    case .notFound(let login):
      return "No GitHub user named '\(Self.oneLine(login))'."
    case .unauthorized(let serverMessage):
      return "GitHub rejected the token (HTTP 401)\(Self.quoted(serverMessage)). "
        + "Check GITHUB_TOKEN, or use --mock to run offline."
    case .rateLimited(let status, let serverMessage):
      return "GitHub API rate limit hit (HTTP \(status))\(Self.quoted(serverMessage)). "
        + "Set GITHUB_TOKEN for a higher limit, or use --mock to run offline."
    case .serverError(let url, let status):
      return "Server error (HTTP \(status)) from \(url). "
        + "Try again later, or use --mock to run offline."
    case .malformedResponse(let url, let cause):
      return "Malformed response from \(url): \(cause). Use --mock to run offline."
    case .timedOut(let url, let seconds):
      return "No response from \(url) within \(Self.describeSeconds(seconds)). "
        + "Raise --timeout, or use --mock to run offline."
    case .unreachable(let url, let cause):
      return "Could not reach \(url): \(cause). "
        + "Check your network, or use --mock to run offline."
    case .unexpectedStatus(let url, let status, let serverMessage):
      return "Unexpected HTTP \(status) from \(url)\(Self.quoted(serverMessage))."
    case .invalidRequest(let login, let baseURL):
      return "Could not build a request URL for '\(Self.oneLine(login))' "
        + "from base URL \(baseURL)."
    }
  }

  /// The same text as ``message``.
  public var description: String {
    message
  }

  /// The same text as ``message``, so `localizedDescription` shows it too.
  public var errorDescription: String? {
    message
  }

  /// `: "message"` when GitHub sent a message, otherwise nothing.
  private static func quoted(_ serverMessage: String?) -> String {
    serverMessage.map { ": \"\($0)\"" } ?? ""
  }

  /// The text with line breaks replaced by spaces, so a message stays on one line.
  private static func oneLine(_ text: String) -> String {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .joined(separator: " ")
  }

  /// Formats a duration such as `1 second`, `5 seconds` or `0.5 seconds`.
  static func describeSeconds(_ seconds: TimeInterval) -> String {
    let number: String
    if seconds == seconds.rounded(), abs(seconds) < 1e15 {
      number = String(Int(seconds))
    } else {
      number = String(seconds)
    }
    return number == "1" ? "1 second" : "\(number) seconds"
  }
}
