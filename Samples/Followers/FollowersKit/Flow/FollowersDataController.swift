/// A user and one page of their followers, in the API's order: what the followers screen shows.
public struct FollowersProfile: Sendable, Equatable {
  /// The user, as the API spells their login; `followers` is their total count.
  public let user: GitHubUser
  /// One page of their followers, in the API's order.
  public let page: FollowersPage

  /// Creates a profile.
  ///
  /// - Parameters:
  ///   - user: The user.
  ///   - page: A page of their followers.
  public init(user: GitHubUser, page: FollowersPage) {
    self.user = user
    self.page = page
  }
}

/// A user and the first of their followers, in the API's order: what the profile screen shows.
public struct UserOverview: Sendable, Equatable {
  /// The user, as the API spells their login; `followers` is their total count.
  public let user: GitHubUser
  /// Their first followers, as many as were asked for (fewer when they have fewer).
  public let firstFollowers: [Follower]

  /// Creates an overview.
  ///
  /// - Parameters:
  ///   - user: The user.
  ///   - firstFollowers: Their first followers.
  public init(user: GitHubUser, firstFollowers: [Follower]) {
    self.user = user
    self.firstFollowers = firstFollowers
  }
}

/// Loads and keeps the data that the screens of one flow share, so that the profile and the
/// followers screens show the same fetch: the `DataController` of "iOS Week: Separate your concerns!".
///
/// It knows no screen: a screen calls it with a closure, and it talks back through that closure, on
/// the main actor. The call is `async`, so a caller can wait until its closure has run, and it
/// returns whatever the closure returns.
///
/// ```swift
/// let outcome = await data.loadUser(login, followersPage: 1) { result in
///   switch result {
///   case .success(let profile): view.showFollowers(…); return LoadOutcome.shown
///   case .failure(let error): view.showError(…); return LoadOutcome(error)
///   }
/// }
/// ```
///
/// Followers come in the API's order. Sorting them here would sort each page on its own, so the
/// order would change with the page size; sorting the whole list would mean fetching every page
/// first.
public protocol FollowersDataControlling: Sendable {
  /// Loads a user and a page of their followers — each fetched once per flow, then served from
  /// memory — and hands them to `deliver`.
  ///
  /// - Parameters:
  ///   - login: A valid GitHub login; logins differing only in case share one fetch.
  ///   - followersPage: The page's number, from 1; the page size is the data controller's.
  ///   - deliver: Receives the user and the page, or why they could not be loaded (``UserAPIError``,
  ///     or `CancellationError`); a failed load is not kept, so asking again retries.
  /// - Returns: What `deliver` returned.
  func loadUser<Answer: Sendable>(
    _ login: String, followersPage: Int,
    then deliver: @MainActor (Result<FollowersProfile, any Error>) -> Answer
  ) async -> Answer

  /// Loads a user and their first `count` followers — from the same pages as
  /// ``loadUser(_:followersPage:then:)``, as many as it takes — and hands them to `deliver`.
  ///
  /// The followers are the same whatever the page size; with a page size below `count`, the first
  /// pages are fetched one after another.
  ///
  /// - Parameters:
  ///   - login: A valid GitHub login; logins differing only in case share one fetch.
  ///   - count: How many followers, at most.
  ///   - deliver: Receives the user and their first followers, or why they could not be loaded.
  /// - Returns: What `deliver` returned.
  func loadUser<Answer: Sendable>(
    _ login: String, firstFollowers count: Int,
    then deliver: @MainActor (Result<UserOverview, any Error>) -> Answer
  ) async -> Answer
}

/// The flow's data controller: one fetch of a user and one of each page of their followers serve
/// every screen of the flow, even when several ask at the same moment.
///
/// Bound `.scoped(.flow)`: each flow of screens gets its own, released when the flow ends.
public actor FollowersDataController: FollowersDataControlling {
  private let api: any UserAPI
  private let pageSize: Int
  private var users: [String: Task<GitHubUser, any Error>] = [:]
  private var pages: [String: Task<FollowersPage, any Error>] = [:]

  /// Creates a data controller.
  ///
  /// - Parameters:
  ///   - api: Where users and followers come from.
  ///   - pageSize: Followers per page, from 1 to ``PageRequest/maximumSize``.
  public init(api: any UserAPI, pageSize: Int = PageRequest.maximumSize) {
    self.api = api
    self.pageSize = pageSize
  }

  /// Loads a user and a page of their followers, fetching each on first request, and hands them to
  /// `deliver` on the main actor.
  public func loadUser<Answer: Sendable>(
    _ login: String, followersPage: Int,
    then deliver: @MainActor (Result<FollowersProfile, any Error>) -> Answer
  ) async -> Answer {
    let user = userLoad(login)
    let page = pageLoad(followersPage, of: login)
    // Both loads are already running; waiting for one and then the other takes as long as the slower.
    let userResult = await settled(user, of: login)
    let pageResult = await settled(page, of: login, number: followersPage)
    let result = Result { FollowersProfile(user: try userResult.get(), page: try pageResult.get()) }
    return await deliver(result)
  }

  /// Loads a user and their first followers, page after page from the first, and hands them to
  /// `deliver` on the main actor.
  public func loadUser<Answer: Sendable>(
    _ login: String, firstFollowers count: Int,
    then deliver: @MainActor (Result<UserOverview, any Error>) -> Answer
  ) async -> Answer {
    let user = userLoad(login)
    var followers: [Follower] = []
    var failure: (any Error)?
    var number: Int? = 1
    while followers.count < count, let current = number {
      switch await settled(pageLoad(current, of: login), of: login, number: current) {
      case .success(let page):
        followers += page.followers
        // An empty page ends the list whatever it says comes next, so a server cannot keep this asking.
        number = page.followers.isEmpty ? nil : page.nextPage.flatMap { next in next > current ? next : nil }
      case .failure(let error):
        failure = error
        number = nil
      }
    }
    let userResult = await settled(user, of: login)
    let result = Result {
      let user = try userResult.get()
      if let failure { throw failure }
      return UserOverview(user: user, firstFollowers: Array(followers.prefix(count)))
    }
    return await deliver(result)
  }

  /// The user's load, running or done; else a new one, kept so that screens asking meanwhile share it.
  private func userLoad(_ login: String) -> Task<GitHubUser, any Error> {
    let key = login.lowercased()
    if let load = users[key] { return load }
    let load = Task { [api] in try await api.user(login) }
    users[key] = load
    return load
  }

  /// A page's load, running or done; else a new one, kept so that screens asking meanwhile share it.
  private func pageLoad(_ number: Int, of login: String) -> Task<FollowersPage, any Error> {
    let key = Self.pageKey(number, of: login)
    if let load = pages[key] { return load }
    let request = PageRequest(number: number, size: pageSize)
    let load = Task { [api] in try await api.followers(of: login, page: request) }
    pages[key] = load
    return load
  }

  /// How the user's load ended; a failed one is forgotten, so that the next screen tries again.
  private func settled(_ load: Task<GitHubUser, any Error>, of login: String) async -> Result<GitHubUser, any Error> {
    let result = await load.result
    let key = login.lowercased()
    if case .failure = result, users[key] == load { users[key] = nil }
    return result
  }

  /// How a page's load ended; a failed one is forgotten, so that the next screen tries again.
  private func settled(_ load: Task<FollowersPage, any Error>, of login: String, number: Int) async
    -> Result<FollowersPage, any Error>
  {
    let result = await load.result
    let key = Self.pageKey(number, of: login)
    if case .failure = result, pages[key] == load { pages[key] = nil }
    return result
  }

  private static func pageKey(_ number: Int, of login: String) -> String {
    "\(login.lowercased())#\(number)"
  }
}
