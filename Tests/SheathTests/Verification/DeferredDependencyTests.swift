import Foundation
import Sheath
import Testing

// What a factory resolves later — through a provider, a lazy value or an assisted factory — is a
// dependency too: verify() lists it as deferred and builds its key on its own, and dot() draws it
// dashed. A child graph key is resolved at once (the factory is its value): a plain edge.

private final class Clock: Sendable {}
private final class Store: Sendable {}
private final class Row: Sendable {}

private final class Screen: Sendable {
  let now: Provider<Clock>
  let store: Lazy<Store>
  let makeRow: AssistedFactory<Int, Row>
  let openFlow: ChildGraphFactory
  init(now: Provider<Clock>, store: Lazy<Store>, makeRow: AssistedFactory<Int, Row>, openFlow: ChildGraphFactory) {
    self.now = now
    self.store = store
    self.makeRow = makeRow
    self.openFlow = openFlow
  }
}

extension Keys {
  fileprivate static let deferredClock = Key<Clock>(name: "Keys.clock") { _ in Clock() }
  fileprivate static let deferredStore = Key<Store>(.singleton, name: "Keys.store") { _ in Store() }
  fileprivate static let deferredRow = AssistedKey<Int, Row>(name: "Keys.row") { _, _ in Row() }
  fileprivate static let deferredFlow = ChildGraphKey(scope: .flow, name: "Keys.flow") { [] }
  fileprivate static let deferredScreen = Key<Screen>(name: "Keys.screen") { r in
    Screen(
      now: r.provider(.deferredClock), store: r.lazy(.deferredStore), makeRow: r[.deferredRow],
      openFlow: r[.deferredFlow])
  }
}

@Suite("Deferred dependencies")
struct DeferredDependencyTests {
  @Test("providers, lazy values and assisted factories are deferred dependencies, verified on their own")
  func listed() throws {
    let graph = try Graph(modules: [])
    var arguments = VerificationArguments()
    arguments.provide(.deferredRow, 1)
    let report = try graph.verify(arguments: arguments, entryPoints: [Keys.deferredScreen])
    #expect(
      report.deferredDependencies.map { "\($0.from) -> \($0.to)" } == [
        "Keys.screen -> Keys.clock", "Keys.screen -> Keys.store", "Keys.screen -> Keys.row",
      ])
    for key in ["Keys.screen", "Keys.clock", "Keys.store", "Keys.row", "Keys.flow"] {
      #expect(report.verifiedKeys.contains(key), "\(key) was not verified")
    }
  }

  @Test("dot() draws each deferred dependency dashed, and a child graph key as a plain edge")
  func drawn() throws {
    let graph = try Graph(modules: [])
    var arguments = VerificationArguments()
    arguments.provide(.deferredRow, 1)
    let dot = graph.dot(arguments: arguments, entryPoints: [Keys.deferredScreen])
    for key in ["Keys.clock", "Keys.store", "Keys.row"] {
      #expect(dot.contains("  \"Keys.screen\" -> \"\(key)\" [style=dashed];"), "no dashed edge to \(key)")
    }
    #expect(dot.contains("  \"Keys.screen\" -> \"Keys.flow\";"))
  }
}
