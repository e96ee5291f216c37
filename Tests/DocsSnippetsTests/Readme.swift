// The code of README.md: its Swift blocks are these regions, and its wiring mistake is pinned here.
// docs: readme-in-30-seconds
import Sheath
// docs: end
// docs: readme-testing
import SheathTesting
import Testing
// docs: end

// What the README's code leaves to the app: a user, the API's live and fake versions, a validator, a
// data controller and two view models, each as small as the README needs.
fileprivate struct GitHubUser: Sendable {
  let login: String
}

fileprivate struct LiveUserAPI: UserAPI {
  func user(_ login: String) async throws -> GitHubUser { GitHubUser(login: login) }
}

fileprivate struct FakeUserAPI: UserAPI {
  func user(_ login: String) async throws -> GitHubUser { GitHubUser(login: "fake-" + login) }
}

fileprivate enum LoginAnswer: Sendable {
  case valid(login: String)
  case invalid
}

fileprivate protocol LoginValidating: Sendable {
  func validate(_ login: String) -> LoginAnswer
}

fileprivate struct LoginValidator: LoginValidating {
  func validate(_ login: String) -> LoginAnswer { login.isEmpty ? .invalid : .valid(login: login) }
}

fileprivate struct StubValidator: LoginValidating {
  let answer: LoginAnswer
  func validate(_ login: String) -> LoginAnswer { answer }
}

fileprivate protocol FollowersDataControlling: AnyObject, Sendable {}

fileprivate final class FollowersDataController: FollowersDataControlling {
  let api: any UserAPI
  init(api: any UserAPI) { self.api = api }
}

fileprivate protocol ProfileView: AnyObject {}

fileprivate final class ProfileViewModel {
  let data: any FollowersDataControlling
  init(view: any ProfileView, data: any FollowersDataControlling) { self.data = data }
}

@MainActor fileprivate protocol RegistrationView: AnyObject {}

@MainActor fileprivate final class RecordingView: RegistrationView {}

@MainActor fileprivate final class RegistrationViewModel {
  private let validator: any LoginValidating
  init(view: any RegistrationView, validator: any LoginValidating) { self.validator = validator }

  /// The login to go on with, or `nil` if it is not valid.
  func submit(_ login: String) -> String? {
    if case .valid(let login) = validator.validate(login) { return login }
    return nil
  }
}

fileprivate final class StubProfileView: ProfileView {}

// docs: readme-in-30-seconds
// `nonisolated` (Swift 6.1+): what the graph builds stays off the main actor in an Xcode 26 app target,
// where everything unmarked is on it; in other targets it changes nothing.
fileprivate nonisolated protocol UserAPI: Sendable { func user(_ login: String) async throws -> GitHubUser }

// Keys: what the graph can provide, and what each one needs. The live factory travels with the key.
nonisolated extension Keys {
  fileprivate static var userAPI: Key<any UserAPI> {
    Key(.singleton) { LiveUserAPI() }
  }
  fileprivate static var validator: Key<any LoginValidating> {
    Key { LoginValidator() }
  }
  fileprivate static var followersData: Key<any FollowersDataControlling> {
    Key(.scoped(.flow), .userAPI) { api in
      FollowersDataController(api: api)
    }
  }
  // A view model lives on the main actor, with its view.
  fileprivate static var profileViewModel: MainActorAssistedKey<any ProfileView, ProfileViewModel> {
    MainActorAssistedKey(.followersData) { view, data in
      ProfileViewModel(view: view, data: data)
    }
  }
}

nonisolated extension Scope {
  fileprivate static let flow = Scope("flow")
}

// Modules: swap a whole layer in one line.
fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { FakeUserAPI() }  // must return `any UserAPI`: checked by the compiler
  }
}
// docs: end

extension Keys {
  fileprivate static var registrationViewModel: MainActorAssistedKey<any RegistrationView, RegistrationViewModel> {
    MainActorAssistedKey(.validator) { view, validator in RegistrationViewModel(view: view, validator: validator) }
  }
}

fileprivate struct LiveAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { LiveUserAPI() }
  }
}

fileprivate struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(LiveAPIModule())
    // The screens' keys, which nothing else depends on: the graph checks them and what they need.
    b.expose(.profileViewModel)
    b.expose(.registrationViewModel)
  }
}

/// The README's last three lines, run with a mock or a live API, on the main actor as a screen's are.
@MainActor fileprivate func openProfile(isMock: Bool, view: any ProfileView) throws -> ProfileViewModel {
  // docs: readme-in-30-seconds
  let graph = try Graph(modules: [isMock ? FakeAPIModule() : LiveAPIModule()])
  let flow = graph.child(scope: .flow)  // one FollowersDataController for this flow
  let viewModel = flow.make(.profileViewModel, view)  // the view from you, the rest from the graph
  // docs: end
  #expect(viewModel.data === flow[.followersData])
  return viewModel
}

// docs: readme-testing
// swift-format-ignore
@Test(.graph(modules: [AppModule()]) { $0.override(.validator) { StubValidator(answer: .valid(login: "octocat")) } })
@MainActor func acceptsAValidLogin() throws {
  let graph = try #require(Graph.current)  // this test's own graph, isolated from every other
  #expect(graph.make(.registrationViewModel, RecordingView()).submit("octocat") == "octocat")
}

@Test func theGraphIsWired() throws {
  // every key the graph knows and every child graph, read as data: every problem, no factory run
  try Graph(modules: [AppModule()]).verify()
}
// docs: end

@Suite("The README's code")
struct ReadmeTests {
  @Test("the 30-second example opens a flow and makes the profile's view model, live or mock")
  @MainActor func thirtySeconds() async throws {
    let mock = try openProfile(isMock: true, view: StubProfileView())
    let live = try openProfile(isMock: false, view: StubProfileView())
    #expect(mock.data !== live.data)
    let fake = try #require(mock.data as? FollowersDataController)
    #expect(try await fake.api.user("octocat").login == "fake-octocat")
  }

  @Test("the README's app graph knows its screens' keys and what they declare they need")
  func appGraphKnowsItsKeys() throws {
    let graph = try Graph(modules: [AppModule()])
    let known = Set(graph.knownKeys.map(\.name))
    #expect(
      known.isSuperset(of: [
        "Keys.userAPI", "Keys.followersData", "Keys.profileViewModel", "Keys.registrationViewModel",
        "Keys.validator",
      ]))
    #expect(graph.uncheckedKeys.isEmpty)
  }

  @Test("a wiring mistake reads as the README shows")
  func wiringMistake() {
    let key = Key<any UserAPI>(.singleton, name: "Keys.userAPI", fileID: "App/Keys.swift", line: 9) { _ in
      LiveUserAPI()
    }
    struct LiveAPIModule: Module {
      let key: Key<any UserAPI>
      func register(into b: inout Bindings) {
        b.bind(key, fileID: "App/LiveAPIModule.swift", line: 31) { _ in LiveUserAPI() }
      }
    }
    struct FakeAPIModule: Module {
      let key: Key<any UserAPI>
      func register(into b: inout Bindings) {
        b.bind(key, fileID: "App/FakeAPIModule.swift", line: 20) { _ in FakeUserAPI() }
      }
    }
    let error = #expect(throws: GraphError.self) {
      try Graph(modules: [LiveAPIModule(key: key), FakeAPIModule(key: key)])
    }
    let expected = """
      Sheath could not build the graph (1 problem):

      error: duplicate binding for Keys.userAPI (any UserAPI, App/Keys.swift:9)
        bound by LiveAPIModule (App/LiveAPIModule.swift:31)
        bound by FakeAPIModule (App/FakeAPIModule.swift:20)
      fix: keep one of these bindings, or make the one that should win an override: b.override(.userAPI) { … }
      """
    #expect(error?.description == expected)
  }
}
