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

extension Follower {
  /// Whether `lhs` sorts before `rhs`: by login ignoring case, ties broken by the exact login.
  ///
  /// The comparison does not depend on the current locale.
  ///
  /// - Parameters:
  ///   - lhs: The first follower.
  ///   - rhs: The second follower.
  /// - Returns: `true` when `lhs` comes first.
  public static func loginOrder(_ lhs: Follower, _ rhs: Follower) -> Bool {
    let left = lhs.login.lowercased()
    let right = rhs.login.lowercased()
    if left != right {
      return left < right
    }
    return lhs.login < rhs.login
  }
}

extension Sequence where Element == Follower {
  /// The followers in display order: sorted by login ignoring case; equal-ignoring-case logins are
  /// ordered exactly. Display order is a rule of the domain, so the data layer and every screen agree.
  ///
  /// - Returns: A new, sorted array.
  public func sortedByLogin() -> [Follower] {
    sorted(by: Follower.loginOrder)
  }
}
