import SheathTesting
import Testing

// What resolves: a graph and the resolvers factories receive, and the providers, lazy values and
// factories they make, called from the main actor and from nonisolated code. Main-actor keys resolve
// only on the main actor.

nonisolated extension Keys {
  static var token: Key<Token> { Key { _ in Token() } }
  static var later: Key<Later> {
    Key(.transient, .token.provider, .token.lazy, .missingToken.optional) {
      Later(token: $0, lazyToken: $1, missing: $2)
    }
  }
  static var missingToken: Key<Token> { .required() }
  static var label: AssistedKey<String, String> { AssistedKey { r, text in "\(text): \(r[.greeting])" } }
  static var labels: Key<AssistedFactory<String, String>> { .label.factory }

  static var badge: MainActorKey<Badge> { MainActorKey { r in Badge(text: r.resolver[.greeting]) } }
  static var badgeLabel: MainActorAssistedKey<String, Badge> {
    MainActorAssistedKey { r, text in Badge(text: "\(text): \(r[.badge].text)") }
  }
  /// Resolves main-actor keys through its resolver, every way it can.
  static var badges: MainActorKey<[Badge]> {
    MainActorKey { r in
      [r[.badge], r.provider(.badge)(), r[.badgeLabel]("made"), r.make(.badgeLabel, "made")]
    }
  }
  static var badgeMakers: Key<BadgeMakers> {
    Key(.transient, .badge.provider, .badgeLabel.factory) { BadgeMakers(badge: $0, label: $1) }
  }

  static var loaded: AsyncKey<String> { AsyncKey { r in r.resolver[.greeting] + "!" } }
  /// Resolves an async key through its resolver, both ways.
  static var loadedTwice: AsyncKey<String> {
    AsyncKey { r in try await r[.loaded] + r.provider(.loaded)() }
  }
  static var loader: Key<AsyncProvider<String>> { .loaded.provider }
}

/// What a factory keeps to resolve later.
nonisolated struct Later: Sendable {
  let token: Provider<Token>
  let lazyToken: Lazy<Token>
  let missing: Token?
}

/// A main-actor factory's providers.
nonisolated struct BadgeMakers: Sendable {
  let badge: MainActorProvider<Badge>
  let label: MainActorAssistedFactory<String, Badge>
}

/// What a screen is given, a main-actor type here as every type of this target: it holds a resolver,
/// and so resolves as one.
struct ScreenContext: Resolving {
  let resolver: Resolver
}

/// What a helper written against `some Resolving` reads: the resolver underneath, whoever conforms.
nonisolated func greeting(from source: some Resolving) -> String {
  source.resolver[.greeting]
}

@Suite("Resolving, from the main actor and from nonisolated code")
struct ResolvingAPITests {
  @Test("a provider resolves anew on each call; a lazy value once; an optional dependency may be absent")
  func providersAndLazyValues() throws {
    let graph = try Graph(modules: [])
    let later = graph[.later]
    #expect(later.token() !== later.token())
    #expect(later.lazyToken.value === later.lazyToken.value)
    #expect(later.missing == nil)
    #expect(graph.provider(.token)() !== graph.provider(.token)())
    let lazy = graph.lazy(.token)
    #expect(lazy.value === lazy.value)
    let fromProvider = Lazy(graph.provider(.token))
    #expect(fromProvider.value === fromProvider.value)
  }

  @Test("from nonisolated code: a provider resolves anew on each call; a lazy value once")
  nonisolated func providersAndLazyValuesOffTheMainActor() throws {
    let graph = try Graph(modules: [])
    let later = graph[.later]
    #expect(later.token() !== later.token())
    #expect(later.lazyToken.value === later.lazyToken.value)
    #expect(graph.provider(.token)() !== graph.provider(.token)())
    let lazy = Lazy(graph.provider(.token))
    #expect(graph.lazy(.token).value !== lazy.value)
  }

  @Test("a type that holds a resolver conforms to Resolving, and resolves as the resolver does")
  func typeOfYoursConforms() throws {
    let graph = try Graph(modules: [GreetingModule()])
    let context = ScreenContext(resolver: graph.resolver)
    #expect(context[.greeting] == "hi")
    #expect(context.make(.label, "now") == "now: hi")
    #expect(greeting(from: context) == "hi")
    #expect(greeting(from: graph) == "hi")
    #expect(greeting(from: graph.resolver) == "hi")
    #expect(Self.greetingOnTheMainActor(from: context) == "hi")
    #expect(graph.resolver.resolver[.greeting] == "hi")
  }

  /// `greeting(from:)`, on the main actor.
  static func greetingOnTheMainActor(from source: some Resolving) -> String {
    source.resolver[.greeting]
  }

  @Test("from nonisolated code: a resolver is its own resolver")
  nonisolated func resolverIsItsOwn() throws {
    let resolver = try Graph(modules: [GreetingModule()]).resolver
    #expect(resolver.resolver[.greeting] == "hi")
  }

  @Test("an assisted key makes a value from an argument, at once or through its factory")
  func assisted() throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(graph.make(.label, "now") == "now: hi")
    let makeLabel = graph[.label]
    #expect(makeLabel("later") == "later: hi")
    #expect(graph[.labels]("injected") == "injected: hi")
  }

  @Test("from nonisolated code: an assisted key makes a value from an argument")
  nonisolated func assistedOffTheMainActor() throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(graph.make(.label, "now") == "now: hi")
    #expect(graph[.label]("later") == "later: hi")
    #expect(graph[.labels]("injected") == "injected: hi")
  }

  @Test("main-actor keys resolve on the main actor: directly, through providers and factories")
  func mainActorKeys() throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(graph[.badge].text == "hi")
    #expect(graph.provider(.badge)().text == "hi")
    #expect(graph[.badgeLabel]("made").text == "made: hi")
    #expect(graph.make(.badgeLabel, "made").text == "made: hi")
    #expect(graph[.badges].map(\.text) == ["hi", "hi", "made: hi", "made: hi"])
    let makers = graph[.badgeMakers]
    #expect(makers.badge() !== makers.badge())
    #expect(makers.label("made").text == "made: hi")
  }

  @Test("async keys resolve with try await, directly and through providers")
  func asyncKeys() async throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(try await graph[.loaded] == "hi!")
    #expect(try await graph[.loadedTwice] == "hi!hi!")
    #expect(try await graph.provider(.loaded)() == "hi!")
    #expect(try await graph[.loader]() == "hi!")
  }

  @Test("from nonisolated code: async keys resolve with try await, directly and through providers")
  nonisolated func asyncKeysOffTheMainActor() async throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(try await graph[.loaded] == "hi!")
    #expect(try await graph.provider(.loaded)() == "hi!")
    #expect(try await graph[.loader]() == "hi!")
  }

  @Test("stand-ins made from closures, for unit tests without a graph")
  func standIns() async throws {
    #expect(Provider { "made" }() == "made")
    #expect(Lazy { Token() }.value !== Lazy { Token() }.value)
    let badge = MainActorProvider { Badge(text: "made") }
    #expect(badge().text == "made")
    #expect(try await AsyncProvider { "loaded" }() == "loaded")
  }

  @Test("from nonisolated code: stand-ins made from closures")
  nonisolated func standInsOffTheMainActor() async throws {
    let token = Lazy { Token() }
    #expect(token.value === token.value)
    #expect(Provider { "made" }() == "made")
    let badge = MainActorProvider { Badge(text: "made") }
    #expect(await badge().text == "made")
    #expect(try await AsyncProvider { "loaded" }() == "loaded")
  }

  @Test("a trace lists the factories a resolution runs, with their bindings, indented by depth")
  func trace() throws {
    let graph = try Graph(modules: [GreetingModule()])
    let (length, trace) = ResolutionTrace.record { graph[.greetingLength] }
    #expect(length == 2)
    expectText(
      trace.description,
      """
      Keys.greetingLength (.singleton) by the key's default (App/Keys.swift:2) in the root graph
        Keys.greeting (.transient) by GreetingModule (App/GreetingModule.swift:4) in the root graph
      """)
    let event = try #require(trace.events.last)
    #expect(
      [event.key, event.lifetime, event.graph, "\(event.depth)"] == [
        "Keys.greeting", ".transient", "the root graph", "1",
      ])
    #expect(event.binding.modulePath == "GreetingModule")
    #expect(
      event.description
        == "  Keys.greeting (.transient) by GreetingModule (App/GreetingModule.swift:4) in the root graph")
  }

  @Test("from nonisolated code: a trace lists the factories a resolution runs")
  nonisolated func traceOffTheMainActor() throws {
    let graph = try Graph(modules: [GreetingModule()])
    let (shout, trace) = ResolutionTrace.record { graph[.shout] }
    #expect(shout == "HI")
    #expect(trace.events.map(\.key) == ["Keys.shout", "Keys.greeting"])
    #expect(trace.events.map(\.depth) == [0, 1])
    #expect(trace.events.map(\.lifetime) == [".transient", ".transient"])
    #expect(trace.events.map(\.graph) == ["the root graph", "the root graph"])
    #expect(trace.events.map(\.binding.isKeyDefault) == [true, false])
    #expect(trace.description == trace.events.map(\.description).joined(separator: "\n"))
  }
}
