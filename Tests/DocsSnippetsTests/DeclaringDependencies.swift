// The code of Sources/Sheath/Sheath.docc/Articles/DeclaringDependencies.md.
import Foundation
import Sheath
import Testing
import TextDiff

fileprivate protocol HTTPClient: Sendable {}
fileprivate final class URLSessionHTTPClient: HTTPClient {}
fileprivate protocol UserAPI: Sendable {}
fileprivate final class LiveUserAPI: UserAPI {
  init(http: any HTTPClient, baseURL: URL) {}
}
fileprivate final class FakeStore: Sendable {}
fileprivate final class FakeUserAPI: UserAPI {
  init(store: FakeStore) {}
}
fileprivate final class FollowersDataController: Sendable {
  init(api: any UserAPI) {}
}
fileprivate protocol ProfileView: AnyObject {}
fileprivate final class ProfileViewModel {
  weak var view: (any ProfileView)?
  init(view: any ProfileView, data: FollowersDataController) { self.view = view }
}
fileprivate final class Session: Sendable {
  init(api: Provider<any UserAPI>) {}
}
fileprivate final class Navigator: Sendable {
  init(makeProfile: AssistedFactory<any ProfileView, ProfileViewModel>) {}
}
fileprivate final class StubProfileView: ProfileView {}

// docs: declared-keys
extension Keys {
  fileprivate static var httpClient: Key<any HTTPClient> {
    Key(.singleton) { URLSessionHTTPClient() }
  }
  fileprivate static var apiBaseURL: Key<URL> { .required(.singleton) }

  // The dependencies follow the lifetime; the factory takes their values
  // in the same order.
  fileprivate static var userAPI: Key<any UserAPI> {
    Key(.singleton, .httpClient, .apiBaseURL) { http, url in
      LiveUserAPI(http: http, baseURL: url)
    }
  }
  fileprivate static var followersData: Key<FollowersDataController> {
    Key(.scoped(.flow), .userAPI) { api in
      FollowersDataController(api: api)
    }
  }
  // An assisted key takes the caller's argument first.
  // swift-format-ignore
  fileprivate static var profileViewModel:
    AssistedKey<any ProfileView, ProfileViewModel>
  {
    AssistedKey(.followersData) { view, data in
      ProfileViewModel(view: view, data: data)
    }
  }
}
// docs: end

extension Keys {
  fileprivate static var fakeStore: Key<FakeStore> { Key(.singleton) { FakeStore() } }
}

// docs: declared-bind
fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI, .fakeStore) { store in FakeUserAPI(store: store) }
  }
}
// docs: end

// docs: declared-deferred
extension Keys {
  // Resolved when the session calls the provider, not while it is built.
  fileprivate static var session: Key<Session> {
    Key(.singleton, .userAPI.provider) { api in Session(api: api) }
  }
  // A factory that builds a view model for each view it is given.
  fileprivate static var navigator: Key<Navigator> {
    Key(.transient, .profileViewModel.factory) { makeProfile in
      Navigator(makeProfile: makeProfile)
    }
  }
}
// docs: end

// docs: declared-optional
fileprivate protocol Analytics: Sendable {
  func track(_ event: String)
}

/// Tracks when the app has analytics; does nothing when it has none.
fileprivate final class Tracker: Sendable {
  let analytics: (any Analytics)?
  init(analytics: (any Analytics)?) { self.analytics = analytics }
}

extension Keys {
  // Bound by an analytics module, when the app installs one.
  fileprivate static var analytics: Key<any Analytics> { .required(.singleton) }
  fileprivate static var tracker: Key<Tracker> {
    Key(.singleton, .analytics.optional) { analytics in
      Tracker(analytics: analytics)  // nil without the module
    }
  }
}
// docs: end

// docs: declared-expose
fileprivate struct AppModule: Module {
  var baseURL: URL
  func register(into b: inout Bindings) {
    b.bind(.apiBaseURL, to: baseURL)
    // Nothing depends on the screens' keys: name them, so building
    // the graph checks them and all they need.
    b.expose(.profileViewModel)
    b.expose(.navigator)
  }
}
// docs: end

fileprivate protocol AnalyticsTracker: Sendable {}
fileprivate final class RemoteTracker: AnalyticsTracker {
  init(http: any HTTPClient) {}
}
fileprivate final class LoggingUserAPI: UserAPI {
  let wrapped: any UserAPI
  init(_ wrapped: any UserAPI, log: any AnalyticsTracker) { self.wrapped = wrapped }
}

extension Keys {
  fileprivate static var trackers: CollectionKey<any AnalyticsTracker> { CollectionKey() }
  fileprivate static var auditTracker: Key<any AnalyticsTracker> {
    Key(.singleton, .httpClient) { http in RemoteTracker(http: http) }
  }
}

// docs: declared-decorate-contribute
fileprivate struct AuditModule: Module {
  func register(into b: inout Bindings) {
    // The value first, then what the decorator declared it needs.
    b.decorate(.userAPI, .auditTracker) { api, tracker in
      LoggingUserAPI(api, log: tracker)
    }
    b.contribute(to: .trackers, .httpClient) { http in
      RemoteTracker(http: http)
    }
  }
}
// docs: end

/// The error building `modules` throws, as text.
private func buildError(_ modules: [any Module]) -> String {
  do {
    _ = try Graph(modules: modules)
    return "no error"
  } catch {
    return String(describing: error)
  }
}

private struct ScreensOnly: Module {
  func register(into b: inout Bindings) {
    b.expose(.profileViewModel)
  }
}

@Suite("Article: Declaring dependencies")
struct DeclaringDependenciesArticle {
  @Test("the app's graph builds, knows every key, and checked them all")
  func appGraph() throws {
    let gitHub = try #require(URL(string: "https://api.github.com"))
    // docs: declared-coverage
    let graph = try Graph(modules: [AppModule(baseURL: gitHub)])
    let known = graph.knownKeys.map(\.name)
    // Keys.apiBaseURL, Keys.profileViewModel, Keys.navigator,
    // Keys.followersData, Keys.profileViewModel.factory, Keys.userAPI,
    // Keys.httpClient
    let unchecked = graph.uncheckedKeys  // [] — every factory declared
    // docs: end
    #expect(
      known == [
        "Keys.apiBaseURL", "Keys.profileViewModel", "Keys.navigator", "Keys.followersData",
        "Keys.profileViewModel.factory", "Keys.userAPI", "Keys.httpClient",
      ])
    #expect(unchecked.isEmpty)
    let flow = graph.child(scope: .flow)
    #expect(flow.make(.profileViewModel, StubProfileView()).view == nil, "the view model holds its view weakly")
  }

  @Test("a graph made to stop on keys it did not know resolves the keys it knows")
  func stopsOnUnknownKeys() throws {
    let gitHub = try #require(URL(string: "https://api.github.com"))
    // docs: declared-stop-unknown
    #if DEBUG
      let stops = true  // a forgotten b.expose stops the app at once
    #else
      let stops = false  // release builds check such keys when resolved
    #endif
    let graph = try Graph(
      modules: [AppModule(baseURL: gitHub)], stopsOnUnknownKeys: stops)
    // docs: end
    #expect(graph[.userAPI] is LiveUserAPI)
    #expect(graph.child(scope: .flow).make(.profileViewModel, StubProfileView()).view == nil)
  }

  @Test("decorators and contributions that declare what they need are checked like factories")
  func declaredDecoratorsAndContributions() throws {
    let gitHub = try #require(URL(string: "https://api.github.com"))
    let graph = try Graph(modules: [AppModule(baseURL: gitHub), AuditModule()])
    #expect(graph.uncheckedKeys.isEmpty)
    #expect(graph[.userAPI] is LoggingUserAPI)
    #expect(graph[.trackers].count == 1)
    let needs = graph.dependencies(of: .userAPI)?.map(\.name)
    #expect(needs == ["Keys.httpClient", "Keys.apiBaseURL", "Keys.auditTracker"])
  }

  @Test("a graph that misses a binding says so when it is built, with the path")
  func missingBinding() {
    let text = buildError([ScreensOnly()]).replacingOccurrences(
      of: #"DocsSnippetsTests/DeclaringDependencies.swift:\d+"#, with: "App/Keys.swift:4", options: .regularExpression)
    let expected = """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.apiBaseURL (URL, App/Keys.swift:4)
        needed by Keys.profileViewModel → Keys.followersData → Keys.userAPI → Keys.apiBaseURL
      fix: bind it in one of the installed modules: b.bind(.apiBaseURL) { … }
      """
    #expect(text == expected, "\(lineDiff(expected.components(separatedBy: "\n"), text.components(separatedBy: "\n")))")
  }

  @Test("a module rebinds a key with its own dependencies")
  func fakeModule() throws {
    let gitHub = try #require(URL(string: "https://api.github.com"))
    let graph = try Graph(modules: [AppModule(baseURL: gitHub), FakeAPIModule()])
    #expect(graph[.userAPI] is FakeUserAPI)
    _ = graph[.session]
  }
}

extension Scope {
  fileprivate static let flow = Scope("flow")
}

@Suite("Declaring dependencies: optional")
struct DeclaringOptionalSnippets {
  @Test("an optional dependency is nil until a module binds the key")
  func optional() throws {
    #expect(try Graph(modules: [])[.tracker].analytics == nil)
  }
}
