import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static let api = Key<any APIClient>(.singleton) { _ in LiveAPIClient() }
  fileprivate static let pinned = Key<Instance>(name: "Keys.pinned", fileID: "App/Keys.swift", line: 2) { _ in
    Instance()
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
  fileprivate static let screenModel = MainActorKey<InjectedScreenModel> { _ in InjectedScreenModel(title: "Profile") }
  fileprivate static let coordinator = MainActorKey<Coordinator>(.singleton) { _ in
    coordinatorsBuilt.increment()
    return Coordinator()
  }
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
}
