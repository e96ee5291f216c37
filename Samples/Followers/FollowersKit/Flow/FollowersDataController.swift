/// A user and one page of their followers, in display order: what a screen of the flow shows.
public struct FollowersProfile: Sendable, Equatable {
  /// The user, as the API spells their login; `followers` is their total count.
  public let user: GitHubUser
  /// One page of their followers, sorted by login (``FollowersPage/sortedByLogin()``).
  public let page: FollowersPage

  /// Creates a profile.
  ///
  /// - Parameters:
  ///   - user: The user.
  ///   - page: A page of their followers, in display order.
  public init(user: GitHubUser, page: FollowersPage) {
    self.user = user
    self.page = page
  }
}

/// Loads and keeps the data that the screens of one flow share, so that the profile and the
/// followers screens show the same fetch (seed 004's DataController).
///
/// It knows no screen: a screen calls it with a closure, and it talks back through that closure, on
/// the main actor. The call is `async`, so a caller can wait until its closure has run, and it
/// returns whatever the closure returns.
///
/// ```swift
/// let outcome = await data.loadUser(login, followersPage: 1) { result in
///   switch result {
///   case .success(let profile): view.showProfile(…); return LoadOutcome.shown
///   case .failure(let error): view.showError(…); return LoadOutcome(error)
///   }
/// }
/// ```
public protocol FollowersDataControlling: Sendable {
  /// Loads a user and a page of their followers — each fetched once per flow, then served from
  /// memory — and hands them to `deliver`.
  ///
  /// - Parameters:
  ///   - login: A valid GitHub login; logins differing only in case share one fetch.
  ///   - followersPage: The page's number, from 1; the page size is the data controller's.
  ///   - deliver: Receives the user and the page in display order, or why they could not be loaded
  ///     (``UserAPIError``, or `CancellationError`); a failed load is not kept, so asking again retries.
  /// - Returns: What `deliver` returned.
  func loadUser<Answer: Sendable>(
    _ login: String, followersPage: Int,
    then deliver: @MainActor (Result<FollowersProfile, any Error>) -> Answer
  ) async -> Answer
}

/// The flow's data controller: one fetch of a user and one of each page of their followers serve
/// every screen of the flow, even when several ask at the same moment.
///
/// Bound `.scoped(.flow)`: each flow of screens gets its own, released when the flow ends. It sorts
/// each page into display order with the domain's rule (``FollowersPage/sortedByLogin()``).
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
    let request = PageRequest(number: followersPage, size: pageSize)
    let userKey = login.lowercased()
    let pageKey = "\(userKey)#\(request.number)"
    let user = shared(&users, userKey) { [api] in try await api.user(login) }
    let page = shared(&pages, pageKey) { [api] in try await api.followers(of: login, page: request).sortedByLogin() }
    let result: Result<FollowersProfile, any Error>
    do {
      // Both loads are already running; waiting for one and then the other takes as long as the slower.
      result = .success(FollowersProfile(user: try await user.value, page: try await page.value))
    } catch {
      result = .failure(error)
    }
    if case .failure = await user.result, users[userKey] == user { users[userKey] = nil }
    if case .failure = await page.result, pages[pageKey] == page { pages[pageKey] = nil }
    return await deliver(result)
  }

  /// The load kept under `key`, running or done; else a new one, kept so that screens asking
  /// meanwhile share it.
  private func shared<Value>(
    _ loads: inout [String: Task<Value, any Error>], _ key: String,
    _ operation: @escaping @Sendable () async throws -> Value
  ) -> Task<Value, any Error> {
    if let load = loads[key] { return load }
    let load = Task(operation: operation)
    loads[key] = load
    return load
  }
}
