import Sheath

// The screens' keys: main-actor values built with their views, and the navigator that moves
// between them.
extension Keys {
  /// The registration screen's view model, built on the main actor with its view.
  public static let registrationViewModel: MainActorAssistedKey<any RegistrationView, RegistrationViewModel> =
    MainActorAssistedKey { r, view in
      RegistrationViewModel(view: view, validator: r[.loginValidator])
    }

  /// The profile screen's view model, built on the main actor with its view.
  public static let profileViewModel: MainActorAssistedKey<any ProfileView, ProfileViewModel> =
    MainActorAssistedKey { r, view in
      ProfileViewModel(view: view, data: r[.followersData], presenter: r[.profilePresenter])
    }

  /// The followers list's data source, one per list, paging through the flow's data controller.
  public static let followersDataSource: MainActorAssistedKey<FollowersQuery, any FollowersListDataSource> =
    MainActorAssistedKey { r, query in
      FollowersDataSource(query: query, data: r[.followersData])
    }

  /// The followers screen's view model, built on the main actor with its view.
  public static let followersViewModel: MainActorAssistedKey<any FollowersView, FollowersViewModel> =
    MainActorAssistedKey { r, view in
      let makeDataSource = r[.followersDataSource]
      return FollowersViewModel(
        view: view, presenter: r[.followersListPresenter], makeDataSource: { makeDataSource($0) })
    }

  /// Opens one run of the flow: a child graph that opens `.flow`, so that the run's screens share one
  /// data controller, released when the run ends.
  public static let flowGraph = ChildGraphKey(scope: .flow)

  /// One flow's screens, built from the graph that opened the flow.
  public static let followersFlow: MainActorKey<FollowersFlow> = MainActorKey { r in
    let makeRegistration = r[.registrationViewModel]
    let makeProfile = r[.profileViewModel]
    let makeFollowers = r[.followersViewModel]
    return FollowersFlow(
      makeRegistration: { makeRegistration($0) },
      makeProfile: { makeProfile($0) },
      makeFollowers: { makeFollowers($0) })
  }

  /// Moves through the flow's screens, opening a flow graph for each run: it gets a way to open
  /// flows, not the whole graph.
  public static let navigator: MainActorAssistedKey<any FollowersScreens, any FollowersNavigating> =
    MainActorAssistedKey { r, screens in
      let openFlowGraph = r[.flowGraph]
      // The flow's screen factories keep its graph, and so its data controller, for the run.
      return FollowersNavigator(screens: screens, openFlow: { openFlowGraph.open()[.followersFlow] })
    }
}
