import Sheath
import Testing

private protocol Store: Sendable {}
private struct LiveStore: Store {}
private struct FakeStore: Store {}
private final class Repository: Sendable {
  init(store: any Store) {}
}

extension Keys {
  fileprivate static var store: Key<any Store> {
    Key<any Store>.required(
      .singleton, name: "Keys.store", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var repository: Key<Repository> {
    Key(
      .transient, .store, .store.provider, name: "Keys.repository", fileID: "App/Keys.swift", line: 2
    ) { store, _ in Repository(store: store) }
  }
  fileprivate static var legacy: Key<Repository> { Key(name: "Keys.legacy") { r in Repository(store: r[.store]) } }
  fileprivate static var screenTitle: Key<String> {
    Key(.transient, .repository, name: "Keys.screenTitle") { _ in
      "Repositories"
    }
  }
}

private struct LiveModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.store, fileID: "App/LiveModule.swift", line: 5) { LiveStore() }
    b.expose(.screenTitle)
  }
}

private struct FakeModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.store, fileID: "App/FakeModule.swift", line: 7) { FakeStore() }
    b.expose(.screenTitle)
  }
}

@Suite("Asking the graph about its bindings")
struct GraphIntrospectionTests {
  @Test("dependencies(of:) lists what a binding declared, provider keys for deferred ones; nil for a resolver closure")
  func dependencies() throws {
    let graph = try Graph(modules: [LiveModule()])
    #expect(graph.dependencies(of: .repository)?.map(\.name) == ["Keys.store", "Keys.store.provider"])
    #expect(graph.dependencies(of: .store)?.isEmpty == true)
    #expect(graph.dependencies(of: .legacy) == nil)
  }

  @Test("diff(against:) lists each key two graphs bind differently, with both bindings")
  func diff() throws {
    let live = try Graph(modules: [LiveModule()])
    let fake = try Graph(modules: [FakeModule()])
    #expect(
      live.diff(against: fake).map(\.description) == [
        "Keys.store: LiveModule (App/LiveModule.swift:5) here, FakeModule (App/FakeModule.swift:7) there"
      ])
    #expect(live.diff(against: live).isEmpty)
    let bare = try Graph(modules: [])
    #expect(
      bare.diff(against: fake).map(\.description).first
        == "Keys.store: nothing here, FakeModule (App/FakeModule.swift:7) there")
  }

  @Test("the report's roots are the keys nothing else read needs: what the app resolves, or bindings no one uses")
  func roots() throws {
    let report = try Graph(modules: [LiveModule()]).verify()
    #expect(report.roots == ["Keys.screenTitle"])
  }
}
