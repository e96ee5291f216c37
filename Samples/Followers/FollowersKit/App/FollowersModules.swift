import Sheath

/// The live GitHub API: a facade over the connection and the parser, configured by the app.
public struct LiveAPIModule: Module {
  /// Creates the module.
  public init() {}

  /// Binds the live API.
  public func register(into b: inout Bindings) {
    b.require(.configuration)
    b.bind(.userAPI) { r in
      LiveUserAPI(baseURL: r[.configuration].apiURL, connection: r[.apiConnection], parser: r[.apiParser])
    }
  }
}

/// A fake API with canned users that behaves like GitHub's, errors and paging included.
public struct FakeAPIModule: Module {
  /// The users the fake API knows.
  public var users: [FakeUserAPI.CannedUser]

  /// Creates the module.
  ///
  /// - Parameter users: The users the fake API knows; the samples by default.
  public init(users: [FakeUserAPI.CannedUser] = FakeUserAPI.sampleUsers) {
    self.users = users
  }

  /// Binds the fake API.
  public func register(into b: inout Bindings) {
    b.bind(.userAPI) { [users] _ in FakeUserAPI(users: users) }
  }
}

/// The whole sample: the configuration, and the API the environment calls for — live in `live`, fake
/// in `mock`, `test` and `preview`. Everything else comes from the keys' defaults.
public struct FollowersAppModule: Module {
  /// How to reach the API.
  public var configuration: FollowersConfiguration

  /// Creates the module.
  ///
  /// - Parameter configuration: How to reach the API.
  public init(configuration: FollowersConfiguration = FollowersConfiguration()) {
    self.configuration = configuration
  }

  /// Binds the configuration and includes the environment's API module.
  public func register(into b: inout Bindings) {
    b.bind(.configuration, to: configuration)
    b.include(LiveAPIModule().only(in: .live))
    b.include(FakeAPIModule().only(in: .mock, .test, .preview))
  }
}
