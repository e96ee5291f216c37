import Foundation
import Sheath
import Testing

// Every way into a graph meets the same cycle detector: a factory's resolver, a graph it captured,
// `@Inject`, a provider or lazy value made outside any factory. Keys name themselves, so that the
// texts below do not depend on this file's line numbers.

/// A graph that factories reach without their resolver, as an app's global might.
private let captured = Locked<Graph?>(nil)
private let capturedLazy = Locked<Lazy<Instance>?>(nil)
private let capturedProvider = Locked<Provider<Instance>?>(nil)

private func graph() -> Graph {
  value(of: captured)
}

/// What a test stored in `box` before resolving.
private func value<Value>(of box: Locked<Value?>) -> Value {
  guard let value = box.withLock({ $0 }) else { fatalError("set before resolving") }
  return value
}

private func key(
  _ name: String, line: Int, _ lifetime: Lifetime<Instance> = .transient, _ body: @escaping @Sendable () -> Void
) -> Key<Instance> {
  Key(lifetime, name: "Keys.\(name)", fileID: "App/Keys.swift", line: UInt(line)) { _ in
    body()
    return Instance()
  }
}

/// An object a framework creates, which cannot take its dependencies in an initializer.
private struct InjectedB {
  @Inject(.injectedB) var b: Instance
}

private struct InjectedA {
  @Inject(.injectedA) var a: Instance
}

extension Keys {
  fileprivate static var capturedA: Key<Instance> { key("capturedA", line: 1) { _ = graph()[.capturedB] } }
  fileprivate static var capturedB: Key<Instance> { key("capturedB", line: 2) { _ = graph()[.capturedA] } }
  fileprivate static var capturedSingleton: Key<Instance> {
    key("capturedSingleton", line: 3, .singleton) {
      _ = graph()[.capturedHelper]
    }
  }
  fileprivate static var capturedHelper: Key<Instance> {
    key("capturedHelper", line: 4) {
      _ = graph()[.capturedSingleton]
    }
  }

  fileprivate static var injectedA: Key<Instance> { key("injectedA", line: 5) { _ = InjectedB() } }
  fileprivate static var injectedB: Key<Instance> { key("injectedB", line: 6) { _ = InjectedA() } }

  fileprivate static var lazyOwner: Key<Instance> {
    key("lazyOwner", line: 7) {
      _ = value(of: capturedLazy).value
    }
  }
  fileprivate static var lazyTarget: Key<Instance> { key("lazyTarget", line: 8) { _ = graph()[.lazyOwner] } }
  fileprivate static var lazySingleton: Key<Instance> {
    key("lazySingleton", line: 9, .singleton) {
      _ = value(of: capturedLazy).value
    }
  }
  fileprivate static var lazySingletonTarget: Key<Instance> {
    key("lazySingletonTarget", line: 10) {
      _ = graph()[.lazySingleton]
    }
  }

  fileprivate static var providerOwner: Key<Instance> {
    key("providerOwner", line: 11) {
      _ = value(of: capturedProvider)()
    }
  }
  fileprivate static var providerTarget: Key<Instance> {
    key("providerTarget", line: 12) { _ = graph()[.providerOwner] }
  }
  fileprivate static var providerSingleton: Key<Instance> {
    key("providerSingleton", line: 13, .singleton) {
      _ = value(of: capturedProvider)()
    }
  }
  fileprivate static var providerSingletonTarget: Key<Instance> {
    key("providerSingletonTarget", line: 14) {
      _ = graph()[.providerSingleton]
    }
  }
}

private let fix =
  "fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears"

/// The message of a cycle through `names`, each declared at its line of App/Keys.swift.
private func cycleMessage(_ names: [(String, Int)]) -> String {
  let lines = names.enumerated().map { index, entry in
    (index == 0 ? "  " : "  → ") + "Keys.\(entry.0) (Instance, App/Keys.swift:\(entry.1))"
  }
  return (["Sheath: dependency cycle"] + lines + ["  → Keys.\(names[0].0)", fix]).joined(separator: "\n")
}

@Suite("Cycles through every way into a graph")
struct CycleShapeTests {
  @Test("transient factories that resolve through a graph they captured")
  func capturedGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      _ = graph[.capturedA]
    }
    expectText(trapMessage(result), cycleMessage([("capturedA", 1), ("capturedB", 2)]))
  }

  @Test("a singleton whose factory resolves itself through a captured graph")
  func capturedGraphSingleton() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      _ = graph[.capturedSingleton]
    }
    expectText(trapMessage(result), cycleMessage([("capturedSingleton", 3), ("capturedHelper", 4)]))
  }

  @Test("objects that @Inject each other from the ambient graph")
  func ambientGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      Graph.$current.withValue(graph) { _ = graph[.injectedA] }
    }
    expectText(trapMessage(result), cycleMessage([("injectedA", 5), ("injectedB", 6)]))
  }

  @Test("a lazy value made from the graph, outside any factory, used by the key it resolves")
  func graphLazy() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      capturedLazy.withLock { $0 = graph.lazy(.lazyTarget) }
      _ = graph[.lazyOwner]
    }
    expectText(trapMessage(result), cycleMessage([("lazyOwner", 7), ("lazyTarget", 8)]))
  }

  @Test("a lazy value made from the graph, used by a singleton it leads back to")
  func graphLazySingleton() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      capturedLazy.withLock { $0 = graph.lazy(.lazySingletonTarget) }
      _ = graph[.lazySingleton]
    }
    expectText(trapMessage(result), cycleMessage([("lazySingleton", 9), ("lazySingletonTarget", 10)]))
  }

  @Test("a provider made from the graph, outside any factory, called by the key it resolves")
  func graphProvider() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      capturedProvider.withLock { $0 = graph.provider(.providerTarget) }
      _ = graph[.providerOwner]
    }
    expectText(trapMessage(result), cycleMessage([("providerOwner", 11), ("providerTarget", 12)]))
  }

  @Test("a provider made from the graph, called by a singleton it leads back to")
  func graphProviderSingleton() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      capturedProvider.withLock { $0 = graph.provider(.providerSingletonTarget) }
      _ = graph[.providerSingleton]
    }
    expectText(
      trapMessage(result), cycleMessage([("providerSingleton", 13), ("providerSingletonTarget", 14)]))
  }
}
