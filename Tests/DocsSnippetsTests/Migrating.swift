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
  fileprivate static let userAPI = Key<any UserAPI> { _ in LiveUserAPI() }
  fileprivate static let profileViewModel = Key<ProfileViewModel> { r in
    ProfileViewModel(api: r[.userAPI])
  }
}
// docs: end

// docs: migrate-lifetimes
extension Keys {
  // one per graph
  fileprivate static let session = Key<SessionStore>(.singleton) { _ in
    SessionStore()
  }
  // shared while held
  fileprivate static let imageCache = Key<ImageCache>(.weak) { _ in ImageCache() }
}
// docs: end

// docs: migrate-scope-keys
extension Scope {
  fileprivate static let checkout = Scope("checkout")
}

extension Keys {
  fileprivate static let cart = Key<Cart>(.scoped(.checkout)) { _ in Cart() }
}
// docs: end

// docs: migrate-assisted
extension Keys {
  fileprivate static let orderDetails = AssistedKey<Int, OrderDetailsModel> {
    r, orderID in
    OrderDetailsModel(orderID: orderID, api: r[.userAPI])
  }
}
// docs: end

// docs: migrate-modules
fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { _ in FakeUserAPI() }
  }
}
// docs: end

// docs: migrate-test-behavior
extension Keys {
  /// Tests get a fixed time without asking.
  fileprivate static let now = Key<@Sendable () -> Date>(
    test: .value { _ in { Date(timeIntervalSince1970: 0) } }
  ) { _ in { Date() } }
  /// A test that forgets to override analytics fails, naming this key.
  fileprivate static let analytics = Key<any Analytics>(
    .singleton, test: .liveOnly { _ in UnimplementedAnalytics() }
  ) { _ in LiveAnalytics() }
}
// docs: end

// docs: migrate-test
@Test(.graph { $0.override(.userAPI) { _ in FakeUserAPI() } })
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

  @Test("keys' test behaviours")
  func testBehavior() throws {
    let test = try TestGraph { $0.override(.analytics) { _ in LiveAnalytics() } }
    #expect(test.graph[.now]() == Date(timeIntervalSince1970: 0))
    try test.graph[.analytics].track("opened")
  }
}
