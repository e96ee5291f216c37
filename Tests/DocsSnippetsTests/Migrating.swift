// Sheath's side of Sources/Sheath/Sheath.docc/Articles/MigratingFrom*.md (the other libraries' side is
// quoted from their documentation, not compiled: Sheath has no dependencies).
import Foundation
import SheathTesting
import Testing

fileprivate protocol UserAPI: Sendable {
  func name(of login: String) async throws -> String
}

fileprivate struct LiveUserAPI: UserAPI {
  func name(of login: String) async throws -> String { login.capitalized }
}

fileprivate struct FakeUserAPI: UserAPI {
  func name(of login: String) async throws -> String { "Fake \(login)" }
}

fileprivate struct EnterpriseUserAPI: UserAPI {
  func name(of login: String) async throws -> String { "\(login) (enterprise)" }
}

fileprivate final class SessionStore: Sendable {}
fileprivate final class ImageCache: Sendable {}
fileprivate final class Cart: Sendable {}

fileprivate final class OrderDetailsModel {
  let orderID: Int
  let api: any UserAPI
  init(orderID: Int, api: any UserAPI) {
    self.orderID = orderID
    self.api = api
  }
}

fileprivate protocol Analytics: Sendable {
  func track(_ event: String) throws
}

fileprivate struct LiveAnalytics: Analytics {
  func track(_ event: String) throws {}
}

fileprivate struct UnimplementedAnalytics: Analytics {
  struct Unimplemented: Error {}
  func track(_ event: String) throws { throw Unimplemented() }
}

fileprivate final class ProfileViewModel {
  private let api: any UserAPI
  init(api: any UserAPI) { self.api = api }

  func title(for login: String) async -> String { (try? await api.name(of: login)) ?? login }
}

// docs: migrate-keys
extension Keys {
  fileprivate static var userAPI: Key<any UserAPI> { Key { LiveUserAPI() } }
  fileprivate static var profileViewModel: Key<ProfileViewModel> {
    Key(.transient, .userAPI) { api in
      ProfileViewModel(api: api)
    }
  }
}
// docs: end

// docs: migrate-lifetimes
extension Keys {
  // one per graph
  fileprivate static var session: Key<SessionStore> {
    Key(.singleton) {
      SessionStore()
    }
  }
  // shared while held
  fileprivate static var imageCache: Key<ImageCache> {
    Key(.weak) {
      ImageCache()
    }
  }
}
// docs: end

// docs: migrate-scope-keys
extension Scope {
  fileprivate static let checkout = Scope("checkout")
}

extension Keys {
  fileprivate static var cart: Key<Cart> { Key(.scoped(.checkout)) { Cart() } }
}
// docs: end

// docs: migrate-assisted
extension Keys {
  fileprivate static var orderDetails: AssistedKey<Int, OrderDetailsModel> {
    AssistedKey(.userAPI) { orderID, api in
      OrderDetailsModel(orderID: orderID, api: api)
    }
  }
}
// docs: end

// docs: migrate-modules
fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { FakeUserAPI() }
  }
}
// docs: end

// docs: migrate-decorate
/// Logs each call, then passes it on.
fileprivate struct LoggingUserAPI: UserAPI {
  let wrapped: any UserAPI

  func name(of login: String) async throws -> String {
    print("name(of: \(login))")
    return try await wrapped.name(of: login)
  }
}

/// Logs the API's calls, whichever module provides the API.
fileprivate struct LoggingModule: Module {
  func register(into b: inout Bindings) {
    b.decorate(.userAPI) { _, api in LoggingUserAPI(wrapped: api) }
  }
}
// docs: end

// docs: migrate-named
extension Keys {
  // a key for each implementation, where Swinject had a name
  fileprivate static var gitHubAPI: Key<any UserAPI> { Key { LiveUserAPI() } }
  fileprivate static var enterpriseAPI: Key<any UserAPI> {
    Key {
      EnterpriseUserAPI()
    }
  }
  // or, when the names are data, a map that modules contribute to
  fileprivate static var userAPIs: MapKey<String, any UserAPI> {
    MapKey<String, any UserAPI>()
  }
}

fileprivate struct UserAPIsModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .userAPIs, entry: "github") { _ in LiveUserAPI() }
    b.contribute(to: .userAPIs, entry: "enterprise") { _ in
      EnterpriseUserAPI()
    }
  }
}
// docs: end

// docs: migrate-later
extension Keys {
  /// Only known once the user signs in.
  fileprivate static var authToken: Key<String> { .required() }
}

/// What signing in adds to the graph.
fileprivate struct SignedInModule: Module {
  let token: String

  func register(into b: inout Bindings) {
    b.bind(.authToken, to: token)
  }
}
// docs: end

fileprivate final class FormState: Sendable {}

fileprivate final class NameField: Sendable {
  let state: FormState
  init(state: FormState) { self.state = state }
}

fileprivate final class EmailField: Sendable {
  let state: FormState
  init(state: FormState) { self.state = state }
}

fileprivate final class SignUpForm: Sendable {
  let name: NameField
  let email: EmailField
  init(name: NameField, email: EmailField) {
    self.name = name
    self.email = email
  }
}

// docs: migrate-per-resolution
extension Keys {
  // .graph: one per resolution, shared by both fields
  fileprivate static var formState: Key<FormState> {
    Key(.perResolution) {
      FormState()
    }
  }
  fileprivate static var nameField: Key<NameField> {
    Key(.transient, .formState) { state in
      NameField(state: state)
    }
  }
  fileprivate static var emailField: Key<EmailField> {
    Key(.transient, .formState) { state in
      EmailField(state: state)
    }
  }
  fileprivate static var signUpForm: Key<SignUpForm> {
    Key(.transient, .nameField, .emailField) { name, email in
      SignUpForm(name: name, email: email)
    }
  }
}
// docs: end

// docs: migrate-test-behavior
extension Keys {
  /// Tests get a fixed time without asking.
  fileprivate static var now: Key<@Sendable () -> Date> {
    Key(
      test: .value { { Date(timeIntervalSince1970: 0) } }
    ) { { Date() } }
  }
  /// A test that forgets to override analytics fails, naming this key.
  fileprivate static var analytics: Key<any Analytics> {
    Key(
      .singleton, test: .liveOnly { UnimplementedAnalytics() }
    ) { LiveAnalytics() }
  }
}
// docs: end

// docs: migrate-test
@Test(.graph { $0.override(.userAPI) { FakeUserAPI() } })
func showsTheUsersName() async throws {
  let graph = try #require(Graph.current)
  let title = await graph[.profileViewModel].title(for: "octocat")
  #expect(title == "Fake octocat")
}
// docs: end

@Suite("Migrating")
struct MigratingSnippets {
  @Test("register and resolve")
  func resolve() async throws {
    // docs: migrate-resolve
    let graph = try Graph(modules: [])
    let viewModel = graph[.profileViewModel]
    // docs: end
    #expect(await viewModel.title(for: "octocat") == "Octocat")
    #expect(graph[.session] === graph[.session])
  }

  @Test("a child graph per checkout")
  func scope() throws {
    let graph = try Graph(modules: [])
    // docs: migrate-scope-use
    let checkout = graph.child(scope: .checkout)  // when the checkout starts
    let cart = checkout[.cart]  // one cart for every screen of this checkout
    // when the checkout ends, let go of `checkout`: its cart goes with it
    // docs: end
    #expect(checkout[.cart] === cart)
    #expect(graph.child(scope: .checkout)[.cart] !== cart)
  }

  @Test("an argument from the caller")
  func assisted() throws {
    let graph = try Graph(modules: [])
    // docs: migrate-make
    let details = graph.make(.orderDetails, 42)
    // docs: end
    #expect(details.orderID == 42)
  }

  @Test("the environment chooses the modules")
  func environment() async throws {
    // docs: migrate-environment
    let graph = try Graph(
      modules: [FakeAPIModule().only(in: .mock, .preview)],
      // --mock, --environment NAME, SHEATH_ENV, tests
      environment: try AppEnvironment.detect())
    // docs: end
    _ = graph[.profileViewModel]
    let mock = try Graph(modules: [FakeAPIModule().only(in: .mock, .preview)], environment: .mock)
    #expect(await mock[.profileViewModel].title(for: "octocat") == "Fake octocat")
  }

  @Test("a decorator wraps the API, whichever module binds it")
  func decorate() async throws {
    let graph = try Graph(modules: [FakeAPIModule(), LoggingModule()])
    let api = try #require(graph[.userAPI] as? LoggingUserAPI)
    #expect(api.wrapped is FakeUserAPI)
  }

  @Test("a key for each implementation, or a map keyed by name")
  func named() async throws {
    let graph = try Graph(modules: [UserAPIsModule()])
    #expect(try await graph[.enterpriseAPI].name(of: "octocat") == "octocat (enterprise)")
    // docs: migrate-named-use
    let api = graph[.userAPIs]["enterprise"]  // an optional: names are data
    // docs: end
    #expect(api is EnterpriseUserAPI)
    #expect(graph[.gitHubAPI] is LiveUserAPI)
  }

  @Test("bindings known later go in a child graph")
  func later() throws {
    let graph = try Graph(modules: [])
    let token = "t0k3n"
    // docs: migrate-later-use
    // signed in: a child graph with what only now is known
    let session = try graph.child(modules: [SignedInModule(token: token)])
    // docs: end
    #expect(session[.authToken] == "t0k3n")
    #expect(!graph.binds(.authToken))
  }

  @Test("objects built together share a per-resolution instance")
  func perResolution() throws {
    let graph = try Graph(modules: [])
    // docs: migrate-per-resolution-use
    let form = graph[.signUpForm]
    #expect(form.name.state === form.email.state)  // shared in one form
    let other = graph[.signUpForm]
    #expect(other.name.state !== form.name.state)  // not with another
    // docs: end
  }

  @Test("keys' test behaviours")
  func testBehavior() throws {
    let test = try TestGraph { $0.override(.analytics) { _ in LiveAnalytics() } }
    #expect(test.graph[.now]() == Date(timeIntervalSince1970: 0))
    try test.graph[.analytics].track("opened")
  }
}
