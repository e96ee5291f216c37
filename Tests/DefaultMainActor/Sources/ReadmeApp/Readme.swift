// The README's first block, as a new Xcode 26 app target compiles it (default MainActor isolation,
// Approachable Concurrency), with what it leaves to the app written as the DefaultMainActorApps
// article teaches: services' protocols and the models they pass are `nonisolated`; the rest is plain.
// README: readme-in-30-seconds
import Sheath
// README: end

nonisolated struct GitHubUser: Sendable {
  let login: String
}

struct LiveUserAPI: UserAPI {
  func user(_ login: String) async throws -> GitHubUser { GitHubUser(login: login) }
}

struct FakeUserAPI: UserAPI {
  func user(_ login: String) async throws -> GitHubUser { GitHubUser(login: "fake-" + login) }
}

nonisolated protocol LoginValidating: Sendable {
  func validate(_ login: String) -> Bool
}

struct LoginValidator: LoginValidating {
  func validate(_ login: String) -> Bool { !login.isEmpty }
}

nonisolated protocol FollowersDataControlling: AnyObject, Sendable {}

final class FollowersDataController: FollowersDataControlling {
  let api: any UserAPI
  init(api: any UserAPI) { self.api = api }
}

protocol ProfileView: AnyObject {}

final class ProfileViewModel {
  let data: any FollowersDataControlling
  init(view: any ProfileView, data: any FollowersDataControlling) { self.data = data }
}

struct LiveAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { LiveUserAPI() }
  }
}

// README: readme-in-30-seconds
// `nonisolated` (Swift 6.1+): what the graph builds stays off the main actor in an Xcode 26 app target,
// where everything unmarked is on it; in other targets it changes nothing.
nonisolated protocol UserAPI: Sendable { func user(_ login: String) async throws -> GitHubUser }

// Keys: what the graph can provide, and what each one needs. The live factory travels with the key.
nonisolated extension Keys {
  static var userAPI: Key<any UserAPI> {
    Key(.singleton) { LiveUserAPI() }
  }
  static var validator: Key<any LoginValidating> {
    Key { LoginValidator() }
  }
  static var followersData: Key<any FollowersDataControlling> {
    Key(.scoped(.flow), .userAPI) { api in
      FollowersDataController(api: api)
    }
  }
  // A view model lives on the main actor, with its view.
  static var profileViewModel: MainActorAssistedKey<any ProfileView, ProfileViewModel> {
    MainActorAssistedKey(.followersData) { view, data in
      ProfileViewModel(view: view, data: data)
    }
  }
}

nonisolated extension Scope {
  static let flow = Scope("flow")
}

// Modules: swap a whole layer in one line.
struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { FakeUserAPI() }  // must return `any UserAPI`: checked by the compiler
  }
}
// README: end

func openProfile(isMock: Bool, view: any ProfileView) throws -> ProfileViewModel {
  // README: readme-in-30-seconds
  let graph = try Graph(modules: [isMock ? FakeAPIModule() : LiveAPIModule()])
  let flow = graph.child(scope: .flow)  // one FollowersDataController for this flow
  let viewModel = flow.make(.profileViewModel, view)  // the view from you, the rest from the graph
  // README: end
  return viewModel
}
