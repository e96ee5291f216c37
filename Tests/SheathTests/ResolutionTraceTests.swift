import Sheath
import Testing

private final class API: Sendable {}
private final class Data: Sendable {
  init(api: API) {}
}
private final class Screen: Sendable {
  init(data: Data) {}
}

extension Keys {
  fileprivate static var api: Key<API> {
    Key(.singleton, name: "Keys.api", fileID: "App/Keys.swift", line: 1) { API() }
  }
  fileprivate static var data: Key<Data> {
    Key(
      .scoped(.flow), .api, name: "Keys.data", fileID: "App/Keys.swift", line: 2
    ) { Data(api: $0) }
  }
  fileprivate static var screen: Key<Screen> {
    Key(
      .transient, .data, name: "Keys.screen", fileID: "App/Keys.swift", line: 5
    ) { Screen(data: $0) }
  }
}

private struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.override(.api, fileID: "App/FakeAPIModule.swift", line: 3) { API() }
  }
}

@Suite("Resolution trace")
struct ResolutionTraceTests {
  @Test("it lists each factory run: the key, its lifetime, the binding and the graph, indented by depth")
  func recordsFactoryRuns() throws {
    let app = try Graph(modules: [FakeAPIModule()])
    let flow = app.child(scope: .flow)
    let (_, trace) = ResolutionTrace.record { flow[.screen] }
    expectText(
      trace.description,
      """
      Keys.screen (.transient) by the key's default (App/Keys.swift:5) in a child graph that opened .flow
        Keys.data (.scoped(.flow)) by the key's default (App/Keys.swift:2) in a child graph that opened .flow
          Keys.api (.singleton) by FakeAPIModule (App/FakeAPIModule.swift:3) in the root graph
      """)
    // Built already: read, not built, so not listed.
    let (_, again) = ResolutionTrace.record { flow[.screen] }
    #expect(again.events.map(\.key) == ["Keys.screen"])
  }

  @Test("off, nothing is recorded; a trace covers only its own body")
  func onlyInsideItsBody() throws {
    let graph = try Graph(modules: [])
    _ = graph.child(scope: .flow)[.screen]
    let (_, trace) = ResolutionTrace.record { () }
    #expect(trace.events.isEmpty)
  }
}
