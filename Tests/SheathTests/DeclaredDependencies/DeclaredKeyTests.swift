import Sheath
import Testing

private protocol HTTPClient: Sendable {}
private final class URLSessionHTTPClient: HTTPClient {}
private final class StubHTTPClient: HTTPClient {}

private protocol UserAPI: Sendable {
  var http: any HTTPClient { get }
  var baseURL: String { get }
}
private final class LiveUserAPI: UserAPI {
  let http: any HTTPClient
  let baseURL: String
  init(http: any HTTPClient, baseURL: String) {
    self.http = http
    self.baseURL = baseURL
  }
}
private final class FakeUserAPI: UserAPI {
  let http: any HTTPClient
  let baseURL = "fake"
  init(http: any HTTPClient) { self.http = http }
}

private final class Screen: Sendable {
  let title: String
  let api: any UserAPI
  init(title: String, api: any UserAPI) {
    self.title = title
    self.api = api
  }
}

private final class Router: Sendable {
  let screens: Provider<Screen>
  let home: Lazy<Screen>
  let makeScreen: AssistedFactory<String, Screen>
  init(screens: Provider<Screen>, home: Lazy<Screen>, makeScreen: AssistedFactory<String, Screen>) {
    self.screens = screens
    self.home = home
    self.makeScreen = makeScreen
  }
}

extension Keys {
  fileprivate static var httpClient: Key<any HTTPClient> { Key(.singleton) { URLSessionHTTPClient() } }
  fileprivate static var baseURL: Key<String> { .required(.singleton) }
  fileprivate static var userAPI: Key<any UserAPI> {
    Key(.singleton, .httpClient, .baseURL) { http, url in
      LiveUserAPI(http: http, baseURL: url)
    }
  }
  fileprivate static var screen: Key<Screen> { Key(.transient, .userAPI) { api in Screen(title: "home", api: api) } }
  fileprivate static var titledScreen: AssistedKey<String, Screen> {
    AssistedKey(.userAPI) { title, api in
      Screen(title: title, api: api)
    }
  }
  fileprivate static var router: Key<Router> {
    Key(
      .singleton, .screen.provider, .screen.lazy, .titledScreen.factory
    ) { screens, home, makeScreen in
      Router(screens: screens, home: home, makeScreen: makeScreen)
    }
  }
  // Its factory receives the value `consuming`, and uses it twice all the same.
  fileprivate static var twoScreens: Key<[Screen]> {
    Key(.transient, .userAPI) { api in
      [Screen(title: "first", api: api), Screen(title: "second", api: api)]
    }
  }
  fileprivate static var six: Key<String> {
    Key(.transient, .baseURL, .baseURL, .baseURL, .baseURL, .baseURL, .baseURL) {
      [$0, $1, $2, $3, $4, $5].joined(separator: ",")
    }
  }
}

private struct ConfigModule: Module {
  var url = "https://api.example.com"
  func register(into b: inout Bindings) {
    b.bind(.baseURL) { url }
  }
}

@Suite("Declared dependencies: resolution")
struct DeclaredKeyTests {
  @Test("a factory gets its declared dependencies' values, in order")
  func valuesInOrder() throws {
    let graph = try Graph(modules: [ConfigModule()])
    let api = graph[.userAPI]
    #expect(api.baseURL == "https://api.example.com")
    #expect(api.http is URLSessionHTTPClient)
    #expect(api as AnyObject === graph[.userAPI] as AnyObject, "a singleton is built once")
    #expect(graph[.six] == Array(repeating: "https://api.example.com", count: 6).joined(separator: ","))
  }

  @Test("a factory may use a dependency it receives more than once, and the value stays alive")
  func dependencyUsedTwice() throws {
    let graph = try Graph(modules: [ConfigModule()])
    let screens = graph[.twoScreens]
    #expect(screens.map(\.title) == ["first", "second"])
    #expect(screens[0].api as AnyObject === screens[1].api as AnyObject)
    #expect(screens[0].api as AnyObject === graph[.userAPI] as AnyObject)
    #expect(screens[1].api.baseURL == "https://api.example.com")
  }

  @Test("a module rebinds a key with its own dependency list")
  func rebindWithOwnDependencies() throws {
    let fake = TestModule { b in
      b.bind(.httpClient, .singleton) { StubHTTPClient() }
      b.override(.userAPI, .httpClient) { http in FakeUserAPI(http: http) }
    }
    let graph = try Graph(modules: [fake])
    #expect(graph[.userAPI].baseURL == "fake")
    #expect(graph[.userAPI].http is StubHTTPClient)
    #expect(graph.source(of: .userAPI)?.modulePath == "TestModule")
  }

  @Test(".provider, .lazy and .factory resolve their key when called, not when the factory runs")
  func deferredDependencies() throws {
    let graph = try Graph(modules: [ConfigModule()])
    let router = graph[.router]
    #expect(router.screens() !== router.screens(), "a provider resolves a transient key anew each call")
    #expect(router.home.value === router.home.value, "a lazy value is built once")
    #expect(router.makeScreen("followers").title == "followers")
    #expect(graph[.screen.provider]().title == "home", "a key made from another resolves like any key")
  }

  @Test("a key made from another is one key, however often it is named")
  func derivedKeysAreMadeOnce() {
    #expect(Keys.userAPI.provider === Keys.userAPI.provider)
    #expect(Keys.userAPI.lazy === Keys.userAPI.lazy)
    #expect(Keys.titledScreen.factory === Keys.titledScreen.factory)
    #expect(Keys.userAPI.provider.name == Keys.userAPI.name + ".provider")
  }

  @Test("an assisted key takes its argument first, then its dependencies; a module rebinds it likewise")
  func assisted() throws {
    let graph = try Graph(modules: [ConfigModule()])
    #expect(graph.make(.titledScreen, "profile").title == "profile")
    let rebound = try Graph(modules: [
      ConfigModule(),
      TestModule { b in
        b.override(.titledScreen, .baseURL) { title, url in
          Screen(title: title + url, api: FakeUserAPI(http: StubHTTPClient()))
        }
      },
    ])
    #expect(rebound.make(.titledScreen, "at ").title == "at https://api.example.com")
  }

  @Test("two keys declared as static lets may name each other through .provider without a hang")
  func staticLetsNamingEachOther() throws {
    let graph = try Graph(modules: [])
    let ping = graph[.ping]
    #expect(ping.pong.ping() !== ping, "ping is transient: the provider builds a new one")
  }
}

private final class Ping: Sendable {
  let pong: Pong
  init(pong: Pong) { self.pong = pong }
}
private final class Pong: Sendable {
  let ping: Provider<Ping>
  init(ping: Provider<Ping>) { self.ping = ping }
}

extension Keys {
  // Each names the other: the dependencies are read when a graph needs them, not while the static
  // lets initialize, so neither waits on the other's initialization.
  fileprivate static var ping: Key<Ping> { Key(.transient, .pong) { Ping(pong: $0) } }
  fileprivate static var pong: Key<Pong> { Key(.transient, .ping.provider) { Pong(ping: $0) } }
}
