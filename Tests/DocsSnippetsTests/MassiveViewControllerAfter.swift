// The code of Sources/Sheath/Sheath.docc/Articles/FromMassiveViewControllerToModules.md, after the split.
import Foundation
import SheathTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - The validator

// docs: massive-validator
/// Whether a typed-in login can be a GitHub username.
fileprivate enum LoginCheck: Equatable, Sendable {
  case valid(login: String)
  case invalid(reason: String)
}

fileprivate protocol LoginValidating: Sendable {
  func check(_ input: String) -> LoginCheck
}

/// GitHub's rules for usernames, checked in order; the first one broken
/// is the reason.
fileprivate struct LoginValidator: LoginValidating {
  func check(_ input: String) -> LoginCheck {
    let login = input.trimmingCharacters(in: .whitespacesAndNewlines)
    if login.isEmpty {
      return .invalid(reason: "Enter a GitHub username.")
    }
    if login.count > 39 {
      return .invalid(reason: "Too long: at most 39 characters.")
    }
    let allowed = { (c: Character) in
      c.isASCII && (c.isLetter || c.isNumber || c == "-")
    }
    if !login.allSatisfy(allowed) {
      return .invalid(reason: "Only letters, digits and hyphens.")
    }
    if login.hasPrefix("-") {
      return .invalid(reason: "Cannot start with a hyphen.")
    }
    if login.hasSuffix("-") {
      return .invalid(reason: "Cannot end with a hyphen.")
    }
    if login.contains("--") {
      return .invalid(reason: "No two hyphens in a row.")
    }
    return .valid(login: login)
  }
}
// docs: end

// docs: massive-validator-test
fileprivate let fortyLetters = String(repeating: "a", count: 40)

@Test(arguments: [
  ("octocat", LoginCheck.valid(login: "octocat")),
  ("  octo-cat\n", .valid(login: "octo-cat")),
  ("", .invalid(reason: "Enter a GitHub username.")),
  (fortyLetters, .invalid(reason: "Too long: at most 39 characters.")),
  ("octo_cat", .invalid(reason: "Only letters, digits and hyphens.")),
  ("-octocat", .invalid(reason: "Cannot start with a hyphen.")),
  ("octocat-", .invalid(reason: "Cannot end with a hyphen.")),
  ("octo--cat", .invalid(reason: "No two hyphens in a row.")),
])
fileprivate func loginRules(input: String, expected: LoginCheck) {
  #expect(LoginValidator().check(input) == expected)
}
// docs: end

// MARK: - The registration screen

// docs: massive-view-model
/// What the registration screen shows; the view controller implements it,
/// and so can a test.
@MainActor
fileprivate protocol RegistrationView: AnyObject {
  func showInvalidLogin(reason: String)
}

/// The registration screen's logic, without UIKit.
@MainActor
fileprivate final class RegistrationViewModel {
  private weak var view: (any RegistrationView)?
  private let validator: any LoginValidating

  init(view: any RegistrationView, validator: any LoginValidating) {
    self.view = view
    self.validator = validator
  }

  /// The login to go on with, or `nil` once the view has shown why not.
  func submit(_ input: String) -> String? {
    switch validator.check(input) {
    case .valid(let login):
      return login
    case .invalid(let reason):
      view?.showInvalidLogin(reason: reason)
      return nil
    }
  }
}
// docs: end

// docs: massive-view-model-tests
/// A validator with a fixed answer: all the view model's tests need from
/// validation.
fileprivate struct StubValidator: LoginValidating {
  let answer: LoginCheck
  func check(_ input: String) -> LoginCheck { answer }
}

@MainActor
fileprivate final class RecordingRegistrationView: RegistrationView {
  private(set) var reasons: [String] = []
  func showInvalidLogin(reason: String) { reasons.append(reason) }
}

@Suite @MainActor
struct RegistrationViewModelTests {
  @Test func passesAValidLoginOn() {
    let view = RecordingRegistrationView()
    let validator = StubValidator(answer: .valid(login: "octocat"))
    let viewModel = RegistrationViewModel(
      view: view, validator: validator)
    #expect(viewModel.submit(" octocat ") == "octocat")
    #expect(view.reasons.isEmpty)
  }

  @Test func showsWhyALoginIsRefused() {
    let view = RecordingRegistrationView()
    let validator = StubValidator(answer: .invalid(reason: "No."))
    let viewModel = RegistrationViewModel(
      view: view, validator: validator)
    #expect(viewModel.submit("-x") == nil)
    #expect(view.reasons == ["No."])
  }
}
// docs: end

// docs: massive-view-controller
/// Makes a registration view model for a view: the graph supplies the
/// rest.
fileprivate typealias RegistrationViewModelFactory =
  MainActorAssistedFactory<any RegistrationView, RegistrationViewModel>

fileprivate final class RegistrationViewController:
  UIViewController, RegistrationView
{
  let loginField = UITextField()
  let errorLabel = UILabel()
  /// What to do with a valid login; the navigator decides.
  var onRegistered: (String) -> Void = { _ in }

  private let makeViewModel: RegistrationViewModelFactory
  private lazy var viewModel = makeViewModel(self)

  init(makeViewModel: RegistrationViewModelFactory) {
    self.makeViewModel = makeViewModel
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("made in code only") }

  func registerTapped() {
    errorLabel.text = nil
    if let login = viewModel.submit(loginField.text ?? "") {
      onRegistered(login)
    }
  }

  func showInvalidLogin(reason: String) {
    errorLabel.text = reason
  }
}
// docs: end

// MARK: - The API

// docs: massive-api
fileprivate struct GitHubUser: Codable, Equatable, Sendable {
  var login: String
  var name: String?
  var followers: Int
}

fileprivate struct Follower: Codable, Equatable, Sendable {
  var login: String
}

fileprivate protocol UserAPI: Sendable {
  func user(_ login: String) async throws -> GitHubUser
  func followers(of login: String) async throws -> [Follower]
}

fileprivate struct LiveUserAPI: UserAPI {
  let baseURL: URL

  func user(_ login: String) async throws -> GitHubUser {
    try await get("users/\(login)")
  }

  func followers(of login: String) async throws -> [Follower] {
    try await get("users/\(login)/followers")
  }

  private func get<Response: Decodable>(
    _ path: String
  ) async throws -> Response {
    let url = baseURL.appendingPathComponent(path)
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode(Response.self, from: data)
  }
}

/// Canned users that behave like the real API: for `--mock`, previews and
/// tests.
fileprivate struct FakeUserAPI: UserAPI {
  struct NotFound: Error {}

  var users = [
    "octocat": (
      GitHubUser(login: "octocat", name: "The Octocat", followers: 2),
      [Follower(login: "alice"), Follower(login: "bob")]
    )
  ]

  func user(_ login: String) async throws -> GitHubUser {
    guard let (user, _) = users[login.lowercased()] else {
      throw NotFound()
    }
    return user
  }

  func followers(of login: String) async throws -> [Follower] {
    guard let (_, followers) = users[login.lowercased()] else {
      throw NotFound()
    }
    return followers
  }
}
// docs: end

// MARK: - The flow's data, and the screens that share it

// docs: massive-data-controller
/// A user and their followers, loaded together.
fileprivate struct Profile: Equatable, Sendable {
  let user: GitHubUser
  let followers: [Follower]
}

fileprivate protocol ProfileDataControlling: Sendable {
  func profile(of login: String) async throws -> Profile
}

/// Loads each profile once for the screens of a flow, however many of
/// them ask.
fileprivate actor ProfileDataController: ProfileDataControlling {
  private let api: any UserAPI
  private var loads: [String: Task<Profile, any Error>] = [:]

  init(api: any UserAPI) {
    self.api = api
  }

  func profile(of login: String) async throws -> Profile {
    if let load = loads[login] { return try await load.value }
    let load = Task { [api] in
      Profile(
        user: try await api.user(login),
        followers: try await api.followers(of: login))
    }
    loads[login] = load
    do {
      return try await load.value
    } catch {
      // a failed load is not kept: the next screen tries again
      loads[login] = nil
      throw error
    }
  }
}
// docs: end

// docs: massive-formatter
/// Turns data into the words the screens show.
fileprivate protocol ProfileFormatting: Sendable {
  func title(for user: GitHubUser) -> String
  func followerCount(_ count: Int) -> String
}

fileprivate struct ProfileFormatter: ProfileFormatting {
  func title(for user: GitHubUser) -> String {
    user.name.map { "\($0) (@\(user.login))" } ?? "@\(user.login)"
  }

  func followerCount(_ count: Int) -> String {
    count == 1 ? "1 follower" : "\(count) followers"
  }
}
// docs: end

// docs: massive-profile
@MainActor
fileprivate protocol ProfileView: AnyObject {
  func show(title: String, subtitle: String)
  func showError(_ message: String)
}

@MainActor
fileprivate final class ProfileViewModel {
  private weak var view: (any ProfileView)?
  private let data: any ProfileDataControlling
  private let formatter: any ProfileFormatting

  init(
    view: any ProfileView,
    data: any ProfileDataControlling,
    formatter: any ProfileFormatting
  ) {
    self.view = view
    self.data = data
    self.formatter = formatter
  }

  func load(_ login: String) async {
    do {
      let profile = try await data.profile(of: login)
      view?.show(
        title: formatter.title(for: profile.user),
        subtitle: formatter.followerCount(profile.user.followers))
    } catch {
      view?.showError("Could not load @\(login).")
    }
  }
}

fileprivate typealias ProfileViewModelFactory =
  MainActorAssistedFactory<any ProfileView, ProfileViewModel>

@MainActor
fileprivate protocol FollowersView: AnyObject {
  func show(logins: [String])
  func showError(_ message: String)
}

@MainActor
fileprivate final class FollowersViewModel {
  private weak var view: (any FollowersView)?
  private let data: any ProfileDataControlling

  init(view: any FollowersView, data: any ProfileDataControlling) {
    self.view = view
    self.data = data
  }

  func load(_ login: String) async {
    do {
      let profile = try await data.profile(of: login)
      view?.show(logins: profile.followers.map(\.login))
    } catch {
      view?.showError("Could not load the followers of @\(login).")
    }
  }
}

fileprivate typealias FollowersViewModelFactory =
  MainActorAssistedFactory<any FollowersView, FollowersViewModel>
// docs: end

/// The profile screen: as thin as the registration screen.
fileprivate final class ProfileViewController: UIViewController, ProfileView {
  let login: String
  var onShowFollowers: () -> Void = {}
  private(set) var shown: [String] = []
  private let makeViewModel: ProfileViewModelFactory
  private lazy var viewModel = makeViewModel(self)

  init(login: String, makeViewModel: ProfileViewModelFactory) {
    self.login = login
    self.makeViewModel = makeViewModel
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  func load() async { await viewModel.load(login) }
  func show(title: String, subtitle: String) { shown = [title, subtitle] }
  func showError(_ message: String) { shown = [message] }
}

/// The followers screen: as thin as the others.
fileprivate final class FollowersViewController: UIViewController, FollowersView {
  let login: String
  private(set) var shown: [String] = []
  private let makeViewModel: FollowersViewModelFactory
  private lazy var viewModel = makeViewModel(self)

  init(login: String, makeViewModel: FollowersViewModelFactory) {
    self.login = login
    self.makeViewModel = makeViewModel
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  func load() async { await viewModel.load(login) }
  func show(logins: [String]) { shown = logins }
  func showError(_ message: String) { shown = [message] }
}

// MARK: - The navigator

// docs: massive-navigator
/// Moves through the flow's screens: registration, then profile, then
/// followers.
@MainActor
fileprivate final class FlowNavigator {
  private weak var navigationController: UINavigationController?
  private let makeRegistration: RegistrationViewModelFactory
  private let makeProfile: ProfileViewModelFactory
  private let makeFollowers: FollowersViewModelFactory

  init(
    navigationController: UINavigationController,
    makeRegistration: RegistrationViewModelFactory,
    makeProfile: ProfileViewModelFactory,
    makeFollowers: FollowersViewModelFactory
  ) {
    self.navigationController = navigationController
    self.makeRegistration = makeRegistration
    self.makeProfile = makeProfile
    self.makeFollowers = makeFollowers
  }

  func start() {
    let registration = RegistrationViewController(
      makeViewModel: makeRegistration)
    registration.onRegistered = { [weak self] login in
      self?.showProfile(login)
    }
    navigationController?.setViewControllers(
      [registration], animated: false)
  }

  func showProfile(_ login: String) {
    let profile = ProfileViewController(
      login: login, makeViewModel: makeProfile)
    profile.onShowFollowers = { [weak self] in
      self?.showFollowers(login)
    }
    navigationController?.pushViewController(profile, animated: true)
  }

  func showFollowers(_ login: String) {
    let followers = FollowersViewController(
      login: login, makeViewModel: makeFollowers)
    navigationController?.pushViewController(followers, animated: true)
  }
}
// docs: end

// MARK: - Keys and modules

// docs: massive-keys
extension Scope {
  /// One run of the registration → profile → followers screens.
  fileprivate static let flow = Scope("flow")
}

extension Keys {
  fileprivate static var userAPI: Key<any UserAPI> { .required(.singleton) }
  fileprivate static var loginValidator: Key<any LoginValidating> {
    Key {
      LoginValidator()
    }
  }
  fileprivate static var profileFormatter: Key<any ProfileFormatting> {
    Key {
      ProfileFormatter()
    }
  }
  fileprivate static var profileData: Key<any ProfileDataControlling> {
    Key(.scoped(.flow), .userAPI) { api in
      ProfileDataController(api: api)
    }
  }

  // swift-format-ignore
  fileprivate static var registrationViewModel:
    MainActorAssistedKey<any RegistrationView, RegistrationViewModel>
  {
    MainActorAssistedKey(.loginValidator) { view, validator in
      RegistrationViewModel(view: view, validator: validator)
    }
  }
  // swift-format-ignore
  fileprivate static var profileViewModel:
    MainActorAssistedKey<any ProfileView, ProfileViewModel>
  {
    MainActorAssistedKey(.profileData, .profileFormatter) {
      view, data, formatter in
      ProfileViewModel(view: view, data: data, formatter: formatter)
    }
  }
  // swift-format-ignore
  fileprivate static var followersViewModel:
    MainActorAssistedKey<any FollowersView, FollowersViewModel>
  {
    MainActorAssistedKey(.profileData) { view, data in
      FollowersViewModel(view: view, data: data)
    }
  }
  // The navigator gets a factory for each screen's view model.
  // swift-format-ignore
  fileprivate static var navigator:
    MainActorAssistedKey<UINavigationController, FlowNavigator>
  {
    MainActorAssistedKey(
      .registrationViewModel.factory, .profileViewModel.factory,
      .followersViewModel.factory
    ) { navigationController, registration, profile, followers in
      FlowNavigator(
        navigationController: navigationController,
        makeRegistration: registration, makeProfile: profile,
        makeFollowers: followers)
    }
  }
}
// docs: end

// docs: massive-modules
/// The real GitHub API.
fileprivate struct LiveAPIModule: Module {
  var baseURL: URL

  func register(into b: inout Bindings) {
    b.bind(.userAPI) { [baseURL] in LiveUserAPI(baseURL: baseURL) }
  }
}

/// Canned users, for `--mock` and previews.
fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { FakeUserAPI() }
  }
}
// docs: end

// docs: massive-start
/// Shows the registration screen in a fresh flow; keep the navigator
/// while the flow is on screen.
@MainActor
fileprivate func startRegistration(
  in navigationController: UINavigationController, graph: Graph
) -> FlowNavigator {
  // one ProfileDataController for this run of the screens
  let flow = graph.child(scope: .flow)
  let navigator = flow.make(.navigator, navigationController)
  navigator.start()
  return navigator
}
// docs: end

/// An API that counts its calls, around the fake.
fileprivate actor CountingAPI: UserAPI {
  private let fake = FakeUserAPI()
  private(set) var calls = 0

  func user(_ login: String) async throws -> GitHubUser {
    calls += 1
    return try await fake.user(login)
  }

  func followers(of login: String) async throws -> [Follower] {
    calls += 1
    return try await fake.followers(of: login)
  }
}

@Suite("From a massive view controller: after")
@MainActor
struct MassiveViewControllerAfterSnippets {
  @Test("the app's graph, live or fake")
  func appGraph() throws {
    let gitHub = try #require(URL(string: "https://api.github.com"))
    // docs: massive-graph
    let useFakeAPI = try AppEnvironment.detect() == .mock
    let api: any Module =
      useFakeAPI ? FakeAPIModule() : LiveAPIModule(baseURL: gitHub)
    let graph = try Graph(modules: [api])
    // docs: end
    try graph.verify(scopes: [.flow], entryPoints: [Keys.navigator])
    // the navigator's declaration, over four lines, still names it
    #expect(Keys.navigator.name == "Keys.navigator")
  }

  @Test("the navigator moves from registration to profile to followers")
  func navigation() async throws {
    let graph = try Graph(modules: [FakeAPIModule()])
    let navigationController = UINavigationController()
    let navigator = startRegistration(in: navigationController, graph: graph)
    let registration = try #require(navigationController.viewControllers.first as? RegistrationViewController)
    registration.loginField.text = "octo--cat"
    registration.registerTapped()
    #expect(registration.errorLabel.text == "No two hyphens in a row.")
    registration.loginField.text = "octocat"
    registration.registerTapped()
    let profile = try #require(navigationController.viewControllers.last as? ProfileViewController)
    await profile.load()
    #expect(profile.shown == ["The Octocat (@octocat)", "2 followers"])
    profile.onShowFollowers()
    let followers = try #require(navigationController.viewControllers.last as? FollowersViewController)
    await followers.load()
    #expect(followers.shown == ["alice", "bob"])
    withExtendedLifetime(navigator) {}
  }

  // docs: massive-flow-test
  @Test func theScreensOfAFlowShareOneLoad() async throws {
    let api = CountingAPI()
    let graph = try TestGraph { $0.override(.userAPI) { api } }.graph
    let flow = graph.child(scope: .flow)
    let profile = flow.make(.profileViewModel, RecordingProfileView())
    let followers = flow.make(.followersViewModel, RecordingFollowersView())
    await profile.load("octocat")
    await followers.load("octocat")
    // one user, one page of followers: loaded once, shown twice
    #expect(await api.calls == 2)
  }
  // docs: end
}

@MainActor
fileprivate final class RecordingProfileView: ProfileView {
  private(set) var shown: [String] = []
  func show(title: String, subtitle: String) { shown = [title, subtitle] }
  func showError(_ message: String) { shown = [message] }
}

@MainActor
fileprivate final class RecordingFollowersView: FollowersView {
  private(set) var shown: [String] = []
  func show(logins: [String]) { shown = logins }
  func showError(_ message: String) { shown = [message] }
}
