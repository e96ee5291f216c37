/// Turns a user into the exact lines the profile screen shows — what "8 Patterns to Help You Destroy
/// Massive View Controller" calls a presenter: the view model hands these strings to the view and
/// never formats anything itself.
public protocol ProfileFormatting: Sendable {
  /// The profile's title: `Name (@login)`, or `@login` when the user has no name.
  ///
  /// - Parameter user: The user to title.
  /// - Returns: The title.
  func title(for user: GitHubUser) -> String

  /// The follower count line: `1 follower`, `1,234 followers`, or `nil` for none.
  ///
  /// - Parameter count: The total number of followers.
  /// - Returns: The line, or `nil` when `count` is zero (or negative).
  func followerCountLine(count: Int) -> String?

  /// How many followers the "followed by" line names; the profile screen loads that many.
  var namedFollowerLimit: Int { get }

  /// The "followed by" line naming the first ``namedFollowerLimit`` followers.
  ///
  /// - Parameters:
  ///   - followers: The user's first followers, in the API's order; the first ``namedFollowerLimit`` are named.
  ///   - totalCount: The user's total follower count; those not named are counted as others.
  /// - Returns: For example `Followed by alice, bob, carol and 1,231 others`, or `nil` when
  ///   `followers` is empty.
  func followedByLine(followers: [Follower], totalCount: Int) -> String?

  /// What the screen says while it waits: `Loading @octocat…`.
  ///
  /// - Parameter login: The login being loaded.
  /// - Returns: One line.
  func loadingText(for login: String) -> String
}

/// The standard ``ProfileFormatting``, in English, independent of the locale.
public struct ProfileFormatter: ProfileFormatting {
  /// Creates a formatter.
  public init() {}

  /// Three: the "followed by" line names three followers, and counts the rest as others.
  public var namedFollowerLimit: Int { 3 }

  /// `Name (@login)`, or `@login` when the user has no name.
  public func title(for user: GitHubUser) -> String {
    guard let name = user.name else {
      return "@\(user.login)"
    }
    return "\(name) (@\(user.login))"
  }

  /// `1 follower`, `1,234 followers`, or `nil` for none.
  public func followerCountLine(count: Int) -> String? {
    guard count > 0 else {
      return nil
    }
    return NumberText.counted(count, "follower", "followers")
  }

  /// `Followed by alice, bob, carol and 1,231 others`, or `nil` when there are no followers.
  public func followedByLine(followers: [Follower], totalCount: Int) -> String? {
    let named = followers.prefix(namedFollowerLimit).map(\.login)
    guard !named.isEmpty else {
      return nil
    }
    var items = named
    let others = totalCount - named.count
    if others > 0 {
      items.append(NumberText.counted(others, "other", "others"))
    }
    return "Followed by " + Self.sentenceList(items)
  }

  /// `Loading @octocat…`.
  public func loadingText(for login: String) -> String {
    "Loading @\(login)…"
  }

  /// `a`, `a and b`, `a, b and c`: items joined with commas and a final "and".
  private static func sentenceList(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else {
      return items.first ?? ""
    }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}
