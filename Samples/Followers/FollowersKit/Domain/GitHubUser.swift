/// A GitHub account as returned by `GET /users/{login}`.
///
/// Only the fields the Followers sample needs are decoded; GitHub sends many
/// more, and they are ignored.
public struct GitHubUser: Sendable, Equatable, Hashable, Codable {
  /// The account's login, for example `octocat`.
  public var login: String

  /// The display name, or `nil` when the account has not set one.
  public var name: String?

  /// The total number of followers, as counted by GitHub.
  public var followers: Int

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - login: The account's login.
  ///   - name: The display name, or `nil` when none is set.
  ///   - followers: The total number of followers.
  public init(login: String, name: String?, followers: Int) {
    self.login = login
    self.name = name
    self.followers = followers
  }

  private enum CodingKeys: String, CodingKey {
    case login
    case name
    case followers
  }

  /// Decodes a user from GitHub's JSON; a missing or `null` name becomes `nil`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when `login` or `followers` is missing or has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    login = try container.decode(String.self, forKey: .login)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    followers = try container.decode(Int.self, forKey: .followers)
  }

  /// Encodes the user with the same field names GitHub uses.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(login, forKey: .login)
    try container.encode(name, forKey: .name)
    try container.encode(followers, forKey: .followers)
  }
}
