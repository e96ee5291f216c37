import Sheath

/// The live GitHub API: a facade over the connection and the parser, configured by the app.
public struct LiveAPIModule: Module {
  /// Creates the module.
  public init() {}

  /// Binds the live API.
  public func register(into b: inout Bindings) {
    b.require(.configuration)
    b.bind(.userAPI, .configuration, .apiConnection, .apiParser) { configuration, connection, parser in
      LiveUserAPI(baseURL: configuration.apiURL, connection: connection, parser: parser)
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
    b.bind(.userAPI) { [users] in FakeUserAPI(users: users) }
  }
}

/// The whole sample: the configuration, and the API the environment calls for — live in `live`, fake
/// in `mock`, `test` and `preview`. Everything else comes from the keys' defaults, and is reached from
/// the two keys the app resolves itself, which it exposes so that building the graph checks them.
public struct FollowersAppModule: Module {
  /// How to reach the API.
  public var configuration: FollowersConfiguration

  /// Creates the module.
  ///
  /// - Parameter configuration: How to reach the API.
  public init(configuration: FollowersConfiguration = FollowersConfiguration()) {
    self.configuration = configuration
  }

  /// Binds the configuration, includes the environment's API module, and exposes what the app
  /// resolves: the navigator from the app's graph, and each run's screens from its flow's graph.
  public func register(into b: inout Bindings) {
    b.bind(.configuration, to: configuration)
    b.include(LiveAPIModule().only(in: .live))
    b.include(FakeAPIModule().only(in: .mock, .test, .preview))
    // Nothing names these two: the command resolves the navigator, and the navigator resolves the
    // flow's screens through the child graph it opens. Naming them lets the graph know and check them,
    // and every view model, data controller and API they reach.
    b.expose(.navigator)
    b.expose(.followersFlow)
  }
}
