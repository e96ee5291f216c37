import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static var dough: Key<Instance> {
    Key(name: "Keys.dough", fileID: "App/Bakery.swift", line: 1) { r in
      _ = r[.starter]
      return Instance()
    }
  }
  fileprivate static var starter: Key<Instance> {
    Key(name: "Keys.starter", fileID: "App/Bakery.swift", line: 2) {
      r in
      _ = r[.levain]
      return Instance()
    }
  }
  fileprivate static var levain: Key<Instance> {
    Key(name: "Keys.levain", fileID: "App/Bakery.swift", line: 3) { r in
      _ = r[.dough]
      return Instance()
    }
  }
}

@Suite("The same cycle, the same message")
struct DeterministicCycleTests {
  @Test(
    "a cycle is shown from the key the resolution entered first, whatever order its keys were created in",
    arguments: 0..<20)
  func sameMessage(seed: UInt64) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [seed] in
      // Static keys are created on first use: touch them in an order of this run's own.
      var generator = SeededGenerator(state: seed)
      let touch: [@Sendable () -> Keys] = [{ .dough }, { .starter }, { .levain }]
      for make in touch.shuffled(using: &generator) { _ = make() }
      _ = try Graph(modules: [])[.dough]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.dough (Instance, App/Bakery.swift:1)
        → Keys.starter (Instance, App/Bakery.swift:2)
        → Keys.levain (Instance, App/Bakery.swift:3)
        → Keys.dough
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }

  @Test(
    "verify() names a cycle by the key it reached first, whatever order the keys were created in", arguments: 0..<20)
  func sameProblem(seed: UInt64) throws {
    // Keys made here, in a shuffled order, as static keys are on first use.
    var generator = SeededGenerator(state: seed)
    let names = ["proof", "bake", "cool"].shuffled(using: &generator)
    var keys: [String: Key<Instance>] = [:]
    let all = Locked<[String: Key<Instance>]>([:])
    let next = ["proof": "bake", "bake": "cool", "cool": "proof"]
    // A key is its declaration site, type and name: each seed declares its keys on a line of its own,
    // or the seeds, which run in parallel, would share the first seed's keys and its `all`.
    let line = 100 + UInt(seed)
    for name in names {
      // The dependency is read when the graph needs it, once every key exists.
      keys[name] = Key(
        .transient, all.withLock { $0 }[next[name]!]!, name: "Keys.\(name)", fileID: "App/Bakery.swift", line: line
      ) {
        _ in Instance()
      }
    }
    all.withLock { $0 = keys }
    // Keys that name each other hold each other, as static keys do for the life of the process.
    LivingKeys.keep(Array(keys.values))
    let error = try #require(throws: GraphError.self) {
      try Graph(modules: []).verify(entryPoints: ["proof", "bake", "cool"].map { keys[$0]! })
    }
    #expect(error.problems.map(\.keyName) == ["Keys.proof"])
    #expect(error.problems.map(\.kind) == [.dependencyCycle])
  }
}
