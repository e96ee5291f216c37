/// A ``UserAPI`` that serves canned users and behaves like the live API.
///
/// Logins match ignoring case, as on GitHub; unknown logins throw exactly the error a live HTTP 404
/// produces (``UserAPIError/notFound(login:)``); and ``followers(of:page:)`` pages like GitHub: the
/// next and last page numbers on every page but the last, an empty page past the end. Use it for
/// tests, previews and the CLI's `--mock` mode:
///
/// ```swift
/// let api = FakeUserAPI(users: .samples)
/// let user = try await api.user("OctoCat")   // The Octocat, 8 followers
/// ```
public struct FakeUserAPI: UserAPI {
  /// A canned user together with all of their followers.
  public struct CannedUser: Sendable, Equatable {
    /// The user, including their total follower count.
    public var user: GitHubUser
    /// Every follower, in the order the API returns them, served a page at a time.
    public var followers: [Follower]

    /// Creates a canned user.
    ///
    /// - Parameters:
    ///   - user: The user, including their total follower count.
    ///   - followers: Every follower, in API order.
    public init(user: GitHubUser, followers: [Follower]) {
      self.user = user
      self.followers = followers
    }
  }

  /// The canned users this fake serves, in the order given.
  public let users: [CannedUser]

  private let usersByLogin: [String: CannedUser]

  /// Creates a fake serving the given canned users.
  ///
  /// - Parameter users: The users to serve; defaults to ``sampleUsers`` (also spelled `.samples`).
  ///   When two logins differ only in case, the first one wins.
  public init(users: [CannedUser] = FakeUserAPI.sampleUsers) {
    self.users = users
    usersByLogin = Dictionary(
      users.map { ($0.user.login.lowercased(), $0) },
      uniquingKeysWith: { first, _ in first }
    )
  }

  /// Looks up a canned user, ignoring case.
  ///
  /// - Parameter login: The login to look up.
  /// - Returns: The canned user.
  /// - Throws: ``UserAPIError/notFound(login:)`` for an unknown login.
  public func user(_ login: String) async throws -> GitHubUser {
    try cannedUser(login).user
  }

  /// One page of a canned user's followers, in canned order.
  ///
  /// - Parameters:
  ///   - login: The login whose followers to list, ignoring case.
  ///   - page: Which page, and how many followers a page holds.
  /// - Returns: The page; on every page but the last, the numbers of the next and last pages.
  /// - Throws: ``UserAPIError/notFound(login:)`` for an unknown login.
  public func followers(of login: String, page: PageRequest) async throws -> FollowersPage {
    let all = try cannedUser(login).followers
    let start = min(page.firstPosition - 1, all.count)
    let onPage = Array(all[start..<min(start + page.size, all.count)])
    let lastPage = max(1, (all.count + page.size - 1) / page.size)
    guard page.number < lastPage else {
      return FollowersPage(request: page, followers: onPage)
    }
    return FollowersPage(request: page, followers: onPage, nextPage: page.number + 1, lastPage: lastPage)
  }

  private func cannedUser(_ login: String) throws -> CannedUser {
    guard let found = usersByLogin[login.lowercased()] else {
      throw UserAPIError.notFound(login: login)
    }
    return found
  }
}
