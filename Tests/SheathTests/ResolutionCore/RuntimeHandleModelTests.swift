import Foundation
import Sheath
import Testing

// Model tests of the rest of the handles in Sources/Sheath/Runtime/, in the style of HandleModelTests
// (and of swift-collections' `withEveryDeque`): each test drives a handle — through its standalone
// version, which owns the memory a graph or table would — and a model in plain Swift (an `Int`, a
// dictionary, an optional, an array) through every state of a small family and every order of its
// changes that matters, and after every step compares the two and checks the handle's invariants,
// which every build compiles. Each handle also has a small test of the threads it is shared between:
// bounded, with no waiting on another thread, so that what is checked holds whatever the schedule.
//
// - `AtomicWord`: an `Int`; every sequence of three stores and compare-and-exchanges from every value.
// - `PublishedInstances`: a dictionary by slot; every count up to four, every sequence of up to four
//   publications.
// - `PublishedReference`: an optional; every sequence of up to three publications, first-wins or under
//   the owner's lock, with the lifetime of every object offered.
// - `GraphAnchor`: attached, kept for fallback, released; every order of those steps, for a root, a
//   child that opened a scope and a grandchild that did not.
// - `BindingEntries`: an array of entries; every parent of up to three entries, every child of up to
//   five, every set of entries laid in, and one laid over.
//
// `Unretained` has no state to model: it is one immutable address, and its one invariant — the object
// is alive while the handle is used — is kept by whoever makes it, not by the handle.
//
// Debug builds, and builds with `-Xswiftc -DSHEATH_INTERNAL_CHECKS`, also check after every change
// inside the anchor and the entries, and that a reference is published once; the last tests break
// each rule in a process of their own and see the check stop it.

/// What one thread saw, written by that thread only and read after every thread joined.
private final class ThreadLog<Value>: @unchecked Sendable {
  // @unchecked: one thread appends, and the test reads it after `concurrentPerform` returns.
  var values: [Value] = []
}

/// One log per thread, in an array no thread changes.
private func threadLogs<Value>(_ threads: Int, of _: Value.Type) -> [ThreadLog<Value>] {
  (0..<threads).map { _ in ThreadLog<Value>() }
}

/// A value written without atomics by one thread, for another to read after an atomic load.
private final class Payload: @unchecked Sendable {
  // @unchecked: written before the word that publishes it is stored, read after it is loaded; the
  // test is that those two operations order it (ThreadSanitizer runs this suite).
  var value = 0
}

/// An object offered to a published reference, which says which one it is.
private final class Offered: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// Watches an object without keeping it.
private final class Watch {
  weak var object: AnyObject?
  init(_ object: AnyObject?) { self.object = object }
}

// MARK: - AtomicWord

/// A change to an atomic word: what the model test applies to the word and to an `Int`.
private enum WordChange: CustomStringConvertible {
  case store(Int)
  case compareExchange(expected: Int, desired: Int)

  /// Zero (a word's first value), one (a flag's), a negative number and the largest: every bit a
  /// word has is set by one of them and cleared by another.
  static let values = [0, 1, -1, Int.max]

  /// Every store and every compare-and-exchange of two values, succeeding or failing.
  static let all: [WordChange] =
    values.map { .store($0) }
    + values.flatMap { expected in values.map { .compareExchange(expected: expected, desired: $0) } }

  var description: String {
    switch self {
    case .store(let value): "store(\(value))"
    case .compareExchange(let expected, let desired): "compareExchange(\(expected), \(desired))"
    }
  }

  /// Applies the change to `word` and `model`; whether they agree on its result.
  func apply(to word: StandaloneAtomicWord, _ model: inout Int) -> Bool {
    switch self {
    case .store(let value):
      word.store(value)
      model = value
      return true
    case .compareExchange(let expected, let desired):
      let exchanged = word.compareExchange(expected: expected, desired: desired)
      let matched = model == expected
      if matched { model = desired }
      return exchanged == matched
    }
  }
}

@Suite("The rest of the unsafe handles against their models")
struct RuntimeHandleModelTests {
  @Test("an atomic word agrees with an Int through every sequence of three changes, from every value")
  func atomicWord() {
    var sequences = 0
    var disagreements: [String] = []
    for initial in WordChange.values {
      for first in WordChange.all {
        for second in WordChange.all {
          for third in WordChange.all {
            sequences += 1
            let word = StandaloneAtomicWord(initial)
            var model = initial
            for (step, change) in [first, second, third].enumerated() {
              let agreed = change.apply(to: word, &model)
              let value = word.load()
              if !agreed || value != model {
                disagreements.append(
                  "from \(initial), step \(step), \(change): the word holds \(value), the model \(model)"
                    + (agreed ? "" : ", and the exchange disagreed"))
                break
              }
            }
          }
        }
      }
    }
    #expect(sequences == 4 * 20 * 20 * 20)
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  @Test("compare-and-exchanges racing on four threads each claim a distinct value, and none is lost")
  func atomicWordRace() {
    let (threads, increments) = (4, 500)
    let word = StandaloneAtomicWord(0)
    let claimed = threadLogs(threads, of: Int.self)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for _ in 0..<increments {
        // A failed exchange means another thread's succeeded: no thread waits for another.
        var seen = word.load()
        while !word.compareExchange(expected: seen, desired: seen + 1) { seen = word.load() }
        claimed[thread].values.append(seen)
      }
    }
    #expect(word.load() == threads * increments)
    // Every value from 0 was replaced by exactly one exchange: the word never went back, and no two
    // threads both exchanged from the same value.
    #expect(claimed.flatMap(\.values).sorted() == Array(0..<threads * increments))
    for (thread, log) in claimed.enumerated() {
      #expect(zip(log.values, log.values.dropFirst()).allSatisfy { $0 < $1 }, "thread \(thread) saw the word go back")
    }
  }

  @Test("what a thread wrote before it stored a word is what another reads after loading the word stored")
  func atomicWordPublishes() {
    for round in 1...100 {
      let flag = StandaloneAtomicWord(0)
      let payload = Payload()
      let seen = threadLogs(4, of: Int.self)
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        guard thread != 0 else {
          payload.value = round
          flag.store(1)
          return
        }
        // Reads the payload only after a load that saw the store; whether one does is up to the schedule.
        for _ in 0..<100 where flag.load() == 1 { seen[thread].values.append(payload.value) }
      }
      #expect(flag.load() == 1)
      #expect(seen.flatMap(\.values).allSatisfy { $0 == round }, "round \(round)")
    }
  }
}

// MARK: - PublishedInstances

/// Every sequence of at most `length` elements of `elements`, repeats and the empty one included.
private func sequences<Element>(of elements: [Element], upTo length: Int) -> [[Element]] {
  var all: [[Element]] = [[]]
  var last: [[Element]] = [[]]
  for _ in 0..<length {
    last = last.flatMap { prefix in elements.map { prefix + [$0] } }
    all += last
  }
  return all
}

extension RuntimeHandleModelTests {
  @Test(
    "published instances hold what was last published at each slot, for every sequence of up to four publications",
    arguments: 0...4)
  func publishedInstances(count: Int) {
    var checked = 0
    for sequence in sequences(of: Array(0..<count), upTo: 4) {
      let instances = StandalonePublishedInstances(count: count)
      var model: [Int: Int] = [:]
      func check(_ step: String) {
        checked += 1
        let loaded = (0..<count).map { instances.load($0) }
        #expect(loaded == (0..<count).map { model[$0] }, "\(sequence), \(step)")
      }
      check("before any publication")
      for (step, slot) in sequence.enumerated() {
        // Another value each time: a slot published again holds the last, and no other slot changes.
        let value = slot + 100 * (step + 1)
        instances.publish(value, at: slot)
        model[slot] = value
        check("step \(step): \(value) at \(slot)")
      }
    }
    // Sequences of 0 to 4 slots: 1 + n + n² + n³ + n⁴, each checked once more than its length.
    let sequenceCount = (0...4).map { Int(pow(Double(count), Double($0))) }.reduce(0, +)
    let stepCount = (0...4).map { $0 * Int(pow(Double(count), Double($0))) }.reduce(0, +)
    #expect(checked == sequenceCount + stepCount)
  }

  @Test("threads publishing the same singletons at once, in different orders, each read nothing or the singleton")
  func publishedInstancesRace() {
    let (threads, count) = (4, 8)
    for round in 0..<50 {
      let instances = StandalonePublishedInstances(count: count)
      let wrong = threadLogs(threads, of: String.self)
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for step in 0..<count {
          // An odd multiplier visits every slot once, in an order of the thread's own; each thread
          // publishes a singleton's value from a cell of its own, as two graphs racing to record it do.
          let slot = (step * (2 * thread + 1) + thread) % count
          instances.publish(1_000 + slot, at: slot)
          for other in 0..<count {
            let loaded = instances.load(other)
            if loaded != 1_000 + other && (loaded != nil || other == slot) {
              wrong[thread].values.append("slot \(other) read \(String(describing: loaded)) after \(step) publications")
            }
          }
        }
      }
      #expect(wrong.flatMap(\.values).isEmpty, "round \(round): \(wrong.flatMap(\.values).prefix(5))")
      #expect((0..<count).map { instances.load($0) } == (0..<count).map { 1_000 + $0 }, "round \(round)")
    }
  }
}

// MARK: - PublishedReference

/// How a model test publishes in a reference: first wins, or under the owner's lock in an empty cell.
private enum Publication: CaseIterable, CustomStringConvertible {
  case ifFirst
  case underLock

  var description: String {
    switch self {
    case .ifFirst: "publishIfFirst"
    case .underLock: "publish"
    }
  }
}

extension RuntimeHandleModelTests {
  @Test("a published reference keeps the first object published, releases every other one, and the first with it")
  func publishedReference() {
    // Publishing under the lock is only for an empty cell: a sequence does it at most first.
    let all = sequences(of: Publication.allCases, upTo: 3).filter { !$0.dropFirst().contains(.underLock) }
    #expect(all.count == 1 + 2 + 2 + 2)
    for sequence in all {
      var watches: [Watch] = []
      var model: Int?
      do {
        let cell = StandalonePublishedReference()
        #expect(cell.published == nil, "\(sequence): a new cell")
        for (step, publication) in sequence.enumerated() {
          // Made and dropped inside, so that only the cell can keep it past the step.
          func offer() -> Int? {
            let object = Offered(step)
            watches.append(Watch(object))
            switch publication {
            case .ifFirst: return (cell.publishIfFirst(object) as? Offered)?.number
            case .underLock:
              cell.publish(object)
              return step
            }
          }
          let returned = offer()
          model = model ?? step
          let context = "\(sequence), step \(step)"
          #expect(returned == model, "\(context): what the publication returned")
          #expect((cell.published as? Offered)?.number == model, "\(context): what the cell holds")
          #expect(watches.map { $0.object != nil } == watches.indices.map { $0 == model }, "\(context): alive")
        }
      }
      #expect(watches.allSatisfy { $0.object == nil }, "\(sequence): the cell released what it held")
    }
  }

  @Test("readers racing publishers see nothing or the one object published, never one that lost")
  func publishedReferenceReaders() {
    for round in 0..<100 {
      let cell = StandalonePublishedReference()
      let seen = threadLogs(4, of: Int.self)
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        guard thread % 2 == 1 else {
          seen[thread].values.append((cell.publishIfFirst(Offered(thread)) as? Offered)?.number ?? -1)
          return
        }
        for _ in 0..<50 {
          if let published = cell.published { seen[thread].values.append((published as? Offered)?.number ?? -1) }
        }
      }
      let winner = (cell.published as? Offered)?.number
      #expect(winner == 0 || winner == 2, "round \(round)")
      #expect(seen.flatMap(\.values).allSatisfy { $0 == winner }, "round \(round)")
      #expect(seen[0].values.count == 1 && seen[2].values.count == 1, "round \(round)")
    }
  }
}

// MARK: - GraphAnchor

/// A change to a graph's anchor.
private enum AnchorStep: CaseIterable, CustomStringConvertible {
  /// Pointing it at its graph, as the graph's initializer does.
  case attach
  /// Keeping the fallback, as a provider a shared instance made does.
  case keep
  /// Marking the graph released, as its `deinit` does first.
  case release

  var description: String {
    switch self {
    case .attach: "attach"
    case .keep: "keep"
    case .release: "release"
    }
  }
}

/// An anchor as a model test sees it: the graph it names, and whether it kept a fallback.
private struct AnchorModel {
  var attached = false
  var released = false
  var kept = false

  /// The anchor names its graph once attached, until the graph is released.
  var namesGraph: Bool { attached && !released }

  mutating func apply(_ step: AnchorStep) {
    switch step {
    case .attach: attached = true
    // Only a live graph's anchor keeps a fallback, once.
    case .keep: kept = kept || namesGraph
    case .release: released = true
    }
  }
}

/// The graphs an anchor model test points an anchor at.
private struct Family {
  let root: Graph
  /// A child that opened a scope.
  let child: Graph
  /// A grandchild that opened none.
  let grandchild: Graph

  init() throws {
    root = try Graph(modules: [])
    child = root.child(scope: Scope("RuntimeHandleModelTests.flow"))
    grandchild = try child.child(modules: [])
  }

  /// The graph `depth` below the root, and the graphs above it, nearest first.
  func graph(atDepth depth: Int) -> (graph: Graph, ancestors: [Graph]) {
    switch depth {
    case 0: (root, [])
    case 1: (child, [root])
    default: (grandchild, [child, root])
    }
  }
}

extension RuntimeHandleModelTests {
  @Test(
    "a graph's anchor names its graph, keeps one fallback and lets it go, in every order of its steps",
    arguments: [0, 1, 2])
  func graphAnchor(depth: Int) throws {
    let family = try Family()
    let (graph, ancestors) = family.graph(atDepth: depth)
    // At most one attach and one release, as a graph's initializer and `deinit` do them; keeps anywhere.
    let all = sequences(of: AnchorStep.allCases, upTo: 4).filter { sequence in
      sequence.filter { $0 == .attach }.count <= 1 && sequence.filter { $0 == .release }.count <= 1
    }
    #expect(all.count == 1 + 3 + 7 + 13 + 21)
    for sequence in all {
      let fallback = Watch(nil)
      do {
        let anchor = StandaloneGraphAnchor(for: graph)
        var model = AnchorModel()
        var kept: ObjectIdentifier?
        func check(_ step: String) {
          anchor.checkInvariants()
          let context = "\(sequence), \(step)"
          #expect(
            anchor.graph.map(ObjectIdentifier.init) == (model.namesGraph ? ObjectIdentifier(graph) : nil), "\(context)")
          let identity = anchor.fallback.map(ObjectIdentifier.init)
          #expect((identity != nil) == model.kept, "\(context): a fallback")
          // The first fallback kept stays: a second keep changes nothing.
          if let identity {
            #expect(kept == nil || kept == identity, "\(context): the same fallback")
            kept = identity
            #expect(
              anchor.fallbackAncestors?.map { $0.map(ObjectIdentifier.init) } == ancestors.map(ObjectIdentifier.init),
              "\(context): the graphs above, nearest first")
          }
        }
        check("a new anchor")
        for (index, step) in sequence.enumerated() {
          switch step {
          case .attach: anchor.attach(graph)
          case .keep: anchor.keepForFallback()
          case .release: anchor.graphWillRelease()
          }
          model.apply(step)
          check("step \(index): \(step)")
        }
        fallback.object = anchor.fallback
      }
      #expect(fallback.object == nil, "\(sequence): the anchor released its fallback with itself")
    }
  }

  @Test("a kept fallback outlives its graph and the graphs above it, keeping their anchors but not them")
  func graphAnchorOutlivesGraphs() throws {
    let anchor: StandaloneGraphAnchor
    let watched = Watch(nil)
    do {
      let family = try Family()
      anchor = StandaloneGraphAnchor(for: family.grandchild)
      anchor.attach(family.grandchild)
      anchor.keepForFallback()
      #expect(
        anchor.fallbackAncestors?.map { $0.map(ObjectIdentifier.init) }
          == [ObjectIdentifier(family.child), ObjectIdentifier(family.root)])
      anchor.graphWillRelease()
      watched.object = family.root
    }
    #expect(watched.object == nil, "the root was released")
    #expect(anchor.graph == nil)
    #expect(anchor.fallbackAncestors?.map { $0 == nil } == [true, true], "the graphs above read as released")
    anchor.checkInvariants()
  }

  @Test("four threads keeping an anchor's fallback at once all read the one it kept")
  func graphAnchorKeepsRace() throws {
    let family = try Family()
    for round in 0..<50 {
      let anchor = StandaloneGraphAnchor(for: family.child)
      anchor.attach(family.child)
      let seen = threadLogs(4, of: ObjectIdentifier?.self)
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        anchor.keepForFallback()
        seen[thread].values.append(anchor.fallback.map(ObjectIdentifier.init))
      }
      anchor.checkInvariants()
      let kept = anchor.fallback.map(ObjectIdentifier.init)
      #expect(kept != nil, "round \(round)")
      #expect(seen.flatMap(\.values) == Array(repeating: kept, count: 4), "round \(round)")
      anchor.graphWillRelease()
    }
  }

  @Test("threads reading and keeping an anchor while another releases it never see the graph again once it is gone")
  func graphAnchorReleaseRace() throws {
    let family = try Family()
    for round in 0..<50 {
      let anchor = StandaloneGraphAnchor(for: family.grandchild)
      anchor.attach(family.grandchild)
      let named = threadLogs(4, of: Bool.self)
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        guard thread != 0 else { return anchor.graphWillRelease() }
        for read in 0..<50 {
          named[thread].values.append(anchor.graph != nil)
          if read % 10 == thread { anchor.keepForFallback() }
        }
      }
      for (thread, log) in named.enumerated() {
        #expect(!log.values.drop { $0 }.contains(true), "round \(round), thread \(thread)")
      }
      #expect(anchor.graph == nil, "round \(round)")
      // A keep that read the graph before the release may have kept a fallback after it: it holds together.
      anchor.checkInvariants()
      if let ancestors = anchor.fallbackAncestors {
        #expect(
          ancestors.map { $0.map(ObjectIdentifier.init) } == [family.child, family.root].map(ObjectIdentifier.init))
      }
    }
  }
}

// MARK: - BindingEntries

/// Keys whose own bindings the entries tests lay in: one per slot of a parent, another per slot of a
/// child.
private enum EntryKeys {
  static let parent: [Keys] = (0..<3).map { index in
    Key<Int>(name: "RuntimeHandleModelTests.parentEntry\(index)") { _ in index }
  }
  static let child: [Keys] = (0..<6).map { index in
    Key<Int>(name: "RuntimeHandleModelTests.childEntry\(index)") { _ in index }
  }
}

/// Every subset of `0..<count`, in ascending order, the empty one first.
private func subsets(of count: Int) -> [[Int]] {
  (0..<(1 << count)).map { bits in (0..<count).filter { bits & (1 << $0) != 0 } }
}

/// A block of entries, with the model the test keeps of it.
private struct ModeledEntries {
  let entries: StandaloneBindingEntries
  var model: [BindingEntrySnapshot]
  /// The level of the graph whose table the block is: a key's own binding is owned by the root.
  let level: Int

  /// `count` entries, `parent`'s first, as the model says a child's block starts.
  init(count: Int, level: Int, inheriting parent: ModeledEntries?) {
    entries = StandaloneBindingEntries(count: count, inheriting: parent?.entries)
    let inherited = Array((parent?.model ?? []).prefix(count))
    model = inherited + Array(repeating: .empty, count: count - inherited.count)
    self.level = level
  }

  /// Lays `key`'s own binding in `slot`: as a known key's (`keyDefault`), owned by the root, or as a
  /// module's binding, owned by this level.
  mutating func set(_ slot: Int, to key: Keys, keyDefault: Bool) {
    entries.set(slot, to: key, ownerLevel: keyDefault ? 0 : level, keyDefault: keyDefault)
    model[slot] = BindingEntrySnapshot(
      binding: StandaloneBindingEntries.binding(of: key), ownerLevel: keyDefault ? 0 : level, keyDefault: keyDefault)
  }

  /// What differs between the block and the model, as text; empty when they agree. Checks the
  /// block's invariants first.
  func disagreements() -> [String] {
    entries.checkInvariants()
    var found: [String] = []
    if entries.count != model.count { found.append("\(entries.count) entries, not \(model.count)") }
    for slot in [Int.min, -1] + Array(0...(model.count + 1)) + [Int.max]
    where entries.contains(slot) != (0..<model.count).contains(slot) {
      found.append("contains(\(slot)) is \(entries.contains(slot))")
    }
    for slot in model.indices where entries.entry(slot) != model[slot] {
      found.append("slot \(slot) holds \(entries.entry(slot)), not \(model[slot])")
    }
    return found
  }
}

extension RuntimeHandleModelTests {
  /// The parents an entries test makes a child of: none, and every block of up to three entries with
  /// every set of them laid in.
  private static func parents() -> [ModeledEntries?] {
    var parents: [ModeledEntries?] = [nil]
    for count in 0...3 {
      for slots in subsets(of: count) {
        var parent = ModeledEntries(count: count, level: 0, inheriting: nil)
        for slot in slots { parent.set(slot, to: EntryKeys.parent[slot], keyDefault: slot % 2 == 0) }
        parents.append(parent)
      }
    }
    return parents
  }

  @Test(
    "a binding table's entries copy their parent's, hold what was laid in at each slot, and leave the parent alone",
    arguments: 0...5)
  func bindingEntries(count: Int) {
    var steps = 0
    for parent in Self.parents() {
      let parentDescription = parent.map { "a parent of \($0.model.count)" } ?? "no parent"
      #expect((parent?.disagreements() ?? []) == [], "\(parentDescription)")
      for slots in subsets(of: count) {
        var child = ModeledEntries(count: count, level: 1, inheriting: parent)
        func check(_ step: String) {
          steps += 1
          let context = "\(parentDescription), a child of \(count) laying in \(slots), \(step)"
          #expect(child.disagreements() == [], "\(context)")
          #expect((parent?.disagreements() ?? []) == [], "\(context): the parent")
        }
        check("new")
        for slot in slots {
          child.set(slot, to: EntryKeys.child[slot], keyDefault: slot % 2 == 1)
          check("slot \(slot)")
        }
        // The initializer lays each slot in once; the block lets a slot be laid over, and keeps the last.
        if let slot = slots.first {
          child.set(slot, to: EntryKeys.child[count], keyDefault: false)
          check("slot \(slot) again")
        }
      }
    }
    // 1 + (1 + 2 + 4 + 8) parents; every subset of the child's slots, each slot once, the first twice.
    let perParent = (1 << count) + count * (1 << max(count - 1, 0)) + (1 << count) - 1
    #expect(steps == 16 * perParent)
  }

  @Test("children made from one parent on four threads at once each copy it whole, and the parent stays as it was")
  func bindingEntriesShared() {
    var parent = ModeledEntries(count: 3, level: 0, inheriting: nil)
    for slot in 0..<3 { parent.set(slot, to: EntryKeys.parent[slot], keyDefault: slot != 1) }
    let shared = parent
    let wrong = threadLogs(4, of: String.self)
    for round in 0..<20 {
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        var child = ModeledEntries(count: 4 + thread, level: 1, inheriting: shared)
        child.set(3 + thread, to: EntryKeys.child[thread], keyDefault: false)
        child.set(thread % 3, to: EntryKeys.child[5], keyDefault: true)
        for found in child.disagreements() + shared.disagreements() {
          wrong[thread].values.append("round \(round): \(found)")
        }
      }
    }
    #expect(wrong.flatMap(\.values) == [])
  }
}

// MARK: - The checks stop

/// Expects the message a check stopped with, in a debug build: optimized code traps on a failed
/// `precondition` without printing its message.
private func expectStop(_ result: ExitTest.Result?, saying message: String) {
  #expect(result != nil, "the process stopped")
  #if DEBUG
    #expect(trapMessage(result).contains(message), "\(trapMessage(result))")
  #endif
}

extension RuntimeHandleModelTests {
  @Test("an entry that holds its key's own binding but names a child as its owner stops the entries' check")
  func bindingEntriesCheckStops() async {
    // Every build: the check in the setter (debug, internal checks), or the one called after it.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let entries = StandaloneBindingEntries(count: 2, inheriting: nil)
      entries.set(1, to: Key<Int>(name: "RuntimeHandleModelTests.misowned") { _ in 0 }, ownerLevel: 1, keyDefault: true)
      entries.checkInvariants()
    }
    expectStop(result, saying: "binding table: slot 1 holds its key's own binding, owned by level 1, not the root")
  }

  #if DEBUG || SHEATH_INTERNAL_CHECKS
    @Test("with the checks on, a graph released twice stops at its anchor")
    func graphAnchorReleasedTwice() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let graph = try Graph(modules: [])
        let anchor = StandaloneGraphAnchor(for: graph)
        anchor.attach(graph)
        anchor.graphWillRelease()
        anchor.graphWillRelease()
      }
      expectStop(result, saying: "graph anchor: the graph was released twice")
    }

    @Test("with the checks on, publishing under the lock in a cell that holds a reference stops")
    func publishedReferencePublishedTwice() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let cell = StandalonePublishedReference()
        cell.publish(Offered(0))
        cell.publish(Offered(1))
      }
      expectStop(result, saying: "published reference: published in a cell that holds one already")
    }
  #endif
}
