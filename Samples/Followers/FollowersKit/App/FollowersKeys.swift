import Sheath

extension Scope {
  /// One run of the registration → profile → followers screens, which share one data controller.
  public static let flow = Scope("flow")
}

// What the sample's graph provides. Each key carries its default factory and declares the keys it
// needs, so building the graph checks every edge before any factory runs; the API has no default,
// because which API to use is the environment's decision (see `FollowersAppModule`). The screens'
// keys are in FollowersKeys+Screens.swift.
extension Keys {
  /// How to reach the API; bound by the app from its options.
  public static var configuration: Key<FollowersConfiguration> { .required(.singleton) }

  /// The GitHub API, live or fake.
  public static var userAPI: Key<any UserAPI> { .required(.singleton) }

  /// The live API's transport: sends requests to the configured origin, the token only where allowed.
  public static var apiConnection: Key<any APIConnecting> {
    Key(.singleton, .configuration) { configuration in
      URLSessionConnection(apiURL: configuration.apiURL, timeout: configuration.timeout, token: configuration.token)
    }
  }

  /// The live API's formats: turns responses into users, pages and errors.
  public static var apiParser: Key<any APIResponseParsing> {
    Key(.transient, .configuration) { configuration in
      GitHubResponseParser(hiding: configuration.token)
    }
  }

  /// Decides whether a login is acceptable.
  public static var loginValidator: Key<any LoginValidating> { Key { LoginValidator() } }

  /// Formats the profile screen's lines.
  public static var profileFormatter: Key<any ProfileFormatting> { Key { ProfileFormatter() } }

  /// Formats the followers screen's lines.
  public static var followersListFormatter: Key<any FollowersListFormatting> { Key { FollowersListFormatter() } }

  /// The flow's data: one fetch of each user and page shared by the flow's screens, released with the flow.
  public static var followersData: Key<any FollowersDataControlling> {
    Key(.scoped(.flow), .userAPI, .configuration) {
      api, configuration in
      FollowersDataController(api: api, pageSize: configuration.pageSize)
    }
  }
}
