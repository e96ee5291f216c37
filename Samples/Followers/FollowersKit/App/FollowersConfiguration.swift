import Foundation

/// How to reach the API: its base URL, how long to wait, and the token to send.
public struct FollowersConfiguration: Sendable, Equatable, CustomStringConvertible {
  /// The API's base URL.
  public var apiURL: URL
  /// Seconds to wait for each request.
  public var timeout: TimeInterval
  /// A GitHub token to send as a bearer token, or `nil`.
  public var token: String?

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - apiURL: The API's base URL.
  ///   - timeout: Seconds to wait for each request.
  ///   - token: A GitHub token, or `nil`.
  public init(
    apiURL: URL = LiveUserAPI.gitHubBaseURL, timeout: TimeInterval = URLSessionConnection.defaultTimeout,
    token: String? = nil
  ) {
    self.apiURL = apiURL
    self.timeout = timeout
    self.token = token
  }

  /// The configuration without the token's value.
  public var description: String {
    "FollowersConfiguration(apiURL: \(apiURL), timeout: \(timeout), token: \(token == nil ? "none" : "<redacted>"))"
  }
}
