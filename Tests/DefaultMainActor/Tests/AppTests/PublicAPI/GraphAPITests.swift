import SheathTesting
import Testing

@testable import App

// A graph's own API — what binds a key, child graphs, the ambient graph — called from the main actor,
// this package's default, and from nonisolated code.

/// The app's coordinator: one per graph, which screens reach back to without keeping it alive.
nonisolated final class Coordinator: Sendable {}

nonisolated extension Keys {
  static var coordinator: Key<Coordinator> { Key(.singleton) { Coordinator() } }
  static var sharedBadge: MainActorKey<Badge> { MainActorKey(.singleton) { Badge(text: "shared") } }
}

/// An object a framework creates: it takes its dependencies from the ambient graph.
final class GreetingScreen {
  @Inject(.greeting) var greeting: String
  @Inject(.sharedBadge) var badge: Badge
}

/// A screen that reaches back to longer-lived objects without keeping them alive.
final class ProfileScreen {
  @WeakInject(.coordinator) var coordinator: Coordinator?
  @WeakInject(.sharedBadge) var badge: Badge?
}

/// The same, nonisolated.
nonisolated final class NonisolatedGreetingScreen {
  @Inject(.greeting) var greeting: String
}

@Suite("A graph's API, from the main actor and from nonisolated code")
struct GraphAPITests {
  @Test("a graph tells what binds a key, where, and what it declared it needs, without resolving it")
  func introspection() throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(graph.binds(.greeting))
    #expect(!graph.binds(.greetingLength))
    let source = try #require(graph.source(of: .greeting))
    #expect(source.modulePath == "GreetingModule")
    #expect(!source.isKeyDefault)
    #expect(source.location == CodeLocation(fileID: "App/GreetingModule.swift", line: 4))
    #expect(source.description == "GreetingModule (App/GreetingModule.swift:4)")
    #expect(graph.source(of: .greetingLength)?.description == "the key's default (App/Keys.swift:2)")
    #expect(graph.dependencies(of: .greetingLength)?.map(\.name) == ["Keys.greeting"])
    #expect(graph.dependencies(of: .shout) == nil)
    #expect(graph.knownKeys.map(\.name) == ["Keys.greeting", "Keys.shout"])
    #expect(graph.uncheckedKeys.map(\.name) == ["Keys.shout"])
  }

  @Test("from nonisolated code: a graph tells what binds a key, where, and what it needs")
  nonisolated func introspectionOffTheMainActor() throws {
    let graph = try Graph(modules: [GreetingModule()])
    #expect(graph.binds(.greeting))
    let source = try #require(graph.source(of: .greeting))
    #expect(source.modulePath == "GreetingModule" && !source.isKeyDefault)
    #expect(source.location == CodeLocation(fileID: "App/GreetingModule.swift", line: 4))
    #expect(source.description == "GreetingModule (App/GreetingModule.swift:4)")
    #expect(graph.dependencies(of: .greetingLength)?.map(\.name) == ["Keys.greeting"])
    #expect(graph.knownKeys.map(\.name) == ["Keys.greeting", "Keys.shout"])
    #expect(graph.uncheckedKeys.map(\.name) == ["Keys.shout"])
  }

  @Test("a child graph has its parent, its scope and its parent's environment, and its own bindings")
  func children() throws {
    let graph = try Graph(modules: [GreetingModule()], environment: .mock)
    let flow = graph.child(scope: .flow)
    #expect(flow.parent === graph && flow.scope == .flow && flow.environment == .mock)
    #expect(graph.parent == nil && graph.scope == nil)
    let welcome = try flow.child(modules: [WelcomeModule()])
    #expect(welcome.parent === flow && welcome.scope == nil)
    #expect([graph[.greeting], welcome[.greeting]] == ["hi", "welcome"])
    #expect(try graph.child(scope: .flow, modules: []).scope == .flow)
  }

  @Test("from nonisolated code: a child graph has its parent, its scope, and its own bindings")
  nonisolated func childrenOffTheMainActor() throws {
    let graph = try Graph(modules: [GreetingModule()], environment: .mock)
    let flow = graph.child(scope: .flow)
    #expect(flow.parent === graph && flow.scope == .flow && flow.environment == .mock)
    let welcome = try graph.child(scope: .flow, modules: [WelcomeModule()])
    #expect(welcome.scope == .flow && welcome[.greeting] == "welcome")
  }

  @Test("two environments' graphs differ where their modules bind a key differently")
  func diff() throws {
    let live = try Graph(modules: [AppModule()], environment: .live)
    let mock = try Graph(modules: [AppModule()], environment: .mock)
    let differences = live.diff(against: mock)
    #expect(differences.map(\.key.name) == ["Keys.userAPI"])
    let difference = try #require(differences.first)
    #expect(difference.here?.modulePath == "AppModule > LiveAPIModule")
    #expect(difference.there?.modulePath == "AppModule > FakeAPIModule")
    #expect(
      difference.description
        == "Keys.userAPI: AppModule > LiveAPIModule (\(difference.here?.location.description ?? "")) here, "
        + "AppModule > FakeAPIModule (\(difference.there?.location.description ?? "")) there")
    #expect(live.diff(against: live).isEmpty)
  }

  @Test("from nonisolated code: two environments' graphs differ")
  nonisolated func diffOffTheMainActor() throws {
    let live = try Graph(modules: [AppModule()], environment: .live)
    let difference = try #require(live.diff(against: try Graph(modules: [AppModule()], environment: .mock)).first)
    #expect(difference.key.name == "Keys.userAPI")
    #expect(difference.here?.location.fileID == "App/Modules.swift")
    #expect(difference.there?.location.fileID == "App/Modules.swift")
    #expect(difference.description.hasPrefix("Keys.userAPI: AppModule > LiveAPIModule (App/Modules.swift:"))
  }

  @Test("a graph's resolver resolves what the graph does, for code that takes one")
  func resolver() throws {
    let graph = try Graph(modules: [GreetingModule()])
    let resolver: Resolver = graph.resolver
    #expect(resolver[.greetingLength] == 2)
  }

  @Test("from nonisolated code: a graph's resolver")
  nonisolated func resolverOffTheMainActor() throws {
    #expect(try Graph(modules: [GreetingModule()]).resolver[.shout] == "HI")
  }

  @Test("@Inject resolves from the task's graph, else from the bootstrapped one")
  func ambientGraph() throws {
    // NB: both this test and the nonisolated one bootstrap a graph of the same module: whichever runs
    // last, the bootstrapped greeting is "bootstrapped".
    Graph.bootstrap(try Graph(modules: [GreetingModule(greeting: "bootstrapped")]))
    #expect(Graph.current == nil)
    #expect(GreetingScreen().greeting == "bootstrapped")
    let graph = try Graph(modules: [GreetingModule(greeting: "task")])
    Graph.$current.withValue(graph) {
      #expect(Graph.current === graph)
      #expect(GreetingScreen().greeting == "task")
      #expect(GreetingScreen().badge === graph[.sharedBadge])
      // The wrappers by name: what the attributes above call, which the index does not record.
      #expect(Inject(.greeting).wrappedValue == "task")
      #expect(Inject(.sharedBadge).wrappedValue === graph[.sharedBadge])
    }
  }

  @Test("@WeakInject resolves a shared instance on first read, and holds it weakly")
  func weakInject() throws {
    var graph: Graph? = try Graph(modules: [])
    let screen = Graph.$current.withValue(graph) { ProfileScreen() }
    #expect(screen.coordinator != nil && screen.coordinator === graph?[.coordinator])
    #expect(screen.badge != nil && screen.badge === graph?[.sharedBadge])
    let (coordinator, badge) = Graph.$current.withValue(graph) { (WeakInject(.coordinator), WeakInject(.sharedBadge)) }
    #expect(coordinator.wrappedValue === screen.coordinator && badge.wrappedValue === screen.badge)
    graph = nil
    #expect(screen.coordinator == nil && screen.badge == nil)
    #expect(coordinator.wrappedValue == nil && badge.wrappedValue == nil)
  }

  @Test("from nonisolated code: @Inject resolves from the task's graph, else from the bootstrapped one")
  nonisolated func ambientGraphOffTheMainActor() throws {
    Graph.bootstrap(try Graph(modules: [GreetingModule(greeting: "bootstrapped")]))
    #expect(Graph.current == nil)
    #expect(NonisolatedGreetingScreen().greeting == "bootstrapped")
    let graph = try Graph(modules: [GreetingModule(greeting: "task")])
    Graph.$current.withValue(graph) {
      #expect(Graph.current === graph)
      #expect(NonisolatedGreetingScreen().greeting == "task")
      #expect(Inject(.greeting).wrappedValue == "task")
    }
  }
}
