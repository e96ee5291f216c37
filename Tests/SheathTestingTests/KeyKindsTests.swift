import Foundation
import RecordedIssues
import SheathTesting
import Testing

// Every kind of key has the same test behaviours and may be required.

@MainActor
final class Screen {
  let title: String
  init(title: String) { self.title = title }
}

actor Store {
  let name: String
  init(name: String) { self.name = name }
}

extension Keys {
  static var screen: MainActorKey<Screen> {
    MainActorKey<Screen>(
      test: .value { _ in Screen(title: "test") }, name: "Keys.screen", fileID: "App/Keys.swift", line: 20
    ) { _ in Screen(title: "live") }
  }
  static var liveScreen: MainActorKey<Screen> {
    MainActorKey<Screen>(
      test: .liveOnly { _ in Screen(title: "stand-in") }, name: "Keys.liveScreen", fileID: "App/Keys.swift", line: 21
    ) { _ in Screen(title: "live") }
  }
  static var store: AsyncKey<Store> {
    AsyncKey<Store>(
      .singleton, test: .value { _ in Store(name: "in memory") }, name: "Keys.store", fileID: "App/Keys.swift", line: 22
    ) { _ in Store(name: "on disk") }
  }
  static var remoteStore: AsyncKey<Store> {
    AsyncKey<Store>(
      test: .liveOnly { _ in Store(name: "stand-in") }, name: "Keys.remoteStore", fileID: "App/Keys.swift", line: 23
    ) { _ in Store(name: "remote") }
  }

  static var requiredScreen: MainActorKey<Screen> {
    MainActorKey<Screen>.required(
      name: "Keys.requiredScreen", fileID: "App/Keys.swift", line: 30)
  }
  static var requiredStore: AsyncKey<Store> {
    AsyncKey<Store>.required(name: "Keys.requiredStore", fileID: "App/Keys.swift", line: 31)
  }
  static var requiredForm: AssistedKey<String, String> {
    AssistedKey<String, String>.required(
      name: "Keys.requiredForm", fileID: "App/Keys.swift", line: 32)
  }
  static var requiredRow: MainActorAssistedKey<String, Screen> {
    MainActorAssistedKey<String, Screen>.required(
      name: "Keys.requiredRow", fileID: "App/Keys.swift", line: 33)
  }
}

private struct NeedsEverything: Module {
  func register(into b: inout Bindings) {
    b.require(.requiredScreen, fileID: "App/NeedsEverything.swift", line: 3)
    b.require(.requiredStore, fileID: "App/NeedsEverything.swift", line: 4)
    b.require(.requiredForm, fileID: "App/NeedsEverything.swift", line: 5)
    b.require(.requiredRow, fileID: "App/NeedsEverything.swift", line: 6)
  }
}

private struct ProvidesEverything: Module {
  func register(into b: inout Bindings) {
    b.bind(.requiredScreen) { _ in Screen(title: "bound") }
    b.bind(.requiredStore) { _ in Store(name: "bound") }
    b.bind(.requiredForm) { _, text in text.uppercased() }
    b.bind(.requiredRow) { _, title in Screen(title: title) }
  }
}

/// Names the keys these tests resolve with their own factories, so that their graphs know them.
private struct ScreensAndStores: Module {
  func register(into b: inout Bindings) {
    b.expose(.screen)
    b.expose(.liveScreen)
    b.expose(.store)
    b.expose(.remoteStore)
  }
}

@Suite("Every kind of key")
struct KeyKindsTests {
  @Test("main-actor and async keys use their test values in a test graph")
  @MainActor
  func testValues() async throws {
    let test = try TestGraph(modules: [ScreensAndStores()])
    #expect(test.graph[.screen].title == "test")
    #expect(try await test.graph[.store].name == "in memory")
    #expect(try Graph(modules: [])[.screen].title == "live")
  }

  @Test("a live-only main-actor or async key the test did not override fails the test")
  @MainActor
  func liveOnly() async throws {
    let test = try TestGraph(modules: [ScreensAndStores()])
    let issues = try await recordedIssues {
      #expect(await MainActor.run { test.graph[.liveScreen].title } == "stand-in")
      let store = try await test.graph[.remoteStore]
      #expect(store.name == "stand-in")
    }
    #expect(
      issues == [
        """
        Keys.liveScreen (Screen, App/Keys.swift:21) is live-only, and this test did not override it
        fix: override it in the test's graph: $0.override(.liveScreen) { … }
        """,
        """
        Keys.remoteStore (Store, App/Keys.swift:23) is live-only, and this test did not override it
        fix: override it in the test's graph: $0.override(.remoteStore) { … }
        """,
      ])
  }

  @Test("required keys of every kind are checked when the graph is built")
  func requiredEverywhere() throws {
    #expect(throws: GraphError.self) { try Graph(modules: [NeedsEverything()]) }
    do {
      _ = try Graph(modules: [NeedsEverything()])
    } catch {
      #expect(
        String(describing: error) == """
          Sheath could not build the graph (4 problems):

          error: missing binding for required key Keys.requiredScreen (Screen, App/Keys.swift:30)
            required by NeedsEverything (App/NeedsEverything.swift:3)
          fix: bind it in one of the installed modules: b.bind(.requiredScreen) { … }

          error: missing binding for required key Keys.requiredStore (Store, App/Keys.swift:31)
            required by NeedsEverything (App/NeedsEverything.swift:4)
          fix: bind it in one of the installed modules: b.bind(.requiredStore) { … }

          error: missing binding for required key Keys.requiredForm ((String) -> String, App/Keys.swift:32)
            required by NeedsEverything (App/NeedsEverything.swift:5)
          fix: bind it in one of the installed modules: b.bind(.requiredForm) { … }

          error: missing binding for required key Keys.requiredRow ((String) -> Screen, App/Keys.swift:33)
            required by NeedsEverything (App/NeedsEverything.swift:6)
          fix: bind it in one of the installed modules: b.bind(.requiredRow) { … }
          """)
    }
  }

  @Test("required keys of every kind resolve what a module bound")
  @MainActor
  func requiredBound() async throws {
    let graph = try Graph(modules: [NeedsEverything(), ProvidesEverything()])
    #expect(graph[.requiredScreen].title == "bound")
    #expect(try await graph[.requiredStore].name == "bound")
    #expect(graph.make(.requiredForm, "form") == "FORM")
    #expect(graph.make(.requiredRow, "row").title == "row")
  }
}

// The test behaviours that need nothing from the graph, as declared factories: a test graph checks
// their keys.

extension Keys {
  static var declaredGreeting: Key<String> {
    Key(test: .value { "test" }, name: "Keys.declaredGreeting", fileID: "App/Keys.swift", line: 40) { "live" }
  }
  static var declaredLiveGreeting: Key<String> {
    Key(test: .liveOnly { "stand-in" }, name: "Keys.declaredLiveGreeting", fileID: "App/Keys.swift", line: 41) {
      "live"
    }
  }
  static var declaredScreen: MainActorKey<Screen> {
    MainActorKey(
      test: .value { Screen(title: "test") }, name: "Keys.declaredScreen", fileID: "App/Keys.swift", line: 42
    ) { Screen(title: "live") }
  }
  static var declaredLiveScreen: MainActorKey<Screen> {
    MainActorKey(
      test: .liveOnly { Screen(title: "stand-in") }, name: "Keys.declaredLiveScreen", fileID: "App/Keys.swift",
      line: 43
    ) { Screen(title: "live") }
  }
  static var declaredStore: AsyncKey<Store> {
    AsyncKey(
      .singleton, test: .value { Store(name: "in memory") }, name: "Keys.declaredStore", fileID: "App/Keys.swift",
      line: 44
    ) { Store(name: "on disk") }
  }
  static var declaredRemoteStore: AsyncKey<Store> {
    AsyncKey(
      test: .liveOnly { Store(name: "stand-in") }, name: "Keys.declaredRemoteStore", fileID: "App/Keys.swift",
      line: 45
    ) { Store(name: "remote") }
  }
}

private struct DeclaredTestBehaviours: Module {
  func register(into b: inout Bindings) {
    b.expose(.declaredGreeting)
    b.expose(.declaredLiveGreeting)
    b.expose(.declaredScreen)
    b.expose(.declaredLiveScreen)
    b.expose(.declaredStore)
    b.expose(.declaredRemoteStore)
  }
}

extension KeyKindsTests {
  @Test(
    "test behaviours that need nothing from the graph: every kind of key uses them, and the test graph checks its keys")
  @MainActor
  func declaredTestBehaviours() async throws {
    let test = try TestGraph(modules: [DeclaredTestBehaviours()])
    #expect(test.graph.uncheckedKeys.isEmpty)
    #expect(test.graph[.declaredGreeting] == "test")
    #expect(test.graph[.declaredScreen].title == "test")
    #expect(try await test.graph[.declaredStore].name == "in memory")
    // The resolver forms leave their keys unchecked in a test graph.
    #expect(try TestGraph(modules: [ScreensAndStores()]).graph.uncheckedKeys.map(\.name).contains("Keys.screen"))
    let issues = try await recordedIssues {
      #expect(test.graph[.declaredLiveGreeting] == "stand-in")
      #expect(await MainActor.run { test.graph[.declaredLiveScreen].title } == "stand-in")
      let store = try await test.graph[.declaredRemoteStore]
      #expect(store.name == "stand-in")
    }
    #expect(issues.count == 3)
    #expect(issues.allSatisfy { $0.contains("is live-only, and this test did not override it") })
  }
}
