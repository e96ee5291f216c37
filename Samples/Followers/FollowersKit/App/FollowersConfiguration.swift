import Foundation

/// How the sample talks to the API: its base URL, how long to wait, the token to send, and how many
/// followers a page holds.
public struct FollowersConfiguration: Sendable, Equatable, CustomStringConvertible {
  /// The API's base URL.
  public var apiURL: URL
  /// Seconds to wait for each request.
  public var timeout: TimeInterval
  /// A GitHub token to send as a bearer token where ``TokenPolicy`` allows, or `nil`.
  public var token: GitHubToken?
  /// Followers per page, from 1 to ``PageRequest/maximumSize``.
  public var pageSize: Int

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - apiURL: The API's base URL.
  ///   - timeout: Seconds to wait for each request.
  ///   - token: A GitHub token, or `nil`.
  ///   - pageSize: Followers per page.
  public init(
    apiURL: URL = LiveUserAPI.gitHubBaseURL, timeout: TimeInterval = URLSessionConnection.defaultTimeout,
    token: GitHubToken? = nil, pageSize: Int = PageRequest.maximumSize
  ) {
    self.apiURL = apiURL
    self.timeout = timeout
    self.token = token
    self.pageSize = pageSize
  }

  /// The configuration without the token's value.
  public var description: String {
    "FollowersConfiguration(apiURL: \(apiURL.displayString), timeout: \(timeout), "
      + "token: \(token == nil ? "none" : "<redacted>"), pageSize: \(pageSize))"
  }
}
