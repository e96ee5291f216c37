/// Turns pages of followers into the exact lines the followers screen shows: what
/// "8 Patterns to Help You Destroy Massive View Controller" calls a presenter, for the list.
public protocol FollowersListFormatting: Sendable {
  /// The header above a page: `Followers of @octocat (showing 101–200 of 1,234)`.
  ///
  /// - Parameters:
  ///   - user: The user whose followers are listed; their count is the total.
  ///   - page: The page shown under the header.
  /// - Returns: The header.
  func header(for user: GitHubUser, page: FollowersPage) -> String

  /// The line for one follower: their login.
  ///
  /// - Parameter follower: The follower.
  /// - Returns: One line.
  func row(for follower: Follower) -> String

  /// What the screen says while it waits for a page.
  ///
  /// - Parameters:
  ///   - login: Whose followers are loading.
  ///   - page: The page's number.
  /// - Returns: `Loading followers of @octocat…`, or `Loading page 2 of @octocat's followers…`.
  func loadingText(for login: String, page: Int) -> String

  /// The question asked, on a terminal, before the next page.
  ///
  /// - Parameters:
  ///   - nextPage: The page that would be shown.
  ///   - lastPage: The last page's number, when known.
  /// - Returns: `More followers: press Enter for page 2 of 13, or q to quit: `.
  func morePrompt(nextPage: Int, lastPage: Int?) -> String
}

/// The standard ``FollowersListFormatting``, in English, independent of the locale.
public struct FollowersListFormatter: FollowersListFormatting {
  /// Creates a formatter.
  public init() {}

  /// The header above a page.
  ///
  /// | page | header |
  /// |---|---|
  /// | followers on it | `Followers of @octocat (showing 1–8 of 8)` |
  /// | empty, no followers at all | `Followers of @lonely-dev (none)` |
  /// | empty, past the last page | `Followers of @octocat (none on page 9; 8 in all)` |
  public func header(for user: GitHubUser, page: FollowersPage) -> String {
    let title = "Followers of @\(user.login)"
    let total = NumberText.grouped(user.followers)
    guard !page.followers.isEmpty else {
      if page.request.number == 1 || user.followers <= 0 {
        return "\(title) (none)"
      }
      return "\(title) (none on page \(NumberText.grouped(page.request.number)); \(total) in all)"
    }
    let first = page.request.firstPosition
    let last = first + page.followers.count - 1
    return "\(title) (showing \(NumberText.grouped(first))–\(NumberText.grouped(last)) of \(total))"
  }

  /// The follower's login.
  public func row(for follower: Follower) -> String {
    follower.login
  }

  /// `Loading followers of @octocat…`, or `Loading page 2 of @octocat's followers…`.
  public func loadingText(for login: String, page: Int) -> String {
    page == 1 ? "Loading followers of @\(login)…" : "Loading page \(NumberText.grouped(page)) of @\(login)'s followers…"
  }

  /// `More followers: press Enter for page 2 of 13, or q to quit: ` (without `of 13` when the last
  /// page is not known).
  public func morePrompt(nextPage: Int, lastPage: Int?) -> String {
    let of = lastPage.map { " of \(NumberText.grouped($0))" } ?? ""
    return "More followers: press Enter for page \(NumberText.grouped(nextPage))\(of), or q to quit: "
  }
}
