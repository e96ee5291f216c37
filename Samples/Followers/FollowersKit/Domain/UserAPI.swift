/// Reads GitHub users and their followers.
///
/// ``LiveUserAPI`` talks to the GitHub REST API; ``FakeUserAPI`` serves
/// canned data that behaves the same way, for tests, previews and `--mock`.
/// Both throw ``UserAPIError`` for every failure they report.
public protocol UserAPI: Sendable {
  /// Fetches one user.
  ///
  /// - Parameter login: The login to look up; GitHub matches it ignoring case.
  /// - Returns: The user.
  /// - Throws: ``UserAPIError``; its ``UserAPIError/isNotFound`` is `true` when no such user exists.
  func user(_ login: String) async throws -> GitHubUser

  /// Fetches the first page (at most 100) of a user's followers, in GitHub's order.
  ///
  /// - Parameter login: The login whose followers to list.
  /// - Returns: Up to 100 followers.
  /// - Throws: ``UserAPIError``; its ``UserAPIError/isNotFound`` is `true` when no such user exists.
  func followers(of login: String) async throws -> [Follower]
}
