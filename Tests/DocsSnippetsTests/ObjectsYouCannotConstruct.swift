// The code of Sources/Sheath/Sheath.docc/Articles/ObjectsYouCannotConstruct.md.
import Sheath
import Testing

fileprivate protocol UserAPI: Sendable {
  func name(of login: String) -> String
}

fileprivate struct LiveUserAPI: UserAPI {
  func name(of login: String) -> String { login.capitalized }
}

fileprivate struct FakeUserAPI: UserAPI {
  func name(of login: String) -> String { "Fake \(login)" }
}

extension Keys {
  fileprivate static var userAPI: Key<any UserAPI> {
    Key(.singleton) { _ in
      LiveUserAPI()
    }
  }
}

// docs: inject-property
/// Made by a storyboard, which calls `init(coder:)`: it cannot take its
/// dependencies in an initializer.
fileprivate final class ProfileViewController: UIViewController {
  @Inject(.userAPI) var api: any UserAPI

  var heading: String { api.name(of: "octocat") }
}
// docs: end

// docs: inject-main-actor
/// The followers screen's state: a main-actor object.
@MainActor
fileprivate final class FollowersModel {
  let title = "Followers"
}

/// Shows the app's screens, and holds the ones on screen.
@MainActor
fileprivate final class AppCoordinator {
  var shown: [UIViewController] = []
  func showProfile() {}
}

extension Keys {
  fileprivate static var followersModel: MainActorKey<FollowersModel> {
    MainActorKey {
      FollowersModel()
    }
  }
  fileprivate static var coordinator: MainActorKey<AppCoordinator> {
    MainActorKey(.singleton) {
      AppCoordinator()
    }
  }
}

/// Made by a storyboard too: a main-actor model, and a way back to the
/// coordinator that holds it, which does not keep the coordinator alive.
fileprivate final class FollowersViewController: UIViewController {
  @Inject(.followersModel) var model: FollowersModel
  @WeakInject(.coordinator) var coordinator: AppCoordinator?

  func openProfile() { coordinator?.showProfile() }
}
// docs: end

fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.override(.userAPI) { _ in FakeUserAPI() }
  }
}

@Suite("Objects you cannot construct")
@MainActor
struct ObjectsYouCannotConstructSnippets {
  @Test("@Inject resolves from the task's current graph")
  func current() throws {
    let graph = try Graph(modules: [FakeAPIModule()])
    // docs: inject-current
    let heading = Graph.$current.withValue(graph) {
      ProfileViewController().heading  // resolved from `graph`
    }
    // docs: end
    #expect(heading == "Fake octocat")
  }

  @Test("@Inject resolves a main-actor key; @WeakInject holds its instance weakly")
  func mainActor() throws {
    var graph: Graph? = try Graph(modules: [])
    let screen = Graph.$current.withValue(graph) { FollowersViewController() }
    #expect(screen.model.title == "Followers")
    var coordinator = try #require(screen.coordinator)
    coordinator.shown.append(screen)
    #expect(screen.coordinator === coordinator)
    graph = nil
    coordinator = AppCoordinator()
    #expect(screen.coordinator == nil)
  }
}

fileprivate struct AppModule: Module {
  func register(into b: inout Bindings) {}
}

/// `Graph.bootstrap(_:)` sets a process-wide fallback; it is shown, not run, so that no other test sees it.
fileprivate enum Launch {
  static func start() throws {
    // docs: inject-bootstrap
    Graph.bootstrap(try Graph(modules: [AppModule()]))
    // docs: end
  }
}
