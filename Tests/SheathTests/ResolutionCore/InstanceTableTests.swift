import Foundation
import Sheath
import Testing

// A graph's shared instances live in a lock-free table that starts with four entries and doubles as
// it fills: these tests make it grow, read it from several threads while it grows, and make slots
// collide, which keys (whose slots are handed out in order) rarely do. Debug builds check the table's
// invariants after every store.

/// Counts the `Numbered` objects of one test alive.
private final class Population: Sendable {
  private let count = Locked(0)
  var alive: Int { count.withLock { $0 } }
  func born() { count.withLock { $0 += 1 } }
  func died() { count.withLock { $0 -= 1 } }
}

/// A shared instance that knows which key built it, and is counted while alive.
private final class Numbered: Sendable {
  let number: Int
  let population: Population?

  init(_ number: Int, population: Population? = nil) {
    self.number = number
    self.population = population
    population?.born()
  }

  deinit { population?.died() }
}

private let grownPopulation = Population()

/// A hundred singleton keys: more than four, so a graph's table grows five times to hold them.
private let grownKeys = (0..<100).map { number in
  Key<Numbered>(.singleton, name: "InstanceTableTests.grown\(number)") { _ in
    Numbered(number, population: grownPopulation)
  }
}

/// Two hundred singleton keys for the readers and the builder of the concurrent test.
private let racedKeys = (0..<200).map { number in
  Key<Numbered>(.singleton, name: "InstanceTableTests.raced\(number)") { _ in Numbered(number) }
}

/// Twenty keys scoped to a flow, for a child graph's own table.
private let scopedKeys = (0..<20).map { number in
  Key<Numbered>(.scoped(.flow), name: "InstanceTableTests.scoped\(number)") { _ in Numbered(number) }
}

@Suite("Instance table")
struct InstanceTableTests {
  @Test("a graph caching a hundred singletons keeps each one, and releases them all with itself")
  func grows() throws {
    var graph: Graph? = try Graph(modules: [])
    var first = grownKeys.map { graph?[$0] }
    for (number, instance) in first.enumerated() { #expect(instance?.number == number) }
    for (key, instance) in zip(grownKeys, first) { #expect(graph?[key] === instance) }
    // 100 entries, at most half full: 256, after blocks of 4, 8, 16, 32, 64 and 128.
    #expect(graph?.instanceTableShape == InstanceTableShape(capacity: 256, count: 100, blocks: 7))
    #expect(grownPopulation.alive == 100)
    graph = nil
    #expect(grownPopulation.alive == 100, "the test still holds the instances")
    first = []
    #expect(grownPopulation.alive == 0)
  }

  @Test("a flow's scoped instances grow its own table, not its parent's")
  func scopedGrows() throws {
    let app = try Graph(modules: [])
    let flow = app.child(scope: .flow)
    let first = scopedKeys.map { flow[$0] }
    for (key, instance) in zip(scopedKeys, first) { #expect(flow[key] === instance) }
    #expect(flow.instanceTableShape == InstanceTableShape(capacity: 64, count: 20, blocks: 5))
    #expect(app.instanceTableShape == InstanceTableShape(capacity: 0, count: 0, blocks: 0))
  }

  @Test("readers on three threads see only the right instances while a fourth builds new ones")
  func concurrentReaders() async throws {
    let graph = try Graph(modules: [])
    // Each thread records the instance it saw for each key; all must agree, and match the key.
    let seen = Locked([[ObjectIdentifier?]](repeating: [], count: 4))
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
          var mine = [ObjectIdentifier?](repeating: nil, count: racedKeys.count)
          if thread == 0 {
            // The builder: every key in order, growing the table to 512 entries on the way.
            for (number, key) in racedKeys.enumerated() { mine[number] = ObjectIdentifier(graph[key]) }
          } else {
            // The readers: sweep the keys from the start, mostly finding what the builder stored.
            for round in 0..<20 {
              for number in stride(from: round % 3, to: racedKeys.count, by: 3) {
                let instance = graph[racedKeys[number]]
                precondition(instance.number == number, "key \(number) gave instance \(instance.number)")
                let id = ObjectIdentifier(instance)
                precondition(mine[number] == nil || mine[number] == id, "key \(number) gave two instances")
                mine[number] = id
              }
            }
          }
          seen.withLock { $0[thread] = mine }
        }
        continuation.resume()
      }
    }
    let all = seen.withLock { $0 }
    for number in racedKeys.indices {
      let ids = Set(all.compactMap { $0[number] })
      #expect(ids.count == 1, "key \(number): \(ids.count) instances")
    }
    #expect(graph.instanceTableShape == InstanceTableShape(capacity: 512, count: 200, blocks: 8))
  }

  @Test("slots that share a home entry are all found, across growth and wrapping around")
  func collisions() {
    let table = StandaloneInstanceTable()
    // Every slot here has home 0 or 3 in the first blocks, and the probes wrap past the end.
    let slots = [3, 7, 0, 11, 4, 8, 15, 64, 67, 128, 19, 256, 1_024, 35, 1_027]
    var stored: [Int: Numbered] = [:]
    for slot in slots {
      #expect(table.load(slot) == nil)
      let object = Numbered(slot)
      table.store(object, at: slot)
      stored[slot] = object
      for (slot, object) in stored { #expect(table.load(slot) === object) }
    }
    #expect(table.load(1) == nil)
    #expect(table.load(1_023) == nil)
    #expect(table.shape == InstanceTableShape(capacity: 32, count: slots.count, blocks: 4))
  }

  @Test("a table releases what it stored when it goes")
  func releases() {
    let population = Population()
    do {
      let table = StandaloneInstanceTable()
      for slot in 0..<10 { table.store(Numbered(slot, population: population), at: slot * 4) }
      #expect(population.alive == 10)
    }
    #expect(population.alive == 0)
  }
}
