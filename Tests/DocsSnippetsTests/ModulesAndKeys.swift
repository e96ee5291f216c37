// The code of Sources/Sheath/Sheath.docc/Articles/ModulesAndKeys.md.
import Foundation
import Sheath
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

fileprivate struct User: Decodable, Equatable, Sendable {
  var login: String
}

// docs: keys-declare
fileprivate protocol HTTPClient: Sendable {
  func get(_ path: String) async throws -> Data
}

fileprivate struct URLSessionHTTPClient: HTTPClient {
  let baseURL: URL

  func get(_ path: String) async throws -> Data {
    let url = baseURL.appendingPathComponent(path)
    return try await URLSession.shared.data(from: url).0
  }
}

fileprivate protocol UserAPI: Sendable {
  func user(_ login: String) async throws -> User
}

fileprivate struct LiveUserAPI: UserAPI {
  let http: any HTTPClient

  func user(_ login: String) async throws -> User {
    let data = try await http.get("users/\(login)")
    return try JSONDecoder().decode(User.self, from: data)
  }
}

extension Keys {
  /// Where the API lives: only the app knows, so the key has no default.
  fileprivate static var apiBaseURL: Key<URL> { .required(.singleton) }
  fileprivate static var httpClient: Key<any HTTPClient> {
    Key(.singleton, .apiBaseURL) { url in
      URLSessionHTTPClient(baseURL: url)
    }
  }
  fileprivate static var userAPI: Key<any UserAPI> {
    Key(.singleton, .httpClient) { http in
      LiveUserAPI(http: http)
    }
  }
}
// docs: end

fileprivate struct FakeUserAPI: UserAPI {
  var users: [User] = [User(login: "octocat")]

  func user(_ login: String) async throws -> User {
    guard let user = users.first(where: { $0.login == login }) else { throw URLError(.fileDoesNotExist) }
    return user
  }
}

// docs: keys-modules
/// The networking layer, shared by several apps: its keys have defaults,
/// but where the API lives is for each app to say.
fileprivate struct NetworkModule: Module {
  func register(into b: inout Bindings) {
    b.require(.apiBaseURL)
  }
}

/// The app: its configuration, and the layers it is made of.
fileprivate struct AppModule: Module {
  var apiBaseURL: URL

  func register(into b: inout Bindings) {
    b.bind(.apiBaseURL, to: apiBaseURL)
    b.include(NetworkModule())
  }
}

/// Canned users instead of the network, whatever else is installed.
fileprivate struct FakeAPIModule: Module {
  var users: [User] = [User(login: "octocat")]

  func register(into b: inout Bindings) {
    b.override(.userAPI) { [users] in FakeUserAPI(users: users) }
  }
}
// docs: end

// docs: keys-decorate
/// Logs each request, then passes it on.
fileprivate struct LoggingUserAPI: UserAPI {
  let wrapped: any UserAPI
  let log: @Sendable (String) -> Void

  func user(_ login: String) async throws -> User {
    log("GET users/\(login)")
    return try await wrapped.user(login)
  }
}

extension Keys {
  fileprivate static var log: Key<@Sendable (String) -> Void> {
    Key {
      { print($0) }
    }
  }
}

/// Logs the API's requests, whichever module provides the API.
fileprivate struct LoggingModule: Module {
  func register(into b: inout Bindings) {
    b.decorate(.userAPI) { r, api in
      LoggingUserAPI(wrapped: api, log: r[.log])
    }
  }
}
// docs: end

// docs: keys-named
extension Keys {
  fileprivate static var requestTimeout: Key<TimeInterval> {
    Key(.transient, name: "Keys.requestTimeout") {
      10
    }
  }
}
// docs: end

@Suite("Modules and keys")
struct ModulesAndKeysSnippets {
  @Test("modules bind, require, include and override")
  func modules() throws {
    let gitHub = try #require(URL(string: "https://api.github.com"))
    // docs: keys-graph
    let live = try Graph(modules: [AppModule(apiBaseURL: gitHub)])
    let mock = try Graph(modules: [
      AppModule(apiBaseURL: gitHub), FakeAPIModule(),
    ])

    // LiveUserAPI, over URLSessionHTTPClient at api.github.com
    _ = live[.userAPI]
    _ = mock[.userAPI]  // FakeUserAPI
    // docs: end
    #expect(live[.userAPI] is LiveUserAPI)
    #expect(mock[.userAPI] is FakeUserAPI)
    // docs: keys-introspection
    #expect(live.binds(.apiBaseURL))  // AppModule binds it
    #expect(!live.binds(.httpClient))  // only the key's default
    #expect(mock.source(of: .userAPI)?.modulePath == "FakeAPIModule")
    #expect(live.source(of: .httpClient)?.isKeyDefault == true)
    // what the binding declared it needs
    let needs = live.dependencies(of: .userAPI)?.map(\.name)
    #expect(needs == ["Keys.httpClient"])
    // the keys the two graphs bind differently
    for difference in live.diff(against: mock) {
      // Keys.userAPI: the key's default (…) here, FakeAPIModule (…) there
      print(difference)
    }
    // docs: end
    #expect(live[.apiBaseURL] == gitHub)
    #expect(live[.requestTimeout] == 10)
    #expect(Keys.requestTimeout.name == "Keys.requestTimeout")
  }

  @Test("a decorator wraps whichever module's binding wins")
  func decorator() throws {
    let gitHub = try #require(URL(string: "https://api.github.com"))
    // docs: keys-decorate-graph
    let logged = try Graph(modules: [
      AppModule(apiBaseURL: gitHub), FakeAPIModule(), LoggingModule(),
    ])
    // LoggingUserAPI around FakeUserAPI
    _ = logged[.userAPI]
    // docs: end
    let api = try #require(logged[.userAPI] as? LoggingUserAPI)
    #expect(api.wrapped is FakeUserAPI)
  }

  @Test("a graph without the base URL is refused, naming the module that needs it")
  func missingRequirement() {
    let error = #expect(throws: GraphError.self) {
      // docs: keys-missing
      _ = try Graph(modules: [NetworkModule()])
      // docs: end
    }
    #expect(error?.problems.map(\.kind) == [.missingBinding])
    let message = error?.description ?? ""
    #expect(message.contains("error: missing binding for required key Keys.apiBaseURL (URL, DocsSnippetsTests/"))
    #expect(message.contains("  required by NetworkModule (DocsSnippetsTests/ModulesAndKeys.swift:"))
  }

  @Test("keys name themselves in diagnostics")
  func names() {
    #expect(Keys.userAPI.name == "Keys.userAPI")
    #expect(Keys.userAPI.typeName == "any UserAPI")
  }
}
