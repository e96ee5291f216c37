import Sheath
import Testing

// Model tests of the unsafe handles (Sources/Sheath/Runtime/), in the style of swift-collections'
// `withEveryDeque`: each test walks a handle through every state of a family — every size from empty
// to several growths, slots placed to collide and wrap around, values kept in entries and in boxes,
// resolutions of every depth — and after every step checks the handle's invariants (which every build
// compiles) and compares it with a model in plain Swift: a dictionary, an array, the thresholds. A
// handle that lost, duplicated or misplaced anything fails at the first step that did it, with the
// step named. (The build list is plain Swift now, within 5% of the handle it was, and keeps its test.)
//
// Debug builds also check after every change inside the handles; so does any build compiled with
// `-Xswiftc -DSHEATH_INTERNAL_CHECKS` (`swift test -c release -Xswiftc -DSHEATH_INTERNAL_CHECKS
// --filter HandleModelTests` runs these tests on release code with those checks on).

/// Counts the values of one test alive: a value released twice, or never, shows in the count.
private final class Population: @unchecked Sendable {
  // @unchecked: only touched by the one thread that runs its test.
  private(set) var alive = 0
  private(set) var lowest = 0
  func born() { alive += 1 }
  func died() {
    alive -= 1
    lowest = min(lowest, alive)
  }
}

/// A stored object that says which value it is, and is counted while alive.
private final class Tracked: Marker {
  let number: Int
  let population: Population

  init(_ number: Int, _ population: Population) {
    self.number = number
    self.population = population
    population.born()
  }

  deinit { population.died() }
}

/// A class-bound protocol: its existential is a reference and a witness table, two words.
private protocol Marker: AnyObject {
  var number: Int { get }
}

/// Three words: more than an entry holds, so the table keeps it in a box.
private struct Triple {
  let first: Int
  let object: Tracked
  let last: Int
}

/// How a model test stores a number in a table, and reads it back: one of each layout the table has.
private enum Layout: CaseIterable, CustomStringConvertible {
  /// A class instance: one word, kept in the entry.
  case object
  /// A class-bound existential: two words, kept in the entry.
  case existential
  /// A two-word tuple holding a reference: kept in the entry, copied byte for byte when the table grows.
  case pair
  /// Three words: kept in a box.
  case boxed
  /// `Any`: an existential of four words, kept in a box.
  case any

  var description: String {
    switch self {
    case .object: "an object"
    case .existential: "any Marker"
    case .pair: "(Int, object)"
    case .boxed: "a three-word struct"
    case .any: "Any"
    }
  }

  /// Whether the table keeps this layout in its entry.
  var isInline: Bool {
    switch self {
    case .object: StandaloneInstanceTable.storesInline(Tracked.self)
    case .existential: StandaloneInstanceTable.storesInline((any Marker).self)
    case .pair: StandaloneInstanceTable.storesInline((Int, Tracked).self)
    case .boxed: StandaloneInstanceTable.storesInline(Triple.self)
    case .any: StandaloneInstanceTable.storesInline(Any.self)
    }
  }

  func store(_ number: Int, at slot: Int, in table: StandaloneInstanceTable, _ population: Population) {
    let object = Tracked(number, population)
    switch self {
    case .object: table.store(object, at: slot)
    case .existential: table.store(object as any Marker, at: slot)
    case .pair: table.store((number, object), at: slot)
    case .boxed: table.store(Triple(first: number, object: object, last: -number), at: slot)
    case .any: table.store(object as Any, at: slot)
    }
  }

  /// The number stored for `slot`, read back as this layout, or `nil`; `-1` when what is there does
  /// not hold together (a pair or triple whose parts disagree).
  func load(_ slot: Int, in table: StandaloneInstanceTable) -> Int? {
    switch self {
    case .object: return table.load(slot, as: Tracked.self)?.number
    case .existential: return table.load(slot, as: (any Marker).self)?.number
    case .pair:
      guard let (number, object) = table.load(slot, as: (Int, Tracked).self) else { return nil }
      return number == object.number ? number : -1
    case .boxed:
      guard let triple = table.load(slot, as: Triple.self) else { return nil }
      return triple.first == triple.object.number && triple.last == -triple.first ? triple.first : -1
    case .any:
      guard let value = table.load(slot, as: Any.self) else { return nil }
      return (value as? Tracked)?.number ?? -1
    }
  }
}

/// Where a model test puts its slots in a table.
private enum Placement: CaseIterable, CustomStringConvertible {
  /// 0, 1, 2, …: as a graph's keys come, each in its own home entry.
  case inOrder
  /// 0, 64, 128, …: every slot has home 0 in every block up to 64 entries, so each probe is longer
  /// than the last.
  case sameHome
  /// 63, 127, 191, …: home in the last entry of every block up to 64 entries, so each probe wraps
  /// around to the first.
  case wrapping
  /// Distinct slots below 100,000 from a fixed generator: homes collide as they happen to.
  case scattered

  var description: String {
    switch self {
    case .inOrder: "in order"
    case .sameHome: "sharing home 0"
    case .wrapping: "wrapping around"
    case .scattered: "scattered"
    }
  }

  func slots(_ count: Int) -> [Int] {
    switch self {
    case .inOrder: return Array(0..<count)
    case .sameHome: return (0..<count).map { $0 * 64 }
    case .wrapping: return (0..<count).map { $0 * 64 + 63 }
    case .scattered:
      var generator = SplitMix(seed: 43)
      var slots: [Int] = []
      var seen: Set<Int> = []
      while slots.count < count {
        let slot = Int(generator.next() % 100_000)
        if seen.insert(slot).inserted { slots.append(slot) }
      }
      return slots
    }
  }
}

/// A small deterministic generator, so a failing placement is the same on every run.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476C_E5B9_CE09
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The capacity of a table holding `count` values: at most half full, from four entries up.
private func expectedCapacity(holding count: Int) -> Int {
  var capacity = 4
  while count * 2 > capacity { capacity *= 2 }
  return capacity
}

@Suite("Unsafe handles against their models")
struct HandleModelTests {
  /// 32 values: blocks of 4, 8, 16, 32 and 64 entries.
  static let tableSize = 32

  @Test(
    "an instance table holds every value it was given, in every layout, for every placement, through every growth",
    arguments: Layout.allCases, Placement.allCases)
  fileprivate func instanceTable(layout: Layout, placement: Placement) {
    let population = Population()
    let slots = placement.slots(Self.tableSize)
    do {
      let table = StandaloneInstanceTable()
      var model: [Int: Int] = [:]
      // Slots never stored, next to the stored ones: a probe must end at an empty entry without them.
      let absent = Set(slots.flatMap { [$0 + 1, $0 + 64 * 1_000] }).subtracting(slots)
      for (step, slot) in slots.enumerated() {
        #expect(layout.load(slot, in: table) == nil, "step \(step): slot \(slot) before its store")
        layout.store(step, at: slot, in: table, population)
        model[slot] = step
        table.checkInvariants()
        let capacity = expectedCapacity(holding: model.count)
        #expect(
          table.shape
            == InstanceTableShape(
              capacity: capacity, count: model.count, blocks: capacity.trailingZeroBitCount - 1),
          "step \(step)")
        for (slot, number) in model {
          #expect(layout.load(slot, in: table) == number, "step \(step): slot \(slot)")
        }
        for slot in absent {
          #expect(layout.load(slot, in: table) == nil, "step \(step): slot \(slot) was never stored")
        }
        #expect(population.alive == model.count, "step \(step): one value alive per store")
      }
    }
    #expect(population.alive == 0, "the table released what it stored")
    #expect(population.lowest >= 0, "no value was released twice")
  }

  @Test("the layouts the model test walks are the table's two: in the entry and in a box")
  fileprivate func layoutsCoverBoth() {
    #expect(Layout.allCases.filter(\.isInline) == [.object, .existential, .pair])
    #expect(Layout.allCases.filter { !$0.isInline } == [.boxed, .any])
  }

  @Test(
    "a build list holds the builds in progress through growth and every order of removal",
    arguments: ["first in, first out", "last in, first out", "from the middle", "interleaved"])
  func buildList(order: String) {
    let key = Key<Int>(name: "HandleModelTests.build") { _ in 0 }
    let list = StandaloneBuildList(key: key)
    // Twelve builds of three owners: more than the four the list starts with room for.
    let ids = (0..<12).map { (owner: $0 % 3, slot: $0 / 3) }
    var model: [(owner: Int, slot: Int)] = []
    func check(_ step: String) {
      list.checkInvariants()
      #expect(list.count == model.count, "\(step)")
      for id in ids {
        let expected = model.contains { $0 == id }
        #expect(
          list.contains(owner: id.owner, slot: id.slot) == expected, "\(step): owner \(id.owner), slot \(id.slot)")
      }
    }
    func append(_ id: (owner: Int, slot: Int)) {
      list.append(owner: id.owner, slot: id.slot)
      model.append(id)
      check("after adding \(id)")
    }
    func remove(_ id: (owner: Int, slot: Int)) {
      list.remove(owner: id.owner, slot: id.slot)
      model.removeAll { $0 == id }
      check("after removing \(id)")
    }
    switch order {
    case "interleaved":
      // Three in, one out of the middle: the list grows while records leave from inside it.
      for (index, id) in ids.enumerated() {
        append(id)
        if index % 3 == 2 { remove(model[model.count / 2]) }
      }
    default:
      for id in ids { append(id) }
    }
    // A build that is not in the list: removing it changes nothing.
    remove((owner: 7, slot: 7))
    var leaving = model
    switch order {
    case "last in, first out": leaving.reverse()
    case "from the middle":
      leaving = leaving.enumerated().sorted { abs($0.offset * 2 - 11) < abs($1.offset * 2 - 11) }.map(\.element)
    default: break
    }
    for id in leaving { remove(id) }
    #expect(list.count == 0)
  }
}

/// A value whose factory records the thread's resolution state at its depth.
private final class Probe: Sendable {
  let next: Probe?
  init(next: Probe?) { self.next = next }
}

/// Where the innermost factory of a chain puts what it saw.
private final class Seen: @unchecked Sendable {
  // @unchecked: written by the chain's innermost factory, read after the thread that ran it ended.
  var snapshot: ThreadFramesSnapshot?
  var after: ThreadFramesSnapshot?
}

/// A chain of `length` transient keys, whose innermost factory records the thread's state in `seen`.
/// Named after the chain: a key made at one site with one name is one key, whichever test makes it.
private func probedChain(_ length: Int, _ seen: Seen, _ chain: String = #function) -> Key<Probe> {
  var next = Key<Probe>(name: "Keys.\(chain)\(length).probe\(length - 1)") { _ in
    seen.snapshot = ThreadFramesSnapshot.current
    return Probe(next: nil)
  }
  for index in stride(from: length - 2, through: 0, by: -1) {
    let following = next
    next = Key<Probe>(name: "Keys.\(chain)\(length).probe\(index)") { r in Probe(next: r[following]) }
  }
  return next
}

/// The smallest `base · 2ᵏ` at least `value`.
private func doubling(_ base: Int, toReach value: Int) -> Int {
  var result = base
  while result < value { result *= 2 }
  return result
}

extension HandleModelTests {
  @Test(
    "a thread's frames grow, scan for cycles and hand over to the checks where the model says, at every depth",
    arguments: [1, 63, 64, 65, 127, 128, 129, 1_023, 1_024, 1_025, 2_048, 2_049, 4_100])
  func threadFrames(depth: Int) throws {
    let graph = try Graph(modules: [])
    let seen = Seen()
    let head = probedChain(depth, seen)
    // A thread of its own: its state starts empty, so every number below is the model's.
    onThread(stackSize: 64 << 20) {
      _ = graph[head]
      seen.after = ThreadFramesSnapshot.current
    }
    // The buffer starts at 64 frames and doubles when full; the first scan for a cycle is at 1,024
    // frames, then at every doubling; the fast push hands over at whichever comes first.
    let capacity = doubling(64, toReach: depth)
    let nextCycleCheck = doubling(1_024, toReach: depth)
    #expect(
      seen.snapshot
        == ThreadFramesSnapshot(
          count: depth, capacity: capacity, nextCycleCheck: nextCycleCheck,
          slowDepth: min(capacity, nextCycleCheck)))
    #expect(
      seen.after
        == ThreadFramesSnapshot(
          count: 0, capacity: capacity, nextCycleCheck: nextCycleCheck, slowDepth: min(capacity, nextCycleCheck)),
      "popped, the buffer kept")
  }

  @Test("while a trace records, every push hands over to the checks, and after it the thresholds are back")
  func threadFramesTracing() throws {
    let graph = try Graph(modules: [])
    let seen = Seen()
    let head = probedChain(70, seen)
    onThread(stackSize: 8 << 20) {
      _ = ResolutionTrace.record { graph[head] }
      seen.after = ThreadFramesSnapshot.current
    }
    #expect(seen.snapshot == ThreadFramesSnapshot(count: 70, capacity: 128, nextCycleCheck: 1_024, slowDepth: 0))
    #expect(seen.after == ThreadFramesSnapshot(count: 0, capacity: 128, nextCycleCheck: 1_024, slowDepth: 128))
  }
}
