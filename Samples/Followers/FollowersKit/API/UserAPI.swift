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

  /// Fetches one page of a user's followers, in GitHub's order.
  ///
  /// - Parameters:
  ///   - login: The login whose followers to list.
  ///   - page: Which page, and how many followers a page holds.
  /// - Returns: The page, empty past the last one, with the numbers of the next and last pages.
  /// - Throws: ``UserAPIError``; its ``UserAPIError/isNotFound`` is `true` when no such user exists.
  func followers(of login: String, page: PageRequest) async throws -> FollowersPage
}
