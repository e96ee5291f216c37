/// The standard ``FollowerPresenting`` implementation, in English, independent of the locale.
public struct FollowerPresenter: FollowerPresenting {
  /// How many followers the "followed by" line names before counting the rest as others.
  public static let namedFollowerLimit = 3

  /// Creates a presenter.
  public init() {}

  /// The follower count line: `1 follower`, `1,234 followers`, or `nil` for none.
  ///
  /// - Parameter count: The total number of followers.
  /// - Returns: The line, or `nil` when `count` is zero (or negative).
  public func followerCountLine(count: Int) -> String? {
    guard count > 0 else {
      return nil
    }
    return Self.counted(count, "follower", "followers")
  }

  /// The "followed by" line naming the first three followers in login order.
  ///
  /// - Parameters:
  ///   - followers: The followers that were fetched, in any order.
  ///   - totalCount: The user's total follower count; those not named are counted as others.
  /// - Returns: For example `Followed by alice, bob, carol and 1,231 others`, or `nil`
  ///   when `followers` is empty.
  public func followedByLine(followers: [Follower], totalCount: Int) -> String? {
    let named = sortedFollowers(followers)
      .prefix(Self.namedFollowerLimit)
      .map(\.login)
    guard !named.isEmpty else {
      return nil
    }
    var items = named
    let others = totalCount - named.count
    if others > 0 {
      items.append(Self.counted(others, "other", "others"))
    }
    return "Followed by " + Self.sentenceList(items)
  }

  /// The profile title: `Name (@login)`, or `@login` when the user has no name.
  ///
  /// - Parameter user: The user to title.
  /// - Returns: The title.
  public func profileTitle(for user: GitHubUser) -> String {
    guard let name = user.name else {
      return "@\(user.login)"
    }
    return "\(name) (@\(user.login))"
  }

  /// The followers screen header: `Followers of @login (showing N of M)`.
  ///
  /// - Parameters:
  ///   - user: The user whose followers are listed; `M` is their follower count.
  ///   - shownCount: How many followers the screen lists (`N`).
  /// - Returns: The header.
  public func followersHeader(for user: GitHubUser, shownCount: Int) -> String {
    let shown = Self.grouped(shownCount)
    let total = Self.grouped(user.followers)
    return "Followers of @\(user.login) (showing \(shown) of \(total))"
  }

  /// The followers in display order: by login ignoring case, ties by exact login.
  ///
  /// - Parameter followers: The followers in any order.
  /// - Returns: The sorted followers.
  public func sortedFollowers(_ followers: [Follower]) -> [Follower] {
    followers.sortedByLogin()
  }

  /// Writes an integer with `,` between groups of three digits, whatever the locale.
  ///
  /// - Parameter value: The number, for example `1234567`.
  /// - Returns: The grouped digits, for example `1,234,567` (or `-1,234` for negatives).
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 {
        result.append(",")
      }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// `1 follower` or `N followers`, with `N` grouped.
  private static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(grouped(count)) \(count == 1 ? singular : plural)"
  }

  /// `a`, `a and b`, `a, b and c`: items joined with commas and a final "and".
  private static func sentenceList(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else {
      return items.first ?? ""
    }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}
