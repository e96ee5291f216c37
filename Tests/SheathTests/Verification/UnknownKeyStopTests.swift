import Sheath
import Testing

// Named and placed explicitly, so the pinned messages read like an app's.
extension Keys {
  /// A screen's view model that no module names: the graph does not know it.
  fileprivate static var settingsScreen: Key<Instance> {
    Key(name: "Keys.settingsScreen", fileID: "App/Keys.swift", line: 60) { Instance(number: 60) }
  }
  /// An async key no module names.
  fileprivate static var settingsStore: AsyncKey<Instance> {
    AsyncKey(name: "Keys.settingsStore", fileID: "App/Keys.swift", line: 61) { _ in Instance(number: 61) }
  }
  /// A key the module exposes, whose factory resolves the unknown keys through its resolver.
  fileprivate static var menu: Key<Instance> {
    Key(name: "Keys.menu", fileID: "App/Keys.swift", line: 62) { r in r[.settingsScreen] }
  }
  fileprivate static var asyncMenu: AsyncKey<Instance> {
    AsyncKey(name: "Keys.asyncMenu", fileID: "App/Keys.swift", line: 63) { r in try await r[.settingsStore] }
  }
}

/// Names the keys that resolve the unknown ones, and nothing else.
private struct MenuModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.menu)
    b.expose(.asyncMenu)
  }
}

@Suite("A graph made with stopsOnUnknownKeys stops on keys it did not know, requested outside every factory")
struct UnknownKeyStopTests {
  @Test("a key the graph did not know, requested on the graph, stops with the b.expose that fixes it")
  func stopsOnTheGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [MenuModule()], stopsOnUnknownKeys: true)[.settingsScreen]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.settingsScreen (Instance, App/Keys.swift:60) was resolved outside every factory, but the graph did not know it when it was built: no module names it and no key declares it, so building the graph did not check it
        the graph was made with stopsOnUnknownKeys: true, so that no such key passes unseen
      fix: name it in the module that provides it, b.expose(.settingsScreen), or declare it as a dependency of the key that needs it
      """)
  }

  @Test("it stops on a child graph, and after a factory resolved the key first")
  func stopsOnAChildAfterAFactory() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [MenuModule()], stopsOnUnknownKeys: true)
      _ = graph[.menu]
      _ = graph.child(scope: .flow)[.settingsScreen]
    }
    #expect(trapMessage(result).hasPrefix("Sheath: Keys.settingsScreen (Instance, App/Keys.swift:60) was resolved"))
  }

  @Test("an @Inject property of a key the graph did not know stops, at the property's line")
  func stopsOnInject() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      struct SettingsController {
        @Inject(.settingsScreen, fileID: "App/SettingsController.swift", line: 4) var screen: Instance
      }
      let graph = try Graph(modules: [MenuModule()], stopsOnUnknownKeys: true)
      Graph.$current.withValue(graph) { _ = SettingsController().screen }
    }
    #expect(trapMessage(result).hasPrefix("Sheath: Keys.settingsScreen (Instance, App/Keys.swift:60) was resolved"))
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/SettingsController.swift:4: Fatal error: Sheath: Keys.settingsScreen"))
  }

  @Test("an async key the graph did not know, awaited outside every factory, stops")
  func stopsOnAsyncKeys() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try await Graph(modules: [MenuModule()], stopsOnUnknownKeys: true)[.settingsStore]
    }
    #expect(trapMessage(result).hasPrefix("Sheath: Keys.settingsStore (Instance, App/Keys.swift:61) was resolved"))
  }

  @Test("keys the graph knows, and unknown keys its factories resolve, resolve as usual")
  func factoriesResolveUnknownKeys() async throws {
    let graph = try Graph(modules: [MenuModule()], stopsOnUnknownKeys: true)
    #expect(graph[.menu].number == 60)
    #expect(graph[.menu].number == 60)
    #expect(try await graph[.asyncMenu].number == 61)
    #expect(graph.child(scope: .flow)[.menu].number == 60)
  }

  @Test("without it, a key the graph did not know is checked when first resolved, and resolves")
  func offByDefault() async throws {
    let graph = try Graph(modules: [MenuModule()])
    #expect(graph[.settingsScreen].number == 60)
    #expect(try await graph[.settingsStore].number == 61)
  }
}
