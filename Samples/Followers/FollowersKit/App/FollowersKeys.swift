import Sheath

extension Scope {
  /// One run of the registration → profile → followers screens, which share one data controller.
  public static let flow = Scope("flow")
}

// What the sample's graph provides. Each key carries its default factory; the API has no default,
// because which API to use is the environment's decision (see `FollowersAppModule`).
extension Keys {
  /// How to reach the API; bound by the app from its options.
  public static let configuration = Key<FollowersConfiguration>.required(.singleton)

  /// The GitHub API, live or fake.
  public static let userAPI = Key<any UserAPI>.required(.singleton)

  /// The live API's transport: sends requests to the configured origin, the token only where allowed.
  public static let apiConnection = Key<any APIConnecting>(.singleton) { r in
    let configuration = r[.configuration]
    return URLSessionConnection(
      apiURL: configuration.apiURL, timeout: configuration.timeout, token: GitHubToken(configuration.token))
  }

  /// The live API's formats: turns responses into users, pages and errors.
  public static let apiParser = Key<any APIResponseParsing> { r in
    GitHubResponseParser(hiding: GitHubToken(r[.configuration].token))
  }

  /// Decides whether a login is acceptable.
  public static let loginValidator = Key<any LoginValidating> { _ in LoginValidator() }

  /// Formats the lines the screens show.
  public static let followerPresenter = Key<any FollowerPresenting> { _ in FollowerPresenter() }

  /// The flow's data: one fetch shared by the profile and followers screens, released with the flow.
  public static let followersData = Key<any FollowersDataControlling>(.scoped(.flow)) { r in
    FollowersDataController(api: r[.userAPI], presenter: r[.followerPresenter])
  }

  /// The registration screen's view model, built on the main actor with its view.
  public static let registrationViewModel = MainActorAssistedKey<any RegistrationView, RegistrationViewModel> {
    r, view in
    RegistrationViewModel(view: view, validator: r[.loginValidator])
  }

  /// The profile screen's view model, built on the main actor with its view.
  public static let profileViewModel = MainActorAssistedKey<any ProfileView, ProfileViewModel> { r, view in
    ProfileViewModel(view: view, data: r[.followersData], presenter: r[.followerPresenter])
  }

  /// The followers screen's view model, built on the main actor with its view.
  public static let followersViewModel = MainActorAssistedKey<any FollowersView, FollowersViewModel> { r, view in
    FollowersViewModel(view: view, data: r[.followersData], presenter: r[.followerPresenter])
  }

  /// Moves through the flow's screens, building each screen's view model when it is shown.
  public static let navigator = MainActorAssistedKey<any FollowersScreens, FollowersNavigator> { r, screens in
    let makeRegistration = r[.registrationViewModel]
    let makeProfile = r[.profileViewModel]
    let makeFollowers = r[.followersViewModel]
    return FollowersNavigator(
      screens: screens,
      makeRegistration: { makeRegistration($0) },
      makeProfile: { makeProfile($0) },
      makeFollowers: { makeFollowers($0) })
  }
}
