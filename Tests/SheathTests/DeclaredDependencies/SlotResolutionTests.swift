import Sheath
import Testing

// Keys the graph knows (a module exposes the screen), so that their declared dependencies are resolved
// by slot (Graph+Resolution.swift, "Declared dependencies, by slot"): what that path must keep of the general one.

private final class API: Sendable {}
private final class Validator: Sendable {}
private final class Data: Sendable {
  let api: API
  init(api: API) { self.api = api }
}
private final class Page: Sendable {
  let screen: Screen
  init(screen: Screen) { self.screen = screen }
}
private final class Screen: Sendable {
  let data: Data
  let validator: Validator
  init(data: Data, validator: Validator) {
    self.data = data
    self.validator = validator
  }
}

extension Keys {
  fileprivate static let slotAPI: Key<API> = Key(.singleton, name: "Keys.api", fileID: "App/Keys.swift", line: 1) {
    API()
  }
  fileprivate static let slotValidator: Key<Validator> = Key(
    name: "Keys.validator", fileID: "App/Keys.swift", line: 2
  ) { Validator() }
  fileprivate static let slotData: Key<Data> = Key(
    .transient, .slotAPI, name: "Keys.data", fileID: "App/Keys.swift", line: 3
  ) { Data(api: $0) }
  fileprivate static let slotScreen: Key<Screen> = Key(
    .transient, .slotData, .slotValidator, name: "Keys.screen", fileID: "App/Keys.swift", line: 4
  ) { Screen(data: $0, validator: $1) }
  fileprivate static let flowData: Key<Data> = Key(
    .scoped(.flow), .slotAPI, name: "Keys.flowData", fileID: "App/Keys.swift", line: 5
  ) { Data(api: $0) }
  fileprivate static let flowScreen: Key<Screen> = Key(
    .transient, .flowData, .slotValidator, name: "Keys.flowScreen", fileID: "App/Keys.swift", line: 6
  ) { Screen(data: $0, validator: $1) }
  fileprivate static let flowPage: Key<Page> = Key(
    .transient, .flowScreen, name: "Keys.flowPage", fileID: "App/Keys.swift", line: 7
  ) { Page(screen: $0) }
}

private struct ScreensModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.slotScreen, fileID: "App/ScreensModule.swift", line: 1)
    b.expose(.flowPage, fileID: "App/ScreensModule.swift", line: 2)
  }
}

private struct FakeAPIModule: Module {
  let api: API
  func register(into b: inout Bindings) {
    b.override(.slotAPI, fileID: "App/FakeAPIModule.swift", line: 3) { api }
  }
}

@Suite("Resolution through slots")
struct SlotResolutionTests {
  @Test("a trace lists every factory a known key's declared dependencies run, indented by depth")
  func traced() throws {
    let graph = try Graph(modules: [ScreensModule()])
    let (_, trace) = ResolutionTrace.record { graph[.slotScreen] }
    expectText(
      trace.description,
      """
      Keys.screen (.transient) by the key's default (App/Keys.swift:4) in the root graph
        Keys.data (.transient) by the key's default (App/Keys.swift:3) in the root graph
          Keys.api (.singleton) by the key's default (App/Keys.swift:1) in the root graph
        Keys.validator (.transient) by the key's default (App/Keys.swift:2) in the root graph
      """)
    // The singleton is built: read, not built, so not listed.
    let (_, again) = ResolutionTrace.record { graph[.slotScreen] }
    #expect(again.events.map(\.key) == ["Keys.screen", "Keys.data", "Keys.validator"])
  }

  @Test("a dependency is resolved with the binding the graph resolves it with: a module's, once, shared")
  func modulesBinding() throws {
    let fake = API()
    let graph = try Graph(modules: [ScreensModule(), FakeAPIModule(api: fake)])
    let first = graph[.slotScreen]
    let second = graph[.slotScreen]
    #expect(first.data.api === fake)
    #expect(second.data.api === fake)
    #expect(first.data !== second.data)
    #expect(graph[.slotAPI] === fake)
  }

  @Test("a child graph with modules of its own resolves its parent's keys by slot with its own bindings")
  func childWithModules() throws {
    let parent = try Graph(modules: [ScreensModule()])
    let fake = API()
    let child = try parent.child(modules: [FakeAPIModule(api: fake)])
    #expect(child[.slotScreen].data.api === fake)
    #expect(parent[.slotScreen].data.api !== fake)
  }

  @Test("a scoped dependency no graph opens stops with the whole path, the keys resolved by slot included")
  func scopeNotOpen() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [ScreensModule()])
      _ = graph[.flowPage]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.flowData is scoped to .flow, but no graph from here to the root opens .flow
        Keys.flowData (Data, App/Keys.swift:5)
        needed by Keys.flowPage → Keys.flowScreen → Keys.flowData
      fix: resolve it from a graph made with graph.child(scope: .flow), or give it a lifetime that needs no scope
      """)
  }

  @Test("inside the scope, the scoped dependency is one per flow")
  func scoped() throws {
    let graph = try Graph(modules: [ScreensModule()])
    let flow = graph.child(scope: .flow)
    #expect(flow[.flowScreen].data === flow[.flowScreen].data)
    #expect(graph.child(scope: .flow)[.flowScreen].data !== flow[.flowScreen].data)
  }
}
