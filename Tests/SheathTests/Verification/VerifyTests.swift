import Foundation
import Sheath
import Testing

// A graph with one of each problem; explicit names and locations keep the pinned text readable.
extension Keys {
  fileprivate static let session: Key<Instance> = Key(
    .singleton, name: "Keys.session", fileID: "App/Keys.swift", line: 1
  ) { r in
    _ = r[.helper]
    return Instance()
  }
  fileprivate static let helper: Key<Instance> = Key(name: "Keys.helper", fileID: "App/Keys.swift", line: 2) { r in
    r[.flowData]
  }
  fileprivate static let flowData = Key<Instance>(
    .scoped(.flow), name: "Keys.flowData", fileID: "App/Keys.swift", line: 3
  ) { _ in Instance() }
  fileprivate static let token = Key<String>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 4)
  fileprivate static let client: Key<String> = Key(name: "Keys.client", fileID: "App/Keys.swift", line: 5) { r in
    "client with \(r[.token])"
  }
  fileprivate static let screen: Key<String> = Key(name: "Keys.screen", fileID: "App/Keys.swift", line: 6) { r in
    r[.client]
  }
  fileprivate static let ping: Key<Int> = Key(name: "Keys.ping", fileID: "App/Keys.swift", line: 7) { r in r[.pong] }
  fileprivate static let pong: Key<Int> = Key(name: "Keys.pong", fileID: "App/Keys.swift", line: 8) { r in r[.ping] }
  fileprivate static let form = AssistedKey<String, String>(name: "Keys.form", fileID: "App/Keys.swift", line: 9) {
    r, title in title + r[.client]
  }
}

private struct BrokenModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.session) { r in
      _ = r[.helper]
      return Instance()
    }
    b.bind(.helper) { r in r[.flowData] }
    b.bind(.flowData) { _ in Instance() }
    b.bind(.client) { r in "client with \(r[.token])" }
    b.bind(.screen) { r in r[.client] }
    b.bind(.ping) { r in r[.pong] }
    b.bind(.form) { r, title in title + r[.client] }
  }
}

extension Keys {
  fileprivate static let api = Key<any APIClient>(.singleton, name: "Keys.api", fileID: "App/Keys.swift", line: 20) {
    _ in LiveAPIClient()
  }
  fileprivate static let data = Key<any DataControlling>(
    .scoped(.flow), name: "Keys.data", fileID: "App/Keys.swift", line: 21
  ) { r in DataController(api: r[.api]) }
  fileprivate static let viewModel = AssistedKey<TestView, RegistrationViewModel>(
    name: "Keys.viewModel", fileID: "App/Keys.swift", line: 22
  ) { r, view in RegistrationViewModel(view: view, data: r[.data], validator: LengthValidator()) }
  fileprivate static let built = Key<Instance>.required(
    .singleton, name: "Keys.built", fileID: "App/Keys.swift", line: 23)
}

private struct AppModule: Module {
  let counter: Counter
  func register(into b: inout Bindings) {
    b.bind(.api) { _ in LiveAPIClient() }
    b.bind(.data) { r in DataController(api: r[.api]) }
    b.bind(.viewModel) { r, view in RegistrationViewModel(view: view, data: r[.data], validator: LengthValidator()) }
    b.bind(.built) { _ in
      counter.increment()
      return Instance()
    }
  }
}

@Suite("Verification")
struct VerifyTests {
  @Test("every problem is reported at once, with every path, in a stable order")
  func everything() throws {
    let graph = try Graph(modules: [BrokenModule()])
    let error = #expect(throws: VerificationError.self) { try graph.verify() }
    expectText(
      error.map(String.init(describing:)) ?? "no error",
      """
      Sheath found 4 problems in the graph:

      error: captive dependency: Keys.session (Instance, App/Keys.swift:1) is .singleton, but holds Keys.flowData (Instance, App/Keys.swift:3), which is .scoped(.flow)
        Keys.session → Keys.helper → Keys.flowData
      fix: give Keys.session a lifetime no longer than .scoped(.flow), or inject r.provider(.flowData) and resolve it when needed

      error: Keys.flowData is scoped to .flow, but no graph from here to the root opens .flow
        Keys.flowData (Instance, App/Keys.swift:3)
        reached by Keys.session → Keys.helper → Keys.flowData
      fix: resolve it from a graph made with graph.child(scope: .flow), or give it a lifetime that needs no scope

      error: missing binding for required key Keys.token (String, App/Keys.swift:4)
        needed by Keys.client → Keys.token
        needed by Keys.screen → Keys.client → Keys.token
      fix: bind it in a module, b.bind(.token) { r in … }, and declare b.require(.token) in the module that needs it so building the graph checks it

      error: dependency cycle
        Keys.ping (Int, App/Keys.swift:7)
        → Keys.pong (Int, App/Keys.swift:8)
        → Keys.ping
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears

      note: skipped Keys.form (assisted): give verify() a sample argument with arguments.provide(.form, …)
      """)
    #expect(
      error?.problems.map(\.kind) == [.captiveDependency, .scopeNotOpen, .missingBinding, .dependencyCycle])
    #expect(error?.problems.map(\.keyName) == ["Keys.session", "Keys.flowData", "Keys.token", "Keys.ping"])
  }

  @Test("a sound graph verifies, scoped keys in a child that opens their scope")
  func soundGraph() throws {
    var arguments = VerificationArguments()
    arguments.provide(.viewModel, TestView(title: "verify"))
    let report = try Graph(modules: [AppModule(counter: Counter())]).verify(arguments: arguments)
    #expect(report.verifiedKeys == ["Keys.api", "Keys.data", "Keys.viewModel", "Keys.built"])
    #expect(
      report.dependencies.map { "\($0.from) → \($0.to)" } == ["Keys.data → Keys.api", "Keys.viewModel → Keys.data"])
    #expect(report.skipped.isEmpty)
  }

  @Test("an assisted key without a sample argument is skipped with a line saying how to verify it")
  func skippedAssisted() throws {
    let report = try Graph(modules: [AppModule(counter: Counter())]).verify()
    #expect(
      report.skipped == [
        "skipped Keys.viewModel (assisted): give verify() a sample argument with arguments.provide(.viewModel, …)"
      ])
  }

  @Test("verification builds in a throwaway graph: no instance leaks into the real one")
  func throwaway() throws {
    let counter = Counter()
    let graph = try Graph(modules: [AppModule(counter: counter)])
    try graph.verify()
    #expect(counter.value == 1)
    let instance = graph[.built]
    #expect(counter.value == 2)
    #expect(graph[.built] === instance)
  }

  @Test("the graph is drawn as DOT, scopes as clusters, problems in red")
  func dot() throws {
    var arguments = VerificationArguments()
    arguments.provide(.viewModel, TestView(title: "verify"))
    let dot = try Graph(modules: [AppModule(counter: Counter())]).dot(arguments: arguments)
    expectText(
      dot,
      ##"""
      digraph Sheath {
        rankdir=LR;
        node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, fillcolor="#ffffff"];
        edge [color="#555555"];
        "Keys.api" [label="Keys.api\nany APIClient\n.singleton", fillcolor="#dbeafe"];
        "Keys.viewModel" [label="Keys.viewModel\n(TestView) -> RegistrationViewModel\n.transient", fillcolor="#ffffff"];
        "Keys.built" [label="Keys.built\nInstance\n.singleton", fillcolor="#dbeafe"];
        subgraph "cluster_flow" {
          label=".flow"; style="dashed"; color="#16a34a";
          "Keys.data" [label="Keys.data\nany DataControlling\n.scoped(.flow)", fillcolor="#dcfce7"];
        }
        "Keys.data" -> "Keys.api";
        "Keys.viewModel" -> "Keys.data";
      }

      """##)
    let broken = try Graph(modules: [BrokenModule()]).dot()
    #expect(
      broken.contains(
        ##""Keys.ping" [label="Keys.ping\nInt\n.transient", fillcolor="#ffffff", color="#dc2626", penwidth=2];"##))
  }

  @Test("verifying 10,000 bindings, chained ten deep, builds every one of them and each dependency")
  func scale() throws {
    let keys = (0..<10_000).map { index in Key<Int>(name: "scale\(index)") { _ in index } }
    let module = TestModule { b in
      for (index, key) in keys.enumerated() {
        if index == 0 {
          b.bind(key) { _ in 0 }
        } else {
          let previous = keys[index - 1]
          b.bind(key) { r in index.isMultiple(of: 10) ? 0 : r[previous] + 1 }
        }
      }
    }
    // How long it takes is measured in Benchmarks/ (sheath-bench --filter verify-10000).
    let report = try Graph(modules: [module]).verify()
    #expect(report.verifiedKeys.count == 10_000)
    #expect(report.dependencies.count == 9_000)
    #expect(Set(report.verifiedKeys) == Set(keys.map(\.name)))
  }
}

extension Keys {
  fileprivate static let mainActorEntry = MainActorKey<Instance>(name: "Keys.mainActorEntry") { _ in Instance() }
  fileprivate static let asyncEntry = AsyncKey<Instance>(name: "Keys.asyncEntry") { _ in Instance() }
  fileprivate static let unboundEntry = Key<Int>.required(name: "Keys.unboundEntry", fileID: "App/Keys.swift", line: 30)
}

@Suite("Verification entry points")
struct VerifyEntryPointTests {
  @Test("entry points that verify() cannot build are listed as skipped, saying how to test them")
  func skippedEntryPoints() throws {
    let report = try Graph(modules: []).verify(entryPoints: [Keys.mainActorEntry, Keys.asyncEntry])
    #expect(
      report.skipped == [
        "skipped Keys.mainActorEntry (main actor): verify() builds main-actor keys when it is called on the main actor; call it from a @MainActor test, or use try await graph.verify()",
        "skipped Keys.asyncEntry (async): verify() builds async keys with try await graph.verify()",
      ])
  }

  @Test("an unbound required entry point is a missing binding")
  func unboundEntryPoint() throws {
    let error = #expect(throws: VerificationError.self) {
      try Graph(modules: []).verify(entryPoints: [Keys.unboundEntry])
    }
    expectText(
      error.map(String.init(describing:)) ?? "no error",
      """
      Sheath found 1 problem in the graph:

      error: missing binding for required key Keys.unboundEntry (Int, App/Keys.swift:30)
      fix: bind it in a module, b.bind(.unboundEntry) { r in … }, and declare b.require(.unboundEntry) in the module that needs it so building the graph checks it
      """)
  }
}
