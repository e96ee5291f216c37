import Sheath
import Testing

private protocol CartStoring: Sendable {
  var items: [String] { get }
}
private struct LiveCartStore: CartStoring {
  var items: [String] { ["from the network"] }
}
private struct CannedCartStore: CartStoring {
  var items: [String] { ["Teapot", "Two cups"] }
}
private struct EmptyCartStore: CartStoring {
  var items: [String] { [] }
}

extension Keys {
  fileprivate static var cartStore: Key<any CartStoring> {
    Key<any CartStoring>.required(.singleton, name: "Keys.cartStore")
  }
  fileprivate static var promotion: Key<String> { Key<String>.required(name: "Keys.promotion") }
}

private struct LiveModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.cartStore) { LiveCartStore() }
  }
}

private struct CannedModule: Module {
  func register(into b: inout Bindings) {
    b.override(.cartStore) { CannedCartStore() }
  }
}

private struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(LiveModule())
    b.include(CannedModule().only(in: .mock, .preview, .test))
  }
}

@Suite("Preview graphs")
struct PreviewGraphTests {
  @Test("a preview graph is built for the preview environment: the canned modules, never the live ones")
  func previewEnvironment() throws {
    let graph = try Graph.preview(modules: [AppModule()])
    #expect(graph.environment == .preview)
    #expect(graph[.cartStore].items == ["Teapot", "Two cups"])
  }

  @Test("each preview's overrides are its own: one never reaches another")
  func isolated() throws {
    let empty = try Graph.preview(modules: [AppModule()]) { $0.override(.cartStore) { EmptyCartStore() } }
    let canned = try Graph.preview(modules: [AppModule()])
    #expect(empty[.cartStore].items == [])
    #expect(canned[.cartStore].items == ["Teapot", "Two cups"])
    #expect(try Graph.preview(modules: [AppModule()])[.cartStore].items == ["Teapot", "Two cups"])
  }

  @Test("an override may bind a key no module binds, as in a test graph")
  func overridesUnboundKeys() throws {
    let graph = try Graph.preview(modules: [AppModule()]) { $0.override(.promotion, to: "20% off teapots") }
    #expect(graph[.promotion] == "20% off teapots")
  }

  @Test("an override's mistakes are reported when the graph is built")
  func checked() {
    #expect(throws: GraphError.self) {
      try Graph.preview {
        $0.override(.promotion, to: "one")
        $0.override(.promotion, to: "two")
      }
    }
  }
}
