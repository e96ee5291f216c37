import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static var api: Key<any APIClient> { Key<any APIClient>(.singleton) { _ in LiveAPIClient() } }
  fileprivate static var pinned: Key<Instance> {
    Key<Instance>(name: "Keys.pinned", fileID: "App/Keys.swift", line: 2) { _ in
      Instance()
    }
  }
}

/// An object a framework creates, which cannot take its dependencies in an initializer.
private struct StoryboardScreen {
  @Inject(.api) var api: any APIClient
}

private func graph(named name: String) throws -> Graph {
  try Graph(modules: [TestModule { $0.bind(.api) { _ in FakeAPIClient(name: name) } }])
}

@Suite("Ambient graph")
struct InjectTests {
  @Test("@Inject resolves from the task's current graph")
  func current() throws {
    let graph = try graph(named: "current")
    Graph.$current.withValue(graph) {
      #expect(StoryboardScreen().api.name == "current")
    }
  }

  @Test("two tasks with two current graphs never see each other's", arguments: 0..<4)
  func twoTasks(round: Int) async throws {
    let left = try graph(named: "left")
    let right = try graph(named: "right")
    async let leftNames = Graph.$current.withValue(left) { await namesSeen(times: 50) }
    async let rightNames = Graph.$current.withValue(right) { await namesSeen(times: 50) }
    #expect(Set(await leftNames) == ["left"])
    #expect(Set(await rightNames) == ["right"])
  }

  @Test("@Inject falls back on the bootstrapped graph")
  func bootstrapped() throws {
    // The only test that bootstraps: every other test sets a task-local graph, which comes first.
    Graph.bootstrap(try graph(named: "bootstrapped"))
    #expect(StoryboardScreen().api.name == "bootstrapped")
    Graph.$current.withValue(try graph(named: "task")) {
      #expect(StoryboardScreen().api.name == "task")
    }
  }

  @Test("@Inject with no graph says how to set one, and stops at the property's line")
  func noGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      struct Screen {
        @Inject(.pinned, fileID: "App/Screen.swift", line: 7) var value: Instance
      }
      _ = Screen()
    }
    expectText(
      trapMessage(result),
      """
      Sheath: @Inject(.pinned) at App/Screen.swift:7 has no graph to resolve from
        Keys.pinned (Instance, App/Keys.swift:2)
      fix: call Graph.bootstrap(graph) once at launch, or resolve inside Graph.$current.withValue(graph) { … }; in tests use SheathTesting's .graph trait
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/Screen.swift:7: Fatal error: Sheath: @Inject(.pinned)"), "\(standardError)")
  }
}

/// The API names `@Inject` sees over `times` resolutions, yielding between them so tasks interleave.
private func namesSeen(times: Int) async -> [String] {
  var names: [String] = []
  for _ in 0..<times {
    names.append(StoryboardScreen().api.name)
    await Task.yield()
  }
  return names
}

// MARK: - Main-actor keys and weak back-references

@MainActor
private final class InjectedScreenModel {
  let title: String
  init(title: String) { self.title = title }
}

/// A coordinator that holds the screens it shows; each screen reaches it back without holding it.
@MainActor
private final class Coordinator {
  var screens: [InjectedScreen] = []
  deinit { coordinatorsReleased.increment() }
}

private let coordinatorsReleased = Counter()
private let coordinatorsBuilt = Counter()

extension Keys {
  fileprivate static var screenModel: MainActorKey<InjectedScreenModel> {
    MainActorKey<InjectedScreenModel> { _ in InjectedScreenModel(title: "Profile") }
  }
  fileprivate static var coordinator: MainActorKey<Coordinator> {
    MainActorKey<Coordinator>(.singleton) { _ in
      coordinatorsBuilt.increment()
      return Coordinator()
    }
  }
  fileprivate static var pinnedCoordinator: MainActorKey<Coordinator> {
    MainActorKey<Coordinator>(
      .singleton, name: "Keys.coordinator", fileID: "App/Keys.swift", line: 4
    ) { _ in Coordinator() }
  }
  fileprivate static var session: Key<Instance> {
    Key<Instance>.required(
      .singleton, name: "Keys.session", fileID: "App/Keys.swift", line: 6)
  }
}

/// A screen whose back-reference is declared at a pinned place.
@MainActor
private final class PinnedScreen {
  @WeakInject(.pinnedCoordinator, fileID: "App/Screen.swift", line: 9) var coordinator: Coordinator?
}

/// A screen whose back-reference no module binds.
@MainActor
private final class UnboundScreen {
  @WeakInject(.session, fileID: "App/Screen.swift", line: 11) var session: Instance?
}

/// A screen whose injected value no module binds.
private final class UnboundInjectedScreen {
  @Inject(.session, fileID: "App/Screen.swift", line: 13) var session: Instance
}

/// A storyboard view controller: built by the framework, injected from the ambient graph.
@MainActor
private final class InjectedScreen {
  @Inject(.screenModel) var model: InjectedScreenModel
  @WeakInject(.coordinator) var coordinator: Coordinator?
}

@Suite("Main-actor injection")
@MainActor
struct MainActorInjectTests {
  @Test("@Inject resolves a main-actor key from the ambient graph, on the main actor")
  func mainActorInject() throws {
    let graph = try Graph(modules: [])
    let screen = Graph.$current.withValue(graph) { InjectedScreen() }
    #expect(screen.model.title == "Profile")
  }

  @Test("@WeakInject resolves on first read and holds neither the instance nor the graph")
  func weakBackReference() throws {
    var graph: Graph? = try Graph(modules: [])
    let built = coordinatorsBuilt.value
    let released = coordinatorsReleased.value
    let screen = Graph.$current.withValue(graph) { InjectedScreen() }
    #expect(coordinatorsBuilt.value == built)  // not resolved yet
    let coordinator = try #require(screen.coordinator)
    #expect(coordinatorsBuilt.value == built + 1)
    coordinator.screens.append(screen)  // the coordinator holds the screen; the screen holds it weakly
    #expect(screen.coordinator === coordinator)
    graph = nil
    #expect(coordinatorsReleased.value == released)  // still held here
    _ = consume coordinator
    #expect(coordinatorsReleased.value == released + 1)
    #expect(screen.coordinator == nil)
  }

  @Test("@WeakInject with no graph names itself, says no graph was set, and stops at the property's line")
  func weakInjectNoGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = await PinnedScreen()
    }
    expectText(
      trapMessage(result),
      """
      Sheath: @WeakInject(.coordinator) at App/Screen.swift:9 has no graph to resolve from
        Keys.coordinator (Coordinator, App/Keys.swift:4)
        no graph was bootstrapped, and none was current when the object was created: @WeakInject takes the ambient graph then, to resolve from on first read
      fix: call Graph.bootstrap(graph) once at launch, or create the object inside Graph.$current.withValue(graph) { … }; in tests use SheathTesting's .graph trait
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains("App/Screen.swift:9: Fatal error: Sheath: @WeakInject(.coordinator)"), "\(standardError)")
  }

  @Test("@WeakInject read after Graph.bootstrap replaced its graph says the graph was released, at the property's line")
  func weakInjectAfterBootstrapReplacedTheGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Graph.bootstrap(try Graph(modules: []))
      let screen = await PinnedScreen()
      Graph.bootstrap(try Graph(modules: []))  // releases the graph the screen took
      _ = await screen.coordinator
    }
    expectText(
      trapMessage(result),
      """
      Sheath: @WeakInject(.coordinator) at App/Screen.swift:9 was first read after the graph it resolves from was released
        Keys.coordinator (Coordinator, App/Keys.swift:4)
        the graph was the root graph, the ambient graph when the object was created, and @WeakInject does not keep it alive
      fix: keep the graph alive while the objects created from it are in use, or create the object again from the graph that replaces it (Graph.bootstrap(_:) lets go of the graph it replaces)
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains("App/Screen.swift:9: Fatal error: Sheath: @WeakInject(.coordinator)"), "\(standardError)")
  }

  @Test("@WeakInject first read after its task's child graph was released describes that graph")
  func weakInjectAfterChildGraphReleased() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var flow: Graph? = try Graph(modules: []).child(scope: .flow)
      let screen = await Graph.$current.withValue(flow) { await PinnedScreen() }
      flow = nil
      _ = await screen.coordinator
    }
    expectText(
      trapMessage(result),
      """
      Sheath: @WeakInject(.coordinator) at App/Screen.swift:9 was first read after the graph it resolves from was released
        Keys.coordinator (Coordinator, App/Keys.swift:4)
        the graph was a child graph that opened .flow, the ambient graph when the object was created, and @WeakInject does not keep it alive
      fix: keep the graph alive while the objects created from it are in use, or create the object again from the graph that replaces it (Graph.bootstrap(_:) lets go of the graph it replaces)
      """)
  }

  @Test("@WeakInject whose key has no binding stops at the property's line on first read")
  func weakInjectMissingBinding() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      let screen = await Graph.$current.withValue(graph) { await UnboundScreen() }
      _ = await screen.session
    }
    expectText(
      trapMessage(result),
      """
      Sheath: missing binding for required key Keys.session (Instance, App/Keys.swift:6)
      fix: bind it in a module, b.bind(.session) { … }, and declare b.require(.session) in the module that needs it so building the graph checks it
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/Screen.swift:11: Fatal error: Sheath: missing binding"), "\(standardError)")
  }

  @Test("@Inject whose key has no binding stops at the property's line")
  func injectMissingBinding() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      _ = Graph.$current.withValue(graph) { UnboundInjectedScreen() }
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/Screen.swift:13: Fatal error: Sheath: missing binding"), "\(standardError)")
  }
}
