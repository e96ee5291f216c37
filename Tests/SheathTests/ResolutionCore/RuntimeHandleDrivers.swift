// Drivers of Sheath's runtime handles (Sources/Sheath/Runtime/ and the handles of Resolution/): each
// owns a handle and the memory a graph would give it, so that the model tests can make, drive and read
// one handle on its own. They are test code and live with the tests; `@testable` reaches the handles,
// which stay internal to Sheath.

import CSheathRuntime

@testable import Sheath

// MARK: - BindingEntries

/// What a binding table's entry holds, as the model tests of ``BindingEntries`` compare it.
struct BindingEntrySnapshot: Equatable, Sendable {
  /// The binding, by identity; `nil` for an empty entry.
  var binding: ObjectIdentifier?
  /// The level of the graph that owns the binding's shared instances.
  var ownerLevel: Int
  /// Whether the binding is the key's own, laid in because the graph knows the key.
  var keyDefault: Bool

  /// An entry, as a test expects it.
  init(binding: ObjectIdentifier?, ownerLevel: Int, keyDefault: Bool) {
    self.binding = binding
    self.ownerLevel = ownerLevel
    self.keyDefault = keyDefault
  }

  /// An empty entry: the key falls back on its own binding.
  static let empty = BindingEntrySnapshot(binding: nil, ownerLevel: 0, keyDefault: false)
}

/// A block of binding-table entries of a test's own, for the model tests of ``BindingEntries``: made
/// and set as a table's initializer does — a child's from its parent's — then only read.
final class StandaloneBindingEntries: @unchecked Sendable {
  // @unchecked: set only before the tests share it, as a table's initializer sets its entries; only
  // read after that.
  private let entries: BindingEntries
  /// Keeps the entries this block copied alive, as a child table keeps its parent.
  private let parent: StandaloneBindingEntries?
  /// Keep the bindings set here alive: each key keeps its own.
  private var keys: [Keys] = []

  /// `count` entries: `parent`'s first, then empty ones.
  init(count: Int, inheriting parent: StandaloneBindingEntries?) {
    entries = BindingEntries(count: count, inheriting: parent?.entries)
    self.parent = parent
  }

  deinit {
    entries.deallocate()
  }

  /// How many slots the block has.
  var count: Int { entries.count }

  /// Whether `slot` has an entry.
  func contains(_ slot: Int) -> Bool { entries.contains(slot) }

  /// Sets the entry of `slot`, which the block has, to `key`'s own binding, owned by the graph at
  /// `ownerLevel`; `keyDefault` when laid in as a table lays in a known key's own binding.
  func set(_ slot: Int, to key: Keys, ownerLevel: Int, keyDefault: Bool) {
    guard let binding = key.fallbackAnyBinding(testing: false) else {
      preconditionFailure("\(key.name) has no binding")
    }
    keys.append(key)
    entries[slot] = BindingTable.Entry(
      binding: binding, ownerLevel: ownerLevel, flags: BindingTable.Entry.Flags(binding, keyDefault: keyDefault))
  }

  /// The entry of `slot`, which the block has.
  func entry(_ slot: Int) -> BindingEntrySnapshot {
    precondition(entries.contains(slot), "slot \(slot) is outside the \(entries.count) entries")
    let entry = entries[slot]
    return BindingEntrySnapshot(
      binding: entry.binding.map { $0.with(ObjectIdentifier.init) }, ownerLevel: entry.ownerLevel,
      keyDefault: entry.flags.contains(.keyDefault))
  }

  /// The identity of `key`'s own binding, which ``entry(_:)`` reports once ``set(_:to:ownerLevel:keyDefault:)``
  /// set it.
  static func binding(of key: Keys) -> ObjectIdentifier? {
    key.fallbackAnyBinding(testing: false).map(ObjectIdentifier.init)
  }

  /// Stops if the block breaks one of its invariants (``BindingEntries/checkInvariants()``), in any
  /// build.
  func checkInvariants() { entries.checkInvariants() }
}

// MARK: - AtomicWord, PublishedReference, PublishedInstances

/// A ``PublishedReference`` of any object, for the tests: they race threads to publish, and check
/// that every object but the published one is released, and that one with the owner.
final class StandalonePublishedReference: @unchecked Sendable {
  // @unchecked: the reference synchronizes itself, and is destroyed once, by `deinit`.
  private let reference = PublishedReference<AnyObject>()

  init() {}

  deinit {
    reference.destroy()
  }

  /// Publishes `object` unless another thread published first; the published one, either way.
  func publishIfFirst(_ object: AnyObject) -> AnyObject {
    reference.publishIfFirst(object).object
  }

  /// Publishes `object` in the empty cell, as an owner holding its lock does.
  func publish(_ object: AnyObject) {
    reference.publish(object)
  }

  /// The published object, if any.
  var published: AnyObject? { reference.load()?.object }
}

/// An ``AtomicWord`` with memory of its own, for the model tests of the word.
final class StandaloneAtomicWord: @unchecked Sendable {
  // @unchecked: the word is only read and written through ``AtomicWord``'s atomic operations.
  private let memory: UnsafeMutablePointer<Int>

  /// A word holding `value`.
  init(_ value: Int) {
    memory = .allocate(capacity: 1)
    memory.initialize(to: value)
  }

  deinit {
    memory.deallocate()
  }

  private var word: AtomicWord { AtomicWord(memory) }

  /// The word, with acquire ordering.
  func load() -> Int { word.load() }

  /// Writes `value` with release ordering.
  func store(_ value: Int) { word.store(value) }

  /// Writes `desired` if the word is `expected`; whether it did.
  func compareExchange(expected: Int, desired: Int) -> Bool {
    word.compareExchange(expected: expected, desired: desired)
  }
}

/// ``PublishedInstances`` with instances of its own, for the model tests of the handle: each
/// publication stores the address of a new cell holding an `Int`, which stays until the handle goes,
/// as a graph's instance table keeps what a binding table's singletons point to.
final class StandalonePublishedInstances: @unchecked Sendable {
  // @unchecked: the slots synchronize themselves; `cells` is only touched under its lock.
  private let instances: PublishedInstances
  private let cells = Locked<[UnsafeMutablePointer<Int>]>([])
  /// How many slots the handle has.
  let count: Int

  /// `count` slots, all empty.
  init(count: Int) {
    self.count = count
    instances = PublishedInstances(count: count)
  }

  deinit {
    instances.deallocate()
    cells.withLock { cells in
      for cell in cells { cell.deallocate() }
    }
  }

  /// Publishes the address of a new cell holding `value` at `index`, which is below ``count``.
  func publish(_ value: Int, at index: Int) {
    precondition(index >= 0 && index < count, "slot \(index) is outside the \(count) slots")
    let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    cell.initialize(to: value)
    cells.withLock { $0.append(cell) }
    instances.store(StoredInstance(UnsafeMutableRawPointer(cell)), at: index)
  }

  /// The value published at `index`, read as the resolution path reads a singleton, or `nil`.
  func load(_ index: Int) -> Int? {
    precondition(index >= 0 && index < count, "slot \(index) is outside the \(count) slots")
    return instances.load(index)?.value(as: Int.self)
  }
}

// MARK: - GraphAnchor

/// A graph anchor of a test's own, for the model tests of the anchor: it points at a graph the test
/// keeps, as that graph's own anchor does, and is released, kept for fallback and read as the graph
/// would, without the graph being released. The test keeps the graph alive until it calls
/// ``graphWillRelease()``.
final class StandaloneGraphAnchor: @unchecked Sendable {
  // @unchecked: an anchor is safe to share once attached (see ``GraphAnchor``); the tests attach it
  // before they share it.
  /// Keeps the anchor, as a graph's ``Graph/lentResolver`` does.
  private let resolver: Resolver
  private let anchor: Unretained<GraphAnchor>

  /// An anchor for `graph`, not yet pointed at it: a root's when `graph` is a root, with its scope.
  init(for graph: Graph) {
    (anchor, resolver) = GraphAnchor.make(isRoot: graph.parent == nil, scope: graph.scope)
  }

  /// Points the anchor at `graph`, once, as the graph's initializer does.
  func attach(_ graph: Graph) { anchor.object.attach(graph) }

  /// Keeps what resolving from a live graph above needs once the graph is gone, as a provider that a
  /// shared instance made does.
  func keepForFallback() { anchor.object.keepForFallback() }

  /// Marks the graph released, as the graph's `deinit` does first.
  func graphWillRelease() { anchor.object.graphWillRelease() }

  /// The graph, or `nil` before ``attach(_:)`` and once it began to be released.
  var graph: Graph? { anchor.object.graph }

  /// What ``keepForFallback()`` kept, if anything did: the anchor keeps it until it goes.
  var fallback: AnyObject? { anchor.object.fallback }

  /// The graphs the kept fallback lists as ancestors, nearest first: `nil` for one released.
  var fallbackAncestors: [Graph?]? { anchor.object.fallback?.ancestors.map(\.graph) }

  /// Stops if the anchor breaks one of its invariants (``GraphAnchor/checkInvariants()``), in any
  /// build.
  func checkInvariants() { anchor.object.checkInvariants() }
}

// MARK: - InstanceTable

/// The shape of an instance table, for the tests of its growth.
struct InstanceTableShape: Equatable, Sendable {
  /// The current block's entries.
  var capacity: Int
  /// The stored objects.
  var count: Int
  /// The blocks the table has used: the current one and every one it retired.
  var blocks: Int

  /// A shape, as a test expects it.
  init(capacity: Int, count: Int, blocks: Int) {
    self.capacity = capacity
    self.count = count
    self.blocks = blocks
  }
}

extension InstanceTable {
  /// The table's shape. Only while no build is in flight: it reads the count, which writers change.
  var shape: InstanceTableShape {
    guard let table = current else { return InstanceTableShape(capacity: 0, count: 0, blocks: 0) }
    var blocks = 1
    var block = table
    while let retired = block.retired {
      blocks += 1
      block = retired
    }
    return InstanceTableShape(capacity: table.capacity, count: table.count, blocks: blocks)
  }
}

/// An instance table with memory of its own, for tests of the table itself: it takes any slots,
/// where a graph's keys, whose slots are handed out in order, rarely make two collide.
final class StandaloneInstanceTable {
  /// The table's memory, as a graph's anchor would provide it.
  private let memory: UnsafeMutablePointer<Int>
  private let table: InstanceTable

  /// An empty table.
  init() {
    memory = .allocate(capacity: InstanceTable.words)
    memory.initialize(repeating: 0, count: InstanceTable.words)
    table = InstanceTable(memory: memory)
  }

  /// Stores `value` for `slot`, which holds nothing yet; with internal checks on, checks what the
  /// store can break.
  func store<Value>(_ value: Value, at slot: Int) {
    precondition(slot >= 0 && table.load(slot) == nil, "slot \(slot) is negative or taken")
    table.store(value, at: slot)
  }

  /// The value stored for `slot`, which is a `Value`, or `nil`.
  func load<Value>(_ slot: Int, as type: Value.Type) -> Value? {
    table.value(slot, as: type)
  }

  /// The object stored for `slot`, or `nil`.
  func load(_ slot: Int) -> AnyObject? {
    table.value(slot, as: AnyObject.self)
  }

  /// Stops if the table breaks one of its invariants (``InstanceTable/checkInvariants(of:)``), in any
  /// build.
  func checkInvariants() {
    table.checkInvariants()
  }

  /// The table's shape.
  var shape: InstanceTableShape { table.shape }

  /// Whether a table keeps a `Value` in its entry rather than in a box: for the tests that pin
  /// which types cost no allocation of their own.
  static func storesInline<Value>(_ type: Value.Type) -> Bool {
    InstanceTable.storesInline(type)
  }

  deinit {
    table.destroy()
    memory.deallocate()
  }
}

// MARK: - CheckedSlots

/// A table of checked slots on its own, for tests: it takes any slot, far past the keys made so far.
final class StandaloneCheckedSlots: Sendable {
  private let slots = CheckedSlots([])

  /// An empty table.
  init() {}

  /// Records `slot`.
  func insert(_ slot: Int) { slots.insert(slot) }

  /// Whether `slot` was recorded.
  func contains(_ slot: Int) -> Bool { slots.contains(slot) }
}

// MARK: - BuildList

/// A build list on its own, for tests of the list: ids of any owner and slot, each with a build
/// record of the calling thread.
final class StandaloneBuildList {
  private var list = BuildList()
  private let key: Keys
  /// The objects that stand for owners: one per number.
  private var owners: [Int: Owner] = [:]
  private final class Owner {}

  /// An empty list, whose builds all name `key`.
  init(key: Keys) {
    self.key = key
  }

  /// Records a build of `slot` for `owner`, which is not in the list.
  func append(owner: Int, slot: Int) {
    list.append(id(owner, slot), BuildCoordinator.Build(thread: currentThreadID(), key: Unretained(key), path: .init()))
  }

  /// Removes the build of `slot` for `owner`, if it is in the list.
  func remove(owner: Int, slot: Int) {
    list.remove(id(owner, slot))
  }

  /// Whether a build of `slot` for `owner` is in the list.
  func contains(owner: Int, slot: Int) -> Bool {
    list.build(of: id(owner, slot)) != nil
  }

  /// How many builds are in the list.
  var count: Int { list.count }

  /// Stops if the list breaks one of its invariants, in any build.
  func checkInvariants() { list.checkInvariants() }

  private func id(_ owner: Int, _ slot: Int) -> BuildCoordinator.BuildID {
    let object = owners[owner] ?? Owner()
    owners[owner] = object
    return BuildCoordinator.BuildID(owner: ObjectIdentifier(object), slot: slot)
  }
}

// MARK: - ResolutionStack.ThreadFrames

/// The threads' buffers of resolution frames, counted for the tests of the thread-exit path.
enum ResolutionFrameBuffers {
  /// How many threads hold a buffer of frames now: one is allocated on a thread's first resolution,
  /// and freed, by a thread-exit destructor, when the thread ends.
  static var live: Int { sheath_frame_buffers_live() }
}

/// The calling thread's resolution state, for the model test of ``ResolutionStack/ThreadFrames``.
struct ThreadFramesSnapshot: Equatable, Sendable {
  /// Frames pushed.
  var count: Int
  /// Frames that fit before the buffer grows.
  var capacity: Int
  /// The depth of the next scan for a cycle.
  var nextCycleCheck: Int
  /// The depth at which the fast push hands over to the checks.
  var slowDepth: Int

  init(count: Int, capacity: Int, nextCycleCheck: Int, slowDepth: Int) {
    self.count = count
    self.capacity = capacity
    self.nextCycleCheck = nextCycleCheck
    self.slowDepth = slowDepth
  }

  /// The calling thread's, after checking its invariants, in any build.
  static var current: ThreadFramesSnapshot {
    let frames = ResolutionStack.ThreadFrames.current
    frames.checkInvariants()
    let state = frames.state.pointee
    return ThreadFramesSnapshot(
      count: state.count, capacity: state.capacity, nextCycleCheck: state.nextCycleCheck, slowDepth: state.slowDepth)
  }
}

// MARK: - A graph's instance table

extension Graph {
  /// The shape of the table of shared instances this graph owns, after checking its invariants: for
  /// tests, while no build is in flight.
  var instanceTableShape: InstanceTableShape {
    coordinator.withLock {
      instances.checkInvariants()
      return instances.shape
    }
  }
}
