import Sheath

extension Scope {
  /// One run of the registration → profile → followers screens, which share one data controller.
  public static let flow = Scope("flow")
}

// What the sample's graph provides. Each key carries its default factory; the API has no default,
// because which API to use is the environment's decision (see `FollowersAppModule`). The screens'
// keys are in FollowersKeys+Screens.swift.
extension Keys {
  /// How to reach the API; bound by the app from its options.
  public static let configuration: Key<FollowersConfiguration> = .required(.singleton)

  /// The GitHub API, live or fake.
  public static let userAPI: Key<any UserAPI> = .required(.singleton)

  /// The live API's transport: sends requests to the configured origin, the token only where allowed.
  public static let apiConnection: Key<any APIConnecting> = Key(.singleton) { r in
    let configuration = r[.configuration]
    return URLSessionConnection(
      apiURL: configuration.apiURL, timeout: configuration.timeout, token: configuration.token)
  }

  /// The live API's formats: turns responses into users, pages and errors.
  public static let apiParser: Key<any APIResponseParsing> = Key { r in
    GitHubResponseParser(hiding: r[.configuration].token)
  }

  /// Decides whether a login is acceptable.
  public static let loginValidator: Key<any LoginValidating> = Key { _ in LoginValidator() }

  /// Formats the profile screen's lines.
  public static let profilePresenter: Key<any ProfilePresenting> = Key { _ in ProfilePresenter() }

  /// Formats the followers screen's lines.
  public static let followersListPresenter: Key<any FollowersListPresenting> = Key { _ in FollowersListPresenter() }

  /// The flow's data: one fetch of each user and page shared by the flow's screens, released with the flow.
  public static let followersData: Key<any FollowersDataControlling> = Key(.scoped(.flow)) { r in
    FollowersDataController(api: r[.userAPI], pageSize: r[.configuration].pageSize)
  }
}
