extension FakeUserAPI {
  /// `octocat`, "The Octocat": 8 followers with mixed-case logins, served (and shown) in this order.
  public static let octocat = CannedUser(
    user: GitHubUser(login: "octocat", name: "The Octocat", followers: 8),
    followers: ["Alice", "bob", "Carol", "dave42", "Eve", "Mallory", "trent", "zoe-dev"]
      .map(Follower.init(login:))
  )

  /// `solo-dev`, "Solo Developer": exactly one follower.
  public static let soloDev = CannedUser(
    user: GitHubUser(login: "solo-dev", name: "Solo Developer", followers: 1),
    followers: [Follower(login: "octocat")]
  )

  /// `lonely-dev`, "Lonely Developer": no followers.
  public static let lonelyDev = CannedUser(
    user: GitHubUser(login: "lonely-dev", name: "Lonely Developer", followers: 0),
    followers: []
  )

  /// `nameless`: no display name (`null` in GitHub's JSON) and two followers.
  public static let nameless = CannedUser(
    user: GitHubUser(login: "nameless", name: nil, followers: 2),
    followers: [Follower(login: "octocat"), Follower(login: "lonely-dev")]
  )

  /// `popular-dev`, "Popular Developer": 1,234 followers (`fan-1` … `fan-1234`), more than the
  /// 100 the largest page holds.
  public static let popularDev = CannedUser(
    user: GitHubUser(login: "popular-dev", name: "Popular Developer", followers: 1_234),
    followers: (1...1_234).map { Follower(login: "fan-\($0)") }
  )

  /// Every canned user: ``octocat``, ``soloDev``, ``lonelyDev``, ``nameless`` and ``popularDev``.
  public static let sampleUsers: [CannedUser] = [
    octocat, soloDev, lonelyDev, nameless, popularDev,
  ]
}

extension Array where Element == FakeUserAPI.CannedUser {
  /// The canned sample users, ``FakeUserAPI/sampleUsers``, so callers can write
  /// `FakeUserAPI(users: .samples)`.
  public static var samples: [FakeUserAPI.CannedUser] {
    FakeUserAPI.sampleUsers
  }
}
