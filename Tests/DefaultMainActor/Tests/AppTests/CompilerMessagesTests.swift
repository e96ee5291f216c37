import Foundation
import Testing

// What the compiler says about Sheath code in a default-MainActor module, before and after each change
// the article "Sheath in a default-MainActor app" asks for. Each case is compiled the way this package's
// targets are (Swift 6, default isolation MainActor, NonisolatedNonsendingByDefault,
// InferIsolatedConformances) against the Sheath this package built: the code as a newcomer writes it
// must produce these diagnostics, word for word, and the code with the change must compile without any.

// NB: `nonisolated`: the `@Test` macro reads its arguments and traits off the main actor.
/// One change the article asks for: code without it, what the compiler says, and the code with it.
nonisolated struct IsolationCase: CustomTestStringConvertible, Sendable {
  let name: String
  let before: String
  /// Every diagnostic the compiler gives for `before`: `error: …`, then `  at: ` and the source line.
  let diagnostics: String
  let after: String

  var testDescription: String { name }
}

nonisolated let isolationCases = [
  IsolationCase(
    name: "keys in a plain extension are main-actor properties, which factories and modules cannot read",
    before: """
      protocol Greeting: Sendable {}
      struct Hello: Greeting {}

      extension Keys {
        static let greeting = Key<any Greeting> { _ in Hello() }
        static let greetings = Key<[any Greeting]> { r in [r[.greeting]] }
      }

      struct GreetingModule: Module {
        func register(into b: inout Bindings) {
          b.bind(.greeting) { _ in Hello() }
        }
      }
      """,
    diagnostics: """
      error: main actor-isolated static property 'greeting' can not be referenced from a Sendable closure
        at: static let greetings = Key<[any Greeting]> { r in [r[.greeting]] }
      note: static property declared here
        at: static let greeting = Key<any Greeting> { _ in Hello() }
      error: main actor-isolated static property 'greeting' can not be referenced from a nonisolated context
        at: b.bind(.greeting) { _ in Hello() }
      note: static property declared here
        at: static let greeting = Key<any Greeting> { _ in Hello() }
      note: add '@MainActor' to make instance method 'register(into:)' part of global actor 'MainActor'
        at: func register(into b: inout Bindings) {
      """,
    after: """
      protocol Greeting: Sendable {}
      struct Hello: Greeting {}

      nonisolated extension Keys {
        static let greeting = Key<any Greeting> { _ in Hello() }
        static let greetings = Key<[any Greeting]> { r in [r[.greeting]] }
      }

      struct GreetingModule: Module {
        func register(into b: inout Bindings) {
          b.bind(.greeting) { _ in Hello() }
        }
      }
      """),
  IsolationCase(
    name: "computed keys in a plain extension are main-actor properties too",
    before: """
      protocol Greeting: Sendable {}
      struct Hello: Greeting {}

      extension Keys {
        static var greeting: Key<any Greeting> { Key { Hello() } }
        static var greetings: Key<[any Greeting]> { Key(.transient, .greeting) { greeting in [greeting] } }
      }

      struct GreetingModule: Module {
        func register(into b: inout Bindings) {
          b.bind(.greeting) { Hello() }
        }
      }
      """,
    diagnostics: """
      error: main actor-isolated static property 'greeting' can not be referenced from a Sendable closure
        at: static var greetings: Key<[any Greeting]> { Key(.transient, .greeting) { greeting in [greeting] } }
      note: static property declared here
        at: static var greeting: Key<any Greeting> { Key { Hello() } }
      error: main actor-isolated static property 'greeting' can not be referenced from a nonisolated context
        at: b.bind(.greeting) { Hello() }
      note: static property declared here
        at: static var greeting: Key<any Greeting> { Key { Hello() } }
      note: add '@MainActor' to make instance method 'register(into:)' part of global actor 'MainActor'
        at: func register(into b: inout Bindings) {
      """,
    after: """
      protocol Greeting: Sendable {}
      struct Hello: Greeting {}

      nonisolated extension Keys {
        static var greeting: Key<any Greeting> { Key { Hello() } }
        static var greetings: Key<[any Greeting]> { Key(.transient, .greeting) { greeting in [greeting] } }
      }

      struct GreetingModule: Module {
        func register(into b: inout Bindings) {
          b.bind(.greeting) { Hello() }
        }
      }
      """),
  IsolationCase(
    name: "a scope in a plain extension is a main-actor property, which a key cannot use",
    before: """
      extension Scope {
        static let flow = Scope("flow")
      }

      nonisolated extension Keys {
        static let session = Key<Int>(.scoped(.flow)) { _ in 1 }
      }
      """,
    diagnostics: """
      error: main actor-isolated default value in a nonisolated context
        at: static let session = Key<Int>(.scoped(.flow)) { _ in 1 }
      """,
    after: """
      nonisolated extension Scope {
        static let flow = Scope("flow")
      }

      nonisolated extension Keys {
        static let session = Key<Int>(.scoped(.flow)) { _ in 1 }
      }
      """),
  IsolationCase(
    name: "a plain protocol is a main-actor protocol: a key's factory cannot build the types that conform to it",
    before: """
      protocol UserAPI: Sendable {
        func user(_ login: String) async throws -> String
      }

      final class LiveUserAPI: UserAPI {
        private let baseURL: String

        init(baseURL: String) {
          self.baseURL = baseURL
        }

        func user(_ login: String) async throws -> String { login }
      }

      nonisolated extension Keys {
        static let userAPI = Key<any UserAPI>(.singleton) { _ in
          LiveUserAPI(baseURL: "https://api.github.com")
        }
      }
      """,
    diagnostics: """
      error: call to main actor-isolated initializer 'init(baseURL:)' in a synchronous nonisolated context [#ActorIsolatedCall]
        at: LiveUserAPI(baseURL: "https://api.github.com")
      note: calls to initializer 'init(baseURL:)' from outside of its actor context are implicitly asynchronous
        at: init(baseURL: String) {
      note: main actor isolation inferred from conformance to protocol 'UserAPI'
        at: init(baseURL: String) {
      """,
    after: """
      nonisolated protocol UserAPI: Sendable {
        func user(_ login: String) async throws -> String
      }

      final class LiveUserAPI: UserAPI {
        private let baseURL: String

        init(baseURL: String) {
          self.baseURL = baseURL
        }

        func user(_ login: String) async throws -> String { login }
      }

      nonisolated extension Keys {
        static let userAPI = Key<any UserAPI>(.singleton) { _ in
          LiveUserAPI(baseURL: "https://api.github.com")
        }
      }
      """),
  IsolationCase(
    name: "a class the graph builds, with no protocol to make nonisolated, is nonisolated itself",
    before: """
      final class SystemClock {
        init() {}
      }

      nonisolated extension Keys {
        static let clock = Key<SystemClock> { _ in SystemClock() }
      }
      """,
    diagnostics: """
      error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]
        at: static let clock = Key<SystemClock> { _ in SystemClock() }
      note: calls to initializer 'init()' from outside of its actor context are implicitly asynchronous
        at: init() {}
      """,
    after: """
      nonisolated final class SystemClock {
        init() {}
      }

      nonisolated extension Keys {
        static let clock = Key<SystemClock> { _ in SystemClock() }
      }
      """),
  IsolationCase(
    name: "a view model is a main-actor type: a main-actor key builds it",
    before: """
      protocol ProfileView: AnyObject {}

      final class ProfileViewModel {
        private weak var view: (any ProfileView)?

        init(view: any ProfileView, greeting: String) {
          self.view = view
        }
      }

      nonisolated extension Keys {
        static let greeting = Key<String> { _ in "Hello" }
        static let profileViewModel = AssistedKey<any ProfileView, ProfileViewModel> { r, view in
          ProfileViewModel(view: view, greeting: r[.greeting])
        }
      }
      """,
    diagnostics: """
      error: call to main actor-isolated initializer 'init(view:greeting:)' in a synchronous nonisolated context [#ActorIsolatedCall]
        at: ProfileViewModel(view: view, greeting: r[.greeting])
      note: calls to initializer 'init(view:greeting:)' from outside of its actor context are implicitly asynchronous
        at: init(view: any ProfileView, greeting: String) {
      """,
    after: """
      protocol ProfileView: AnyObject {}

      final class ProfileViewModel {
        private weak var view: (any ProfileView)?

        init(view: any ProfileView, greeting: String) {
          self.view = view
        }
      }

      nonisolated extension Keys {
        static let greeting = Key<String> { _ in "Hello" }
        static let profileViewModel = MainActorAssistedKey<any ProfileView, ProfileViewModel> { r, view in
          ProfileViewModel(view: view, greeting: r[.greeting])
        }
      }
      """),
  IsolationCase(
    name: "a model decoded off the main actor is nonisolated",
    before: """
      struct GitHubUser: Codable, Sendable {
        var login: String
      }

      nonisolated protocol UserAPI: Sendable {
        func user(_ login: String) async throws -> GitHubUser
      }

      final class FixtureUserAPI: UserAPI {
        func user(_ login: String) async throws -> GitHubUser {
          try JSONDecoder().decode(GitHubUser.self, from: Data(#"{"login":"octocat"}"#.utf8))
        }
      }
      """,
    diagnostics: """
      error: main actor-isolated conformance of 'GitHubUser' to 'Decodable' cannot be used in caller isolation inheriting-isolated context [#IsolatedConformances]
        at: try JSONDecoder().decode(GitHubUser.self, from: Data(#"{"login":"octocat"}"#.utf8))
      """,
    after: """
      nonisolated struct GitHubUser: Codable, Sendable {
        var login: String
      }

      nonisolated protocol UserAPI: Sendable {
        func user(_ login: String) async throws -> GitHubUser
      }

      final class FixtureUserAPI: UserAPI {
        func user(_ login: String) async throws -> GitHubUser {
          try JSONDecoder().decode(GitHubUser.self, from: Data(#"{"login":"octocat"}"#.utf8))
        }
      }
      """),
  IsolationCase(
    name: "a static that a module reads is nonisolated",
    before: """
      nonisolated struct GitHubUser: Sendable {
        var login: String
      }

      extension GitHubUser {
        static let octocat = GitHubUser(login: "octocat")
      }

      struct FakeAPIModule: Module {
        var users: [GitHubUser] = [.octocat]

        func register(into b: inout Bindings) {}
      }
      """,
    diagnostics: """
      error: main actor-isolated default value in a nonisolated context
        at: var users: [GitHubUser] = [.octocat]
      """,
    after: """
      nonisolated struct GitHubUser: Sendable {
        var login: String
      }

      nonisolated extension GitHubUser {
        static let octocat = GitHubUser(login: "octocat")
      }

      struct FakeAPIModule: Module {
        var users: [GitHubUser] = [.octocat]

        func register(into b: inout Bindings) {}
      }
      """),
  IsolationCase(
    name: "a module is never isolated to the main actor: it registers wherever the graph is built",
    before: """
      @MainActor struct ScreensModule: Module {
        func register(into b: inout Bindings) {}
      }

      struct IsolatedModule: @MainActor Module {
        func register(into b: inout Bindings) {}
      }
      """,
    diagnostics: """
      error: conformance of 'ScreensModule' to protocol 'Module' crosses into main actor-isolated code and can cause data races [#ConformanceIsolation]
        at: @MainActor struct ScreensModule: Module {
      note: isolate this conformance to the main actor with '@MainActor'
        at: @MainActor struct ScreensModule: Module {
      note: mark all declarations used in the conformance 'nonisolated'
        at: @MainActor struct ScreensModule: Module {
      note: turn data races into runtime errors with '@preconcurrency'
        at: @MainActor struct ScreensModule: Module {
      note: main actor-isolated instance method 'register(into:)' cannot satisfy nonisolated requirement
        at: func register(into b: inout Bindings) {}
      error: cannot form main actor-isolated conformance of 'IsolatedModule' to SendableMetatype-inheriting protocol 'Module' [#IsolatedConformances]
        at: struct IsolatedModule: @MainActor Module {
      """,
    after: """
      struct ScreensModule: Module {
        func register(into b: inout Bindings) {}
      }

      nonisolated func build() throws -> Graph {
        try Graph(modules: [ScreensModule()])
      }
      """),
  IsolationCase(
    name: "an XCTestCase subclass is nonisolated: XCTest's init(name:testClosure:) is",
    before: """
      import XCTest

      final class ProfileXCTests: XCTestCase {
        func testShowsTheProfile() {}
      }
      """,
    diagnostics: """
      error: main actor-isolated initializer 'init(name:testClosure:)' has different actor isolation from nonisolated overridden declaration
        at: final class ProfileXCTests: XCTestCase {
      """,
    after: """
      import SheathTesting
      import XCTest

      nonisolated extension Keys {
        static let word = Key<String> { _ in "live" }
      }

      nonisolated final class ProfileXCTests: XCTestCase {
        @MainActor func testOnTheMainActor() async throws {
          let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
          XCTAssertEqual(word, "test")
        }

        func testNonisolated() async throws {
          let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
          XCTAssertEqual(word, "test")
        }
      }
      """),
  IsolationCase(
    name: "an XCTest helper that leaves the caller's actor cannot take the test case or its closures",
    // `withGraph` as SheathTesting declared it before it took `isolation: #isolation`: a nonisolated
    // async method of a module built without NonisolatedNonsendingByDefault, which is `@concurrent`.
    before: """
      import XCTest

      nonisolated extension XCTestCase {
        @concurrent func withGraph<Result>(
          modules: [any Module] = [],
          reportingUnusedOverrides: Bool = false,
          file: StaticString = #filePath,
          line: UInt = #line,
          overrides: (inout Bindings) -> Void = { _ in },
          _ body: @concurrent (Graph) async throws -> Result
        ) async throws -> Result {
          try await body(Graph(modules: modules))
        }
      }

      nonisolated extension Keys {
        static let word = Key<String> { _ in "live" }
      }

      nonisolated final class ProfileXCTests: XCTestCase {
        @MainActor func testOnTheMainActor() async throws {
          let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
          XCTAssertEqual(word, "test")
        }

        func testNonisolated() async throws {
          let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
          XCTAssertEqual(word, "test")
        }
      }
      """,
    diagnostics: """
      error: sending value of non-Sendable type '(inout Bindings) -> ()' risks causing data races [#SendingRisksDataRace]
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      note: sending main actor-isolated value of non-Sendable type '(inout Bindings) -> ()' to @concurrent instance method 'withGraph(modules:reportingUnusedOverrides:file:line:overrides:_:)' risks causing races in between main actor-isolated and @concurrent uses
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      error: sending value of non-Sendable type '@concurrent (Graph) async -> String' risks causing data races [#SendingRisksDataRace]
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      note: sending main actor-isolated value of non-Sendable type '@concurrent (Graph) async -> String' to @concurrent instance method 'withGraph(modules:reportingUnusedOverrides:file:line:overrides:_:)' risks causing races in between main actor-isolated and @concurrent uses
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      error: sending value of non-Sendable type 'ProfileXCTests' risks causing data races [#SendingRisksDataRace]
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      note: sending main actor-isolated value of non-Sendable type 'ProfileXCTests' to @concurrent instance method 'withGraph(modules:reportingUnusedOverrides:file:line:overrides:_:)' risks causing races in between main actor-isolated and @concurrent uses
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      error: sending value of non-Sendable type 'ProfileXCTests' risks causing data races [#SendingRisksDataRace]
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      note: sending task-isolated value of non-Sendable type 'ProfileXCTests' to @concurrent instance method 'withGraph(modules:reportingUnusedOverrides:file:line:overrides:_:)' risks causing races in between task-isolated and @concurrent uses
        at: let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
      """,
    after: """
      import SheathTesting
      import XCTest

      nonisolated extension Keys {
        static let word = Key<String> { _ in "live" }
      }

      nonisolated final class ProfileXCTests: XCTestCase {
        @MainActor func testOnTheMainActor() async throws {
          let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
          XCTAssertEqual(word, "test")
        }

        func testNonisolated() async throws {
          let word = try await withGraph(overrides: { $0.override(.word) { _ in "test" } }) { graph in graph[.word] }
          XCTAssertEqual(word, "test")
        }
      }
      """),
]

@Suite("What the compiler says in a default-MainActor module")
struct CompilerMessagesTests {
  @Test(
    "the code as a newcomer writes it gets these diagnostics; with the article's change it compiles",
    .enabled(if: BuiltSheath.isAvailableOrRequired, "run swift build --package-path Tests/DefaultMainActor first"),
    arguments: isolationCases)
  func diagnostics(_ isolationCase: IsolationCase) async throws {
    let sheath = try #require(
      BuiltSheath.location,
      "Sheath's built module was not found; run swift build --package-path Tests/DefaultMainActor first")
    let before = try await sheath.diagnose(isolationCase.before)
    expectText(before, isolationCase.diagnostics)
    let after = try await sheath.diagnose(isolationCase.after)
    expectText(after, "")
  }
}
