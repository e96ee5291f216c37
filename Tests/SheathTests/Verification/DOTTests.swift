import Sheath
import Testing

private func neverRun<Value>(_ value: Value, _ key: String) -> Value {
  Issue.record("the factory of \(key) ran: dot() reads the graph as data, it runs no factory")
  return value
}

private final class Clock: Sendable {}
private final class Store: Sendable {}
private final class Row: Sendable {}
private final class Screen: Sendable {
  init(clock: Provider<Clock>, store: Lazy<Store>, row: AssistedFactory<Int, Row>, flow: ChildGraphFactory<Void>) {}
}

extension Keys {
  fileprivate static var clock: Key<Clock> { Key(name: "Keys.clock") { neverRun(Clock(), "clock") } }
  fileprivate static var store: Key<Store> { Key(.weak, name: "Keys.store") { neverRun(Store(), "store") } }
  fileprivate static var row: AssistedKey<Int, Row> { AssistedKey(name: "Keys.row") { _ in neverRun(Row(), "row") } }
  fileprivate static var flowStore: Key<Store> {
    Key(.scoped(.flow), name: "Keys.flowStore") {
      neverRun(Store(), "flowStore")
    }
  }
  fileprivate static var flowOnly: Key<Store> { Key<Store>.required(.scoped(.flow), name: "Keys.flowOnly") }
  fileprivate static var flow: ChildGraphKey<Void> { ChildGraphKey(scope: .flow, name: "Keys.flow") { [FlowModule()] } }
  fileprivate static var screen: Key<Screen> {
    Key(
      .singleton, .clock.provider, .store.lazy, .row.factory, .flow, name: "Keys.screen"
    ) { clock, store, row, flow in neverRun(Screen(clock: clock, store: store, row: row, flow: flow), "screen") }
  }
  fileprivate static var legacy: Key<Int> { Key(name: "Keys.legacy") { r in neverRun(1, "legacy") } }
  fileprivate static var loop: Key<Int> { Key(.transient, .loop, name: "Keys.loop") { neverRun($0, "loop") } }
}

private struct FlowModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.flowOnly, .flowStore) { neverRun($0, "flowOnly") }
  }
}

@Suite("dot() draws the graph as data")
struct DOTTests {
  @Test("every key and declared edge: deferred ones dashed, scopes as clusters, a child graph's own keys under its key")
  func drawsTheGraph() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.screen) }])
    expectText(
      graph.dot(),
      ##"""
      digraph Sheath {
        rankdir=LR;
        node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, fillcolor="#ffffff"];
        edge [color="#555555"];
        "Keys.screen" [label="Keys.screen\nScreen\n.singleton", fillcolor="#dbeafe"];
        "Keys.clock.provider" [label="Keys.clock.provider\nProvider<Clock>\n.transient", fillcolor="#ffffff"];
        "Keys.store.lazy" [label="Keys.store.lazy\nLazy<Store>\n.transient", fillcolor="#ffffff"];
        "Keys.row.factory" [label="Keys.row.factory\nAssistedFactory<Int, Row>\n.transient", fillcolor="#ffffff"];
        "Keys.flow" [label="Keys.flow\nChildGraphFactory<Void>\n.transient", fillcolor="#ffffff"];
        "Keys.clock" [label="Keys.clock\nClock\n.transient", fillcolor="#ffffff"];
        "Keys.store" [label="Keys.store\nStore\n.weak", fillcolor="#fef9c3"];
        "Keys.row" [label="Keys.row\n(Int) -> Row\n.transient", fillcolor="#ffffff"];
        subgraph "cluster_flow" {
          label=".flow"; style="dashed"; color="#16a34a";
          "Keys.flowOnly" [label="Keys.flowOnly\nStore\n.scoped(.flow)\nin the child graph of Keys.flow", fillcolor="#dcfce7"];
          "Keys.flowStore" [label="Keys.flowStore\nStore\n.scoped(.flow)\nin the child graph of Keys.flow", fillcolor="#dcfce7"];
        }
        "Keys.screen" -> "Keys.clock.provider";
        "Keys.screen" -> "Keys.store.lazy";
        "Keys.screen" -> "Keys.row.factory";
        "Keys.screen" -> "Keys.flow";
        "Keys.clock.provider" -> "Keys.clock" [style=dashed];
        "Keys.store.lazy" -> "Keys.store" [style=dashed];
        "Keys.row.factory" -> "Keys.row" [style=dashed];
        "Keys.flowOnly" -> "Keys.flowStore";
        "Keys.flow" -> "Keys.flowOnly";
      }

      """##)
  }

  @Test("a key with unchecked dependencies has a dashed outline and says so; a key with a problem is red")
  func marksUncheckedAndBrokenKeys() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.legacy) }])
    #expect(
      graph.dot().contains(
        ##""Keys.legacy" [label="Keys.legacy\nInt\n.transient\ndependencies unchecked", fillcolor="#ffffff", style="rounded,filled,dashed"];"##
      ))
    #expect(
      graph.dot(entryPoints: [Keys.loop]).contains(
        ##""Keys.loop" [label="Keys.loop\nInt\n.transient", fillcolor="#ffffff", color="#dc2626", penwidth=2];"##))
  }
}
