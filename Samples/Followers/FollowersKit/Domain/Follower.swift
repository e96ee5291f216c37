/// One entry of `GET /users/{login}/followers`: an account that follows someone.
public struct Follower: Sendable, Equatable, Hashable, Codable {
  /// The follower's login, for example `octocat`.
  public var login: String

  /// Creates a follower.
  ///
  /// - Parameter login: The follower's login.
  public init(login: String) {
    self.login = login
  }
}
