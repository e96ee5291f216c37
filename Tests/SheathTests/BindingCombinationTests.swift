import Sheath
import Testing

// What a graph resolves when one graph's modules combine bindings, contributions and decorators for a
// key, or a child's modules change a key its parent owns: one answer, or an error that says why —
// never one of them silently dropped, never an answer that depends on what was resolved first.

extension Keys {
  fileprivate static var trackers: CollectionKey<String> {
    CollectionKey<String>(name: "Keys.trackers", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var flowTrackers: CollectionKey<String> {
    CollectionKey<String>(
      .scoped(.flow), name: "Keys.flowTrackers", fileID: "App/Keys.swift", line: 2)
  }
  fileprivate static var flowData: Key<Instance> {
    Key<Instance>(
      .scoped(.flow), name: "Keys.flowData", fileID: "App/Keys.swift", line: 3
    ) { _ in Instance(number: 1) }
  }
  fileprivate static var port: Key<Int> { Key<Int>(name: "Keys.port", fileID: "App/Keys.swift", line: 4) { _ in 80 } }
}

private struct AnalyticsModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .trackers, fileID: "App/AnalyticsModule.swift", line: 5) { _ in "console" }
    b.contribute(to: .trackers, fileID: "App/AnalyticsModule.swift", line: 6) { _ in "remote" }
  }
}

@Suite("Bindings, contributions and decorators together")
struct BindingCombinationTests {
  @Test("an override of a collection replaces it, even in the graph that contributes to it")
  func overrideReplacesContributions() throws {
    let graph = try Graph(modules: [AnalyticsModule(), TestModule { $0.override(.trackers) { _ in ["stub"] } }])
    #expect(graph[.trackers] == ["stub"])
  }

  @Test("a collection bound and contributed to in one graph is an error")
  func bindAndContribute() {
    let error = #expect(throws: GraphError.self) {
      try Graph(modules: [
        AnalyticsModule(), TestModule { $0.bind(.trackers, fileID: "App/AppModule.swift", line: 7) { _ in ["all"] } },
      ])
    }
    expectText(
      error?.description ?? "",
      """
      Sheath could not build the graph (1 problem):

      error: Keys.trackers (Array<String>, App/Keys.swift:1) is both bound and contributed to
        bound by TestModule (App/AppModule.swift:7)
        contributed by AnalyticsModule (App/AnalyticsModule.swift:5)
        contributed by AnalyticsModule (App/AnalyticsModule.swift:6)
      fix: contribute every element, or make the binding an override to replace the whole collection: b.override(.trackers) { … }
      """)
  }

  @Test("a decorator wraps the collection its graph contributes to, in the root and in a child")
  func decorateContributedCollection() throws {
    let decorated = TestModule { $0.decorate(.trackers) { _, all in all + ["decorated"] } }
    let graph = try Graph(modules: [AnalyticsModule(), decorated])
    #expect(graph[.trackers] == ["console", "remote", "decorated"])
    let child = try graph.child(modules: [
      TestModule { b in
        b.contribute(to: .trackers) { _ in "child" }
        b.decorate(.trackers) { _, all in all.map { $0.uppercased() } }
      }
    ])
    #expect(child[.trackers] == ["CONSOLE", "REMOTE", "CHILD"])
    #expect(graph[.trackers] == ["console", "remote", "decorated"])
  }

  @Test("decorating a scoped key below the graph that owns its instance is an error")
  func decorateBelowScope() throws {
    let flow = try Graph(modules: []).child(scope: .flow)
    let error = #expect(throws: GraphError.self) {
      try flow.child(modules: [
        TestModule { $0.decorate(.flowData, fileID: "App/Screen.swift", line: 8) { _, data in data } }
      ])
    }
    expectText(
      error?.description ?? "",
      """
      Sheath could not build the graph (1 problem):

      error: Keys.flowData is scoped to .flow, but it is decorated in a graph below the .flow graph that owns its instance
        Keys.flowData (Instance, App/Keys.swift:3)
        decorated by TestModule (App/Screen.swift:8)
      fix: decorate in the graph that opens .flow, or open .flow in this graph: parent.child(scope: .flow, modules: …)
      """)
    // In the graph that opens the scope, the decorator applies.
    let decorated = try Graph(modules: []).child(
      scope: .flow, modules: [TestModule { $0.decorate(.flowData) { _, _ in Instance(number: 2) } }])
    #expect(decorated[.flowData].number == 2)
  }

  @Test("contributing to a scoped collection below the graph that owns it is an error")
  func contributeBelowScope() throws {
    let flow = try Graph(modules: [TestModule { $0.contribute(to: .flowTrackers) { _ in "root" } }])
      .child(scope: .flow)
    let error = #expect(throws: GraphError.self) {
      try flow.child(modules: [
        TestModule { $0.contribute(to: .flowTrackers, fileID: "App/Screen.swift", line: 9) { _ in "screen" } }
      ])
    }
    expectText(
      error?.description ?? "",
      """
      Sheath could not build the graph (1 problem):

      error: Keys.flowTrackers is scoped to .flow, but it is contributed to in a graph below the .flow graph that owns its instance
        Keys.flowTrackers (Array<String>, App/Keys.swift:2)
        contributed by TestModule (App/Screen.swift:9)
      fix: contribute in the graph that opens .flow, or open .flow in this graph: parent.child(scope: .flow, modules: …)
      """)
    #expect(flow[.flowTrackers] == ["root"])
  }

  @Test("a child may bind a key whose default its parent only decorated")
  func bindAfterParentDecoratedDefault() throws {
    let parent = try Graph(modules: [TestModule { $0.decorate(.port) { _, port in port + 1 } }])
    #expect(parent[.port] == 81)
    #expect(!parent.binds(.port))
    let child = try parent.child(modules: [TestModule { $0.bind(.port, to: 8080) }])
    #expect(child[.port] == 8080)
    #expect(parent[.port] == 81)
  }
}
