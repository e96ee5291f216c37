/// A user and their first page of followers, loaded together for a flow's screens.
public struct FollowersProfile: Sendable, Equatable {
  /// The user, as the API spells their login.
  public let user: GitHubUser
  /// The first page of followers, sorted by login (case-insensitively, ties by exact login).
  public let followers: [Follower]

  /// Creates a profile.
  ///
  /// - Parameters:
  ///   - user: The user.
  ///   - followers: Their followers, in display order.
  public init(user: GitHubUser, followers: [Follower]) {
    self.user = user
    self.followers = followers
  }
}

/// Loads and keeps the data the screens of one flow share, so that the profile and the followers
/// screens show the same fetch.
public protocol FollowersDataControlling: Sendable {
  /// The profile of `login`: fetched once per flow, then served from memory.
  ///
  /// - Parameter login: A valid GitHub login.
  /// - Returns: The user and their sorted followers.
  /// - Throws: ``UserAPIError`` when the API fails; a failed load is not kept, so asking again retries.
  func profile(of login: String) async throws -> FollowersProfile
}

/// The flow's data controller: one fetch of a user and their followers serves every screen of the flow,
/// even when several screens ask at the same moment.
///
/// Bound `.scoped(.flow)`: each flow of screens gets its own, released when the flow ends.
public actor FollowersDataController: FollowersDataControlling {
  private let api: any UserAPI
  private let presenter: any FollowerPresenting
  private var loads: [String: Task<FollowersProfile, any Error>] = [:]

  /// Creates a data controller.
  ///
  /// - Parameters:
  ///   - api: Where users and followers come from.
  ///   - presenter: Decides the followers' display order.
  public init(api: any UserAPI, presenter: any FollowerPresenting) {
    self.api = api
    self.presenter = presenter
  }

  /// The profile of `login`, fetched on first request and shared after that.
  ///
  /// - Parameter login: A valid GitHub login; logins differing only in case share one fetch.
  /// - Returns: The user and their sorted followers.
  /// - Throws: ``UserAPIError`` when the API fails.
  public func profile(of login: String) async throws -> FollowersProfile {
    let key = login.lowercased()
    if let load = loads[key] { return try await load.value }
    let load = Task { [api, presenter] in
      async let user = api.user(login)
      async let followers = api.followers(of: login, page: PageRequest()).followers
      let (loadedUser, loadedFollowers) = try await (user, followers)
      return FollowersProfile(user: loadedUser, followers: presenter.sortedFollowers(loadedFollowers))
    }
    loads[key] = load
    do {
      return try await load.value
    } catch {
      loads[key] = nil
      throw error
    }
  }
}
