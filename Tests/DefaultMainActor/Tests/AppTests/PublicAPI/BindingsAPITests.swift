import SheathTesting
import Testing

@testable import App

// What a module registers — bindings of any key, values, decorators, requirements, contributions —
// and which modules an environment installs: in modules (nonisolated, as every module's
// `register(into:)` is) and in a preview's overrides on the main actor.

nonisolated extension AppEnvironment {
  static let staging = AppEnvironment("staging")
}

nonisolated extension Keys {
  /// A clock: tests get a fixed one.
  static var now: Key<String> { Key(test: .value { _ in "1970-01-01" }) { "today" } }
  /// The network: tests must override it, or get a stand-in and an issue.
  static var network: Key<String> { Key(test: .liveOnly { _ in "stand-in" }) { "network" } }

  // The same behaviours made by factories that need nothing from the graph, for each kind of key.
  static var declaredNow: Key<String> { Key(test: .value { "1970-01-01" }) { "today" } }
  static var declaredNetwork: Key<String> { Key(test: .liveOnly { "stand-in" }) { "network" } }
  static var declaredBadge: MainActorKey<Badge> {
    MainActorKey(test: .value { Badge(text: "test") }) { Badge(text: "live") }
  }
  static var declaredLiveBadge: MainActorKey<Badge> {
    MainActorKey(test: .liveOnly { Badge(text: "stand-in") }) { Badge(text: "live") }
  }
  static var declaredLoad: AsyncKey<String> { AsyncKey(test: .value { "test" }) { "live" } }
  static var declaredLiveLoad: AsyncKey<String> { AsyncKey(test: .liveOnly { "stand-in" }) { "live" } }
}

/// Binds with the factory and value forms that every kind of key shares, decorates, requires and
/// contributes; in a test graph it binds the greeting its own way.
struct RegistrationsModule: Module {
  func register(into b: inout Bindings) {
    b.include(GreetingModule())
    b.decorate(.greeting) { _, greeting in greeting + "!" }
    b.bind(.badge) { r in Badge(text: r[.greeting]) }
    b.bind(.token, to: Token())
    b.require(.greeting)
    b.contribute(to: .handlers, entry: "open") { r in "open \(r[.greeting])" }
    let step = b.environment == .test ? "test step" : "step"
    b.contribute(to: .launchSteps) { _ in step }
  }
}

/// Overrides with the factory and value forms, in a child graph.
struct OverridesModule: Module {
  func register(into b: inout Bindings) {
    b.override(.greeting) { _ in "overridden" }
    b.override(.shout, to: "SHOUTED")
  }
}

@Suite("Registrations and environments, from the main actor and from modules")
struct BindingsAPITests {
  @Test("a module binds, overrides, decorates, requires and contributes; a child overrides")
  func modules() throws {
    let graph = try Graph(modules: [RegistrationsModule(), LaunchStepsModule()])
    #expect(graph[.greeting] == "hi!")
    #expect(graph[.badge].text == "hi!")
    #expect(graph[.token] === graph[.token])
    #expect(graph[.handlers] == ["open": "open hi!"])
    #expect(graph[.launchSteps] == ["step", "open database", "warm cache", "register"])
    #expect(Keys.handlers.lifetime.description == ".singleton" && Keys.launchSteps.lifetime.description == ".transient")
    // The child's override replaces the parent's binding, decorator and all.
    let child = try graph.child(modules: [OverridesModule()])
    #expect([child[.greeting], child[.shout]] == ["overridden", "SHOUTED"])
    #expect(throws: GraphError.self) { try Graph(modules: [MissingTokenModule()]) }
    #expect(try Graph(modules: [MissingTokenModule(), RequiredKeysModule()]).binds(.missingToken))
  }

  @Test("a preview's overrides include, bind, override, decorate, require, expose and contribute on the main actor")
  func overridesOnTheMainActor() throws {
    let steps = CollectionKey<String>(name: "Keys.steps")
    let routes = MapKey<String, Int>(.singleton, name: "Keys.routes")
    let graph = try Graph.preview { b in
      #expect(b.environment == .preview)
      b.include(GreetingModule())
      b.decorate(.greeting) { _, greeting in greeting + "?" }
      b.bind(.badge) { r in Badge(text: r[.greeting]) }
      b.bind(.token, to: Token())
      b.override(.shout) { _ in "SHOUT" }
      b.override(.missingToken, to: Token())
      b.require(.missingToken)
      b.expose(.greetingLength)
      b.contribute(to: steps) { _ in "first" }
      b.contributeElements(to: steps) { _ in ["second", "third"] }
      b.contribute(to: routes, entry: "home") { _ in 1 }
    }
    #expect([graph[.greeting], graph[.badge].text, graph[.shout]] == ["hi?", "hi?", "SHOUT"])
    #expect(graph[.token] === graph[.token] && graph[.missingToken] === graph[.missingToken])
    #expect(graph.knownKeys.contains { $0 === Keys.greetingLength })
    #expect(graph[steps] == ["first", "second", "third"] && graph[routes] == ["home": 1])
    #expect(steps.lifetime.description == ".transient" && routes.lifetime.description == ".singleton")
  }

  @Test("an environment installs the modules made for it")
  func environments() throws {
    let qa = AppEnvironment("qa")
    #expect([qa.name, qa.description] == ["qa", "qa"])
    #expect(AppEnvironment.builtIn == [.live, .mock, .test, .preview])
    let modules: [any Module] = [GreetingModule().only(in: .mock, qa), WelcomeModule().only(in: qa)]
    #expect(try Graph(modules: modules, environment: .live)[.greeting] == "hello")
    #expect(try Graph(modules: modules, environment: .mock)[.greeting] == "hi")
    #expect(try Graph(modules: modules, environment: qa)[.greeting] == "welcome")
    #expect(try Graph.preview(modules: [GreetingModule().only(in: .preview)])[.greeting] == "hi")
    #expect(try Graph(modules: [RegistrationsModule()], environment: .test)[.launchSteps] == ["test step"])
  }

  @Test("the environment is detected from the app's choice, the launch arguments or SHEATH_ENV")
  func detection() throws {
    #expect(try AppEnvironment.detect(explicit: .preview) == .preview)
    #expect(try AppEnvironment.detect(arguments: ["/bin/app", "--mock"], variables: [:]) == .mock)
    #expect(
      try AppEnvironment.detect(custom: [.staging], arguments: ["/bin/app", "--environment", "staging"]) == .staging)
    #expect(
      try AppEnvironment.detect(arguments: ["/bin/app"], variables: [AppEnvironment.variableName: "test"]) == .test)
    let error = try #require(throws: AppEnvironment.DetectionError.self) {
      try AppEnvironment.detect(arguments: ["/bin/app", "--environment", "stagin"], variables: [:])
    }
    #expect(error.known == [.live, .mock, .test, .preview])
    expectText(
      error.description,
      """
      error: unknown environment 'stagin' (from --environment)
        known environments: live, mock, test, preview
      fix: use one of the known environments, or pass your own to AppEnvironment.detect(custom:)
      """)
  }

  @Test("from nonisolated code: the environment is detected, and installs the modules made for it")
  nonisolated func environmentsOffTheMainActor() throws {
    #expect([AppEnvironment.staging.name, AppEnvironment.staging.description] == ["staging", "staging"])
    #expect(AppEnvironment.builtIn.map(\.name) == ["live", "mock", "test", "preview"])
    #expect(
      try AppEnvironment.detect(
        custom: [.staging], arguments: ["/bin/app"], variables: [AppEnvironment.variableName: "staging"]) == .staging)
    let error = try #require(throws: AppEnvironment.DetectionError.self) {
      try AppEnvironment.detect(arguments: ["/bin/app", "--environment", "stagin"], variables: [:])
    }
    #expect(error.known.map(\.name) == ["live", "mock", "test", "preview"])
    #expect(error.description.hasPrefix("error: unknown environment 'stagin' (from --environment)"))
    let modules: [any Module] = [GreetingModule().only(in: .preview, .staging)]
    #expect(try Graph(modules: modules, environment: .staging)[.greeting] == "hi")
    #expect(try Graph.preview(modules: modules)[.greeting] == "hi")
  }

  @Test("test behaviours made by factories that need nothing: test values, and a checked test graph")
  nonisolated func declaredTestBehavioursOffTheMainActor() async throws {
    let test = try TestGraph {
      $0.override(.declaredNetwork) { "fake network" }
      $0.override(.declaredLiveBadge) { Badge(text: "fake") }
      $0.override(.declaredLiveLoad) { "fake load" }
    }
    #expect([test.graph[.declaredNow], test.graph[.declaredNetwork]] == ["1970-01-01", "fake network"])
    #expect(try await test.graph[.declaredLoad] == "test")
    #expect(try await test.graph[.declaredLiveLoad] == "fake load")
    let badges = await MainActor.run { [test.graph[.declaredBadge].text, test.graph[.declaredLiveBadge].text] }
    #expect(badges == ["test", "fake"])
    #expect(test.graph.uncheckedKeys.isEmpty)
  }

  @Test("test behaviours made by factories that need nothing, declared on the main actor")
  func declaredTestBehaviours() async throws {
    let now = Key<String>(test: .value { "test" }) { "live" }
    let network = Key<String>(test: .liveOnly { "stand-in" }) { "live" }
    let badge = MainActorKey<Badge>(test: .value { Badge(text: "test") }) { Badge(text: "live") }
    let liveBadge = MainActorKey<Badge>(test: .liveOnly { Badge(text: "stand-in") }) { Badge(text: "live") }
    let load = AsyncKey<String>(test: .value { "test" }) { "live" }
    let liveLoad = AsyncKey<String>(test: .liveOnly { "stand-in" }) { "live" }
    let test = try TestGraph {
      $0.override(network) { "fake" }
      $0.override(liveBadge) { Badge(text: "fake") }
      $0.override(liveLoad) { "fake" }
    }
    #expect(
      [test.graph[now], test.graph[network], test.graph[badge].text, test.graph[liveBadge].text] == [
        "test", "fake", "test", "fake",
      ])
    #expect(try await [test.graph[load], test.graph[liveLoad]] == ["test", "fake"])
  }

  @Test("a key's test behaviour: a test value in test graphs; a live-only key's stand-in fails the test")
  func testBehaviours() throws {
    let local = Key<String>(test: .value { _ in "test" }) { "live" }
    let liveOnly = Key<String>(test: .liveOnly { _ in "stand-in" }) { "live" }
    let live = try Graph(modules: [])
    #expect([live[.now], live[.network], live[local], live[liveOnly]] == ["today", "network", "live", "live"])
    let test = try TestGraph { $0.override(.network) { "fake network" } }
    #expect([test.graph[.now], test.graph[.network], test.graph[local]] == ["1970-01-01", "fake network", "test"])
    withKnownIssue {
      #expect(test.graph[liveOnly] == "stand-in")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("is live-only, and this test did not override it") }
    }
  }
}

/// Requires a key nothing binds.
struct MissingTokenModule: Module {
  func register(into b: inout Bindings) {
    b.require(.missingToken)
  }
}
