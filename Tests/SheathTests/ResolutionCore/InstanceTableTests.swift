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

  @Test("a value of two words or fewer is kept in its entry; a larger or aligned one in a box")
  func inlineOrBoxed() {
    #expect(StandaloneInstanceTable.storesInline(Numbered.self))
    #expect(StandaloneInstanceTable.storesInline((any Counted).self), "class-bound: a reference and a table")
    #expect(StandaloneInstanceTable.storesInline(Numbered?.self))
    #expect(StandaloneInstanceTable.storesInline(Int.self))
    #expect(StandaloneInstanceTable.storesInline(String.self))
    #expect(StandaloneInstanceTable.storesInline(Void.self))
    #expect(!StandaloneInstanceTable.storesInline((any Describing).self), "five words")
    #expect(!StandaloneInstanceTable.storesInline(ThreeWords.self))
    #expect(StandaloneInstanceTable.storesInline([Int]?.self))
    #expect(!StandaloneInstanceTable.storesInline(SIMD4<Float>.self), "aligned to 16 bytes")
  }

  @Test("values kept in their entries and values kept in boxes survive growth and go with their graph")
  func everyLayout() throws {
    let population = Population()
    let number = Key<Int>(.singleton, name: "InstanceTableTests.int") { _ in 42 }
    let text = Key<String>(.singleton, name: "InstanceTableTests.text") { _ in "a string of more than fifteen bytes" }
    let object = Key<Numbered>(.scoped(.flow), name: "InstanceTableTests.object") { _ in
      Numbered(1, population: population)
    }
    let counted = Key<any Counted>(.scoped(.flow), name: "InstanceTableTests.counted") { _ in
      Numbered(2, population: population)
    }
    let described = Key<any Describing>(.scoped(.flow), name: "InstanceTableTests.described") { _ in
      Numbered(3, population: population)
    }
    let three = Key<ThreeWords>(.scoped(.flow), name: "InstanceTableTests.three") { _ in
      ThreeWords(first: 4, object: Numbered(5, population: population), last: 6)
    }
    let none = Key<Numbered?>(.scoped(.flow), name: "InstanceTableTests.none") { _ in nil }
    let vector = Key<SIMD4<Float>>(.scoped(.flow), name: "InstanceTableTests.vector") { _ in [1, 2, 3, 4] }
    let app = try Graph(modules: [])
    var flow: Graph? = app.child(scope: .flow)
    func check(_ flow: Graph) {
      #expect(flow[object].number == 1)
      #expect(flow[counted].number == 2)
      #expect(flow[described].summary == "3")
      #expect(flow[three].first == 4 && flow[three].object.number == 5 && flow[three].last == 6)
      #expect(flow[none] == nil)
      #expect(flow[vector] == [1, 2, 3, 4])
      #expect(flow[number] == 42)
      #expect(flow[text] == "a string of more than fifteen bytes")
    }
    check(flow!)
    // Six entries, so the flow's table grew from 4 to 16, copying its entries byte for byte.
    #expect(flow?.instanceTableShape == InstanceTableShape(capacity: 16, count: 6, blocks: 3))
    #expect(flow?[object] === flow?[object])
    #expect(flow?[counted] === flow?[counted])
    check(flow!)
    #expect(population.alive == 4)
    flow = nil
    #expect(population.alive == 0, "released with the flow, boxed or not")
    #expect(app[text] == "a string of more than fifteen bytes")
  }
}

/// A class-bound protocol: its existential is a reference and a witness table, two words.
private protocol Counted: AnyObject, Sendable {
  var number: Int { get }
}

/// A protocol any type may conform to: its existential is five words, so a table boxes it.
private protocol Describing: Sendable {
  var summary: String { get }
}

extension Numbered: Counted, Describing {
  var summary: String { "\(number)" }
}

/// Three words, one of them a reference: too large for an entry.
private struct ThreeWords: Sendable {
  var first: Int
  var object: Numbered
  var last: Int
}
