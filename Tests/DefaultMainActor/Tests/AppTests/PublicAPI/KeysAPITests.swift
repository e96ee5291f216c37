import SheathTesting
import Testing

@testable import App

// Keys of every kind, declared as an app declares them — in a `nonisolated` extension — and, from the
// main actor, as local values; what a key tells about itself; lifetimes and scopes.

nonisolated extension Keys {
  static var requiredBadge: MainActorKey<Badge> { .required(.singleton) }
  static var requiredLoad: AsyncKey<String> { .required(.singleton) }
  static var requiredLabel: AssistedKey<String, String> { .required() }
  static var requiredBadgeLabel: MainActorAssistedKey<String, Badge> { .required() }
  static var weakToken: Key<Token> { Key(.weak) { Token() } }
  static var sessionToken: Key<Token> { Key(.scoped(.session)) { Token() } }
  static var weakBadge: MainActorKey<Badge> { MainActorKey(.weak) { Badge() } }
  static var sessionBadge: MainActorKey<Badge> { MainActorKey(.scoped(.session)) { Badge() } }
  static var resolutionToken: Key<Token> { Key(.perResolution) { Token() } }
  static var tokenPair: Key<[Token]> { Key(.transient, .resolutionToken, .resolutionToken) { [$0, $1] } }
  static var resolutionBadge: MainActorKey<Badge> { MainActorKey(.perResolution) { Badge() } }
  static var badgePair: MainActorKey<[Badge]> {
    MainActorKey(.transient, .resolutionBadge.provider) { badge in [badge(), badge()] }
  }

  /// Opens a session: a child graph that opens `.session` and binds the greeting its own way.
  static var sessionFlow: ChildGraphKey<Void> { ChildGraphKey(scope: .session) { [WelcomeModule()] } }
  /// Opens a flow for one greeting: `.greeting` is the seed in it.
  static var greetingFlow: ChildGraphKey<String> { ChildGraphKey(scope: .flow, seeding: .greeting) }
}

/// Binds the required keys of every kind.
struct RequiredKeysModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.missingToken) { _ in Token() }
    b.bind(.requiredBadge) { _ in Badge(text: "bound") }
    b.bind(.requiredLoad) { _ in "bound" }
    b.bind(.requiredLabel) { _, text in "bound \(text)" }
    b.bind(.requiredBadgeLabel) { _, text in Badge(text: "bound \(text)") }
  }
}

@Suite("Keys, lifetimes and scopes, from the main actor and from nonisolated code")
struct KeysAPITests {
  @Test("keys of every kind, made in a main-actor function: with a factory that resolves, or required")
  func keysMadeOnTheMainActor() async throws {
    let token = Key<Token> { r in r.lazy(.token).value }
    let badge = MainActorKey<Badge> { r in Badge(text: r.resolver[.greeting]) }
    let load = AsyncKey<String> { r in r.resolver[.greeting] + "!" }
    let label = AssistedKey<String, String> { r, text in "\(text): \(r[.greeting])" }
    let badgeLabel = MainActorAssistedKey<String, Badge> { r, text in Badge(text: "\(text): \(r[.badge].text)") }
    let required = Key<String>.required()
    let requiredBadge = MainActorKey<Badge>.required()
    let requiredLoad = AsyncKey<String>.required()
    let requiredLabel = AssistedKey<String, String>.required()
    let requiredBadgeLabel = MainActorAssistedKey<String, Badge>.required()
    let graph = try Graph.preview(modules: [GreetingModule()]) { b in
      b.bind(required, to: "bound")
      b.bind(requiredBadge) { _ in Badge(text: "bound") }
      b.bind(requiredLoad, to: "bound")
      b.bind(requiredLabel) { _, text in "bound \(text)" }
      b.bind(requiredBadgeLabel) { _, text in Badge(text: "bound \(text)") }
    }
    #expect(graph[token] !== graph[token])
    #expect(graph[badge].text == "hi")
    #expect(try await graph[load] == "hi!")
    #expect(graph.make(label, "made") == "made: hi")
    #expect(graph.make(badgeLabel, "made").text == "made: hi")
    #expect(
      [graph[required], graph[requiredBadge].text, try await graph[requiredLoad]] == ["bound", "bound", "bound"])
    #expect(
      [graph.make(requiredLabel, "label"), graph.make(requiredBadgeLabel, "badge").text] == [
        "bound label", "bound badge",
      ])
    #expect(required.isRequired && requiredBadgeLabel.isRequired && !token.isRequired)
  }

  @Test("required keys of every kind, declared in a nonisolated extension, resolve as a module binds them")
  func requiredKeys() async throws {
    let graph = try Graph(modules: [RequiredKeysModule()])
    #expect(
      [Keys.requiredBadge.isRequired, Keys.requiredLoad.isRequired, Keys.token.isRequired] == [true, true, false])
    #expect(graph[.requiredBadge].text == "bound")
    #expect(try await graph[.requiredLoad] == "bound")
    #expect(graph.make(.requiredLabel, "label") == "bound label")
    #expect(graph.make(.requiredBadgeLabel, "badge").text == "bound badge")
  }

  @Test("keys made from other keys, in a main-actor function: provider, lazy value, optional, factories")
  func derivedKeysOnTheMainActor() async throws {
    let later = Key(.transient, .token.provider, .token.lazy, .missingToken.optional) { provider, lazy, missing in
      Later(token: provider, lazyToken: lazy, missing: missing)
    }
    let makers = Key(.transient, .badge.provider, .badgeLabel.factory, .label.factory, .loaded.provider) {
      badge, badgeLabel, label, loaded in (badge, badgeLabel, label, loaded)
    }
    let optionalBadge = MainActorKey(.transient, .badge.optional) { badge in badge?.text }
    let optionalLoad = AsyncKey(.transient, .loaded.optional) { loaded in loaded }
    let graph = try Graph(modules: [GreetingModule()])
    #expect(graph[optionalBadge] == "hi")
    #expect(try await graph[optionalLoad] == "hi!")
    #expect(graph[later].token() !== graph[later].token())
    #expect(graph[later].missing == nil)
    let (badge, badgeLabel, label, loaded) = graph[makers]
    #expect(
      [badge().text, badgeLabel("made").text, label("made"), try await loaded()] == [
        "hi", "made: hi", "made: hi", "hi!",
      ])
  }

  @Test("a key's name, value type and declaration; its default lifetime")
  func keyDescriptions() {
    #expect([Keys.greeting.name, Keys.greeting.typeName] == ["Keys.greeting", "String"])
    #expect(Keys.greeting.declaration == CodeLocation(fileID: "App/Keys.swift", line: 1))
    #expect([Keys.greeting.declaration.fileID, "\(Keys.greeting.declaration.line)"] == ["App/Keys.swift", "1"])
    #expect(Keys.greeting.declaration.description == "App/Keys.swift:1")
    #expect(Set([Keys.greeting.declaration, CodeLocation(fileID: "App/Keys.swift", line: 1)]).count == 1)
    var hasher = Hasher()
    Keys.greeting.declaration.hash(into: &hasher)
    #expect(hasher.finalize() == CodeLocation(fileID: "App/Keys.swift", line: 1).hashValue)
    #expect(Keys.badgeLabel.typeName == "(String) -> Badge")
    #expect(
      [
        Keys.greetingLength.defaultLifetime.description, Keys.badge.defaultLifetime.description,
        Keys.requiredLoad.defaultLifetime.description,
      ]
        == [".singleton", ".transient", ".singleton"])
  }

  @Test("from nonisolated code: a key's name, value type and declaration; its default lifetime")
  nonisolated func keyDescriptionsOffTheMainActor() {
    #expect([Keys.greeting.name, Keys.greeting.typeName] == ["Keys.greeting", "String"])
    let declaration = CodeLocation(fileID: "App/Keys.swift", line: 1)
    #expect(Keys.greeting.declaration == declaration)
    #expect(Set([Keys.greeting.declaration, declaration]).count == 1)
    var hashers = (Hasher(), Hasher())
    declaration.hash(into: &hashers.0)
    Keys.greeting.declaration.hash(into: &hashers.1)
    #expect(hashers.0.finalize() == hashers.1.finalize())
    #expect(
      [declaration.fileID, "\(declaration.line)", declaration.description] == [
        "App/Keys.swift", "1", "App/Keys.swift:1",
      ])
    #expect(
      [
        Keys.greetingLength.defaultLifetime.description, Keys.badge.defaultLifetime.description,
        Keys.requiredLoad.defaultLifetime.description,
      ]
        == [".singleton", ".transient", ".singleton"])
    #expect(Keys.requiredLabel.isRequired)
    #expect(
      [Keys.launchSteps.lifetime.description, Keys.handlers.lifetime.description] == [".transient", ".singleton"])
    #expect([Keys.badge.optional.name, Keys.loaded.optional.name] == ["Keys.badge.optional", "Keys.loaded.optional"])
  }

  @Test("each lifetime shares its instance as it says, and is written as in code")
  func lifetimes() throws {
    let graph = try Graph(modules: [])
    let session = graph.child(scope: .session)
    #expect(graph[.weakToken] === graph[.weakToken])
    #expect(session[.sessionToken] === session[.sessionToken])
    #expect(graph.child(scope: .session)[.sessionToken] !== session[.sessionToken])
    #expect(graph[.weakBadge] === graph[.weakBadge])
    #expect(session[.sessionBadge] === session[.sessionBadge])
    let tokens = graph[.tokenPair]
    #expect(tokens[0] === tokens[1] && graph[.tokenPair][0] !== tokens[0])
    let badges = graph[.badgePair]
    #expect(badges[0] === badges[1] && graph[.badgePair][0] !== badges[0])
    #expect(
      [Lifetime<Token>.transient, .perResolution, .singleton, .weak, .scoped(.session)].map(\.description)
        == [".transient", ".perResolution", ".singleton", ".weak", ".scoped(.session)"])
    #expect(
      [MainActorLifetime.transient, .perResolution, .singleton, .weak, .scoped(Scope("screen"))].map(\.description)
        == [".transient", ".perResolution", ".singleton", ".weak", ".scoped(.screen)"])
    #expect([Scope.session.name, Scope.session.description] == ["session", ".session"])
  }

  @Test("from nonisolated code: each lifetime shares its instance as it says, and is written as in code")
  nonisolated func lifetimesOffTheMainActor() throws {
    let graph = try Graph(modules: [])
    #expect(graph[.weakToken] === graph[.weakToken])
    let tokens = graph[.tokenPair]
    #expect(tokens[0] === tokens[1] && graph[.tokenPair][0] !== tokens[0])
    #expect(
      [Lifetime<Token>.transient, .perResolution, .singleton, .weak, .scoped(Scope("screen"))].map(\.description)
        == [".transient", ".perResolution", ".singleton", ".weak", ".scoped(.screen)"])
    #expect(
      [MainActorLifetime.transient, .perResolution, .singleton, .weak, .scoped(.session)].map(\.description)
        == [".transient", ".perResolution", ".singleton", ".weak", ".scoped(.session)"])
    #expect([Scope.flow.name, Scope.flow.description] == ["flow", ".flow"])
  }

  @Test("child graph keys, made in a main-actor function, open children with their scope and modules")
  func childGraphKeys() throws {
    let graph = try Graph(modules: [GreetingModule()])
    let sessionFlow = ChildGraphKey(scope: .session, name: "Keys.sessionFlow") { [WelcomeModule()] }
    let greetingFlow = ChildGraphKey(scope: .flow, seeding: .greeting, name: "Keys.greetingFlow")
    #expect(sessionFlow.scope == .session && greetingFlow.scope == .flow)
    let openSession: ChildGraphFactory<Void> = graph[sessionFlow]
    let session = openSession.open()
    #expect(openSession.scope == .session && session.scope == .session && session[.greeting] == "welcome")
    let openGreeting: ChildGraphFactory<String> = graph[greetingFlow]
    let flow = openGreeting.open("seeded")
    #expect(openGreeting.scope == .flow && flow.scope == .flow && flow[.greeting] == "seeded")
  }

  @Test("from nonisolated code: child graph keys open children with their scope and modules")
  nonisolated func childGraphKeysOffTheMainActor() throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(Keys.sessionFlow.scope == .session && Keys.greetingFlow.scope == .flow)
    let openSession = graph[.sessionFlow]
    #expect(openSession.scope == .session && openSession.open()[.greeting] == "welcome")
    let openGreeting = graph[.greetingFlow]
    #expect(openGreeting.scope == .flow && openGreeting.open("seeded")[.greeting] == "seeded")
  }
}
