/// Turns users and followers into the exact lines the Followers screens show.
///
/// View models depend on this protocol so tests can substitute canned text.
public protocol FollowerPresenting: Sendable {
  /// The follower count line: `1 follower`, `1,234 followers`, or `nil` for none.
  ///
  /// - Parameter count: The total number of followers.
  /// - Returns: The line, or `nil` when `count` is zero (or negative).
  func followerCountLine(count: Int) -> String?

  /// The "followed by" line naming the first three followers in login order.
  ///
  /// - Parameters:
  ///   - followers: The followers that were fetched, in any order.
  ///   - totalCount: The user's total follower count; those not named are counted as others.
  /// - Returns: For example `Followed by alice, bob, carol and 1,231 others`, or `nil`
  ///   when `followers` is empty.
  func followedByLine(followers: [Follower], totalCount: Int) -> String?

  /// The profile title: `Name (@login)`, or `@login` when the user has no name.
  ///
  /// - Parameter user: The user to title.
  /// - Returns: The title.
  func profileTitle(for user: GitHubUser) -> String

  /// The followers screen header: `Followers of @login (showing N of M)`.
  ///
  /// - Parameters:
  ///   - user: The user whose followers are listed; `M` is their follower count.
  ///   - shownCount: How many followers the screen lists (`N`).
  /// - Returns: The header.
  func followersHeader(for user: GitHubUser, shownCount: Int) -> String

  /// The followers in display order: by login ignoring case, ties by exact login.
  ///
  /// - Parameter followers: The followers in any order.
  /// - Returns: The sorted followers.
  func sortedFollowers(_ followers: [Follower]) -> [Follower]
}
