import Sheath

// The screens' keys: main-actor values built with their views, and the navigator that moves
// between them. Each declares what it needs after the view it is built for.
extension Keys {
  /// The registration screen's view model, built on the main actor with its view.
  public static var registrationViewModel: MainActorAssistedKey<any RegistrationView, RegistrationViewModel> {
    MainActorAssistedKey(.loginValidator) { view, validator in
      RegistrationViewModel(view: view, validator: validator)
    }
  }

  /// The profile screen's view model, built on the main actor with its view.
  public static var profileViewModel: MainActorAssistedKey<any ProfileView, ProfileViewModel> {
    MainActorAssistedKey(.followersData, .profileFormatter) { view, data, formatter in
      ProfileViewModel(view: view, data: data, formatter: formatter)
    }
  }

  /// The followers list's pager, one per list, paging through the flow's data controller.
  public static var followersPager: MainActorAssistedKey<FollowersQuery, any FollowersListPaging> {
    MainActorAssistedKey(.followersData) { query, data in
      FollowersPager(query: query, data: data)
    }
  }

  /// The followers screen's view model, built on the main actor with its view; it makes a pager
  /// for each list it shows.
  public static var followersViewModel: MainActorAssistedKey<any FollowersView, FollowersViewModel> {
    MainActorAssistedKey(.followersListFormatter, .followersPager.factory) {
      view, formatter, makePager in
      FollowersViewModel(view: view, formatter: formatter, makePager: { makePager($0) })
    }
  }

  /// Opens one run of the flow: a child graph that opens `.flow`, so that the run's screens share one
  /// data controller, released when the run ends.
  public static var flowGraph: ChildGraphKey<Void> { ChildGraphKey(scope: .flow) }

  /// One flow's screens, built from the graph that opened the flow: a factory for each screen's view
  /// model.
  public static var followersFlow: MainActorKey<FollowersFlow> {
    MainActorKey(
      .transient, .registrationViewModel.factory, .profileViewModel.factory, .followersViewModel.factory
    ) { makeRegistration, makeProfile, makeFollowers in
      FollowersFlow(
        makeRegistration: { makeRegistration($0) },
        makeProfile: { makeProfile($0) },
        makeFollowers: { makeFollowers($0) })
    }
  }

  /// Moves through the flow's screens, opening a flow graph for each run: it gets a way to open
  /// flows, not the whole graph.
  public static var navigator: MainActorAssistedKey<any FollowersScreens, any FollowersNavigating> {
    MainActorAssistedKey(.flowGraph) { screens, openFlowGraph in
      // The flow's screen factories keep its graph, and so its data controller, for the run.
      FollowersNavigator(screens: screens, openFlow: { openFlowGraph.open()[.followersFlow] })
    }
  }
}
