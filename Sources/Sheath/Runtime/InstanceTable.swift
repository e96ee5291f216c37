import CSheathRuntime

/// The shared instances one graph owns, by key slot: read without a lock, written under the graph
/// family's ``BuildCoordinator`` lock.
///
/// A small open-addressing table (slot + 1 as the tag, linear probing, at most half full) in one
/// block of memory, published through an atomic pointer. An entry holds its value's bytes when they
/// fit in two words and may be moved byte for byte — a class instance, a class-bound existential such
/// as `any DataController`, an `Int` — and a reference to a ``Box`` of the value otherwise: most
/// shared instances cost no allocation beyond their own (``storesInline(_:)``). Boxing every value,
/// to store them all typed, costs a flow 10% more instructions (Benchmarks/README, "A runtime in
/// proportion"): over the 5% under which the simpler code would win. Writers never change
/// an entry once its tag is set; when the table fills up they copy it into a block twice the size,
/// publish that, and keep the old block (readers may still be in it) until the graph is released.
/// The cell and the first block, of four entries, are words the graph's anchor is allocated with
/// (``GraphAnchor``): a flow with a scoped instance or two allocates nothing more for them.
///
/// A block is a ``Header`` and its ``Entry`` values, reached only through an ``UnsafeHandle``
/// (InstanceTable+UnsafeHandle.swift); in debug builds, and in any build compiled with
/// `-DSHEATH_INTERNAL_CHECKS`, every change ends with a check of the table's invariants
/// (InstanceTable+Invariants.swift), which tests can also run in any build.
@usableFromInline
struct InstanceTable: @unchecked Sendable {
  // @unchecked: the cell and the blocks are read through acquire loads and written under the
  // family's lock (see above).
  /// The current block, or `nil` until the first instance is stored. Owned by the graph.
  @usableFromInline let cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// Entries in the first block, which follows the cell.
  static var inlineCapacity: Int { 4 }

  /// The words of memory a table takes: the cell, then the first block.
  static var words: Int {
    (MemoryLayout<UnsafeMutableRawPointer?>.stride + UnsafeHandle.byteCount(capacity: inlineCapacity))
      / MemoryLayout<Int>.stride
  }

  /// A table in `memory`: ``words`` zeroed words, which its owner frees after ``destroy()``.
  init(memory: UnsafeMutablePointer<Int>) {
    cell = UnsafeMutableRawPointer(memory).bindMemory(to: UnsafeMutableRawPointer?.self, capacity: 1)
  }

  /// The first block's memory, right after the cell.
  private var inlineBlock: UnsafeMutableRawPointer { UnsafeMutableRawPointer(cell + 1) }

  /// The current block, read by a writer, which holds the family's lock: no other thread changes it.
  var current: UnsafeHandle? { cell.pointee.map(UnsafeHandle.init) }

  /// Whether the table keeps a `Value` in its entry, not in a ``Box``: when it fits in the entry's
  /// two words, needs no more alignment than they have, and may be moved byte for byte, as a grown
  /// block copies its entries so. Constant in specialized code.
  @inlinable @inline(__always)
  static func storesInline<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size <= MemoryLayout<(Int, Int)>.size
      && MemoryLayout<Value>.alignment <= MemoryLayout<(Int, Int)>.alignment
      && _isBitwiseTakable(Value.self)
  }

  /// The value stored for `slot`, or `nil`. It stays where it is while the graph lives: a grown block
  /// keeps the old one, whose bytes never change.
  @inlinable @inline(__always)
  func load(_ slot: Int) -> StoredInstance? {
    guard let block = sheath_load_acquire(cell) else { return nil }
    let table = UnsafeHandle(block)
    let mask = table.mask
    let tag = slot &+ 1
    var index = slot & mask
    while true {
      let entry = table.entry(at: index)
      let found = UnsafeHandle.tag(of: entry)
      if found == tag { return StoredInstance(UnsafeHandle.payload(of: entry)) }
      if found == 0 { return nil }
      index = (index &+ 1) & mask
    }
  }

  /// A copy of the `Value` stored for `slot`, or `nil`.
  @inlinable @inline(__always)
  func value<Value>(_ slot: Int, as type: Value.Type) -> Value? {
    load(slot).map { $0.value(as: type) }
  }

  /// Stores `value` for `slot`, which holds nothing yet. Only under the family's lock.
  func store<Value>(_ value: Value, at slot: Int) {
    store(Stored(value), at: slot)
  }

  /// Stores `stored` for `slot`, which holds nothing yet, taking over its reference. Only under the
  /// family's lock.
  func store(_ stored: Stored, at slot: Int) {
    var table = current ?? UnsafeHandle.prepare(inlineBlock, capacity: Self.inlineCapacity, retired: nil)
    if (table.count + 1) * 2 > table.capacity { table = Self.grown(table) }
    let index = Self.emptyIndex(for: slot + 1, in: table)
    table.publish(stored, tag: slot + 1, at: index)
    if cell.pointee != table.block { sheath_store_release(cell, table.block) }
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      // What this store can break, in time of the probe it took: a debug build of an app pays no more.
      // A grown block was checked whole (`grown(_:)`); the tests check every block whole
      // (`instanceTableShape`, in the tests).
      precondition(table.count * 2 <= table.capacity, "instance table: over half full")
      let stored = UnsafeHandle.payload(of: table.entry(at: index))
      precondition(load(slot)?.address == stored, "instance table: slot \(slot) is lost")
    #endif
  }

  /// Releases every stored value and frees every block but the first, which is the owner's. When the
  /// graph is released: no reader is left.
  func destroy() {
    guard let table = current else { return }
    // Stops at the last entry: a flow's table holds one or two instances in room for more.
    var remaining = table.count
    var index = 0
    while remaining > 0 {
      let entry = table.entry(at: index)
      if entry.pointer(to: \.tag).unsafelyUnwrapped.pointee != 0 {
        remaining -= 1
        let payload = UnsafeHandle.payload(of: entry)
        if let type = UnsafeHandle.type(of: entry) {
          Self.deinitialize(type, at: payload)
        } else {
          Unmanaged<AnyObject>.fromOpaque(payload.load(as: UnsafeMutableRawPointer.self)).release()
        }
      }
      index += 1
    }
    var next: UnsafeHandle? = table
    while let block = next {
      next = block.retired
      // The first block goes with the cell.
      if block.block != inlineBlock { block.deallocate() }
    }
  }

  /// Ends the life of the `type` value at `address`: what releasing a stored value takes. Moved out
  /// and dropped, where `deinitialize(count:)` would go through the runtime's array destroy.
  private static func deinitialize(_ type: Any.Type, at address: UnsafeMutableRawPointer) {
    func deinitialize<Value>(_: Value.Type) {
      _ = address.assumingMemoryBound(to: Value.self).move()
    }
    deinitialize(type)
  }

  /// The first empty entry on `tag`'s probe sequence in `table`, which has one: it is at most half full.
  @inline(__always)
  private static func emptyIndex(for tag: Int, in table: UnsafeHandle) -> Int {
    var index = (tag - 1) & table.mask
    while table.entry(at: index).pointer(to: \.tag).unsafelyUnwrapped.pointee != 0 { index = (index + 1) & table.mask }
    return index
  }

  /// A block twice the size of `old` holding its entries; `old` is kept for readers still in it.
  private static func grown(_ old: UnsafeHandle) -> UnsafeHandle {
    let table = UnsafeHandle.allocate(capacity: old.capacity * 2, retired: old)
    for oldIndex in 0..<old.capacity {
      let entry = old.entry(at: oldIndex)
      let tag = entry.pointer(to: \.tag).unsafelyUnwrapped.pointee
      guard tag != 0 else { continue }
      table.copy(entry, to: emptyIndex(for: tag, in: table))
    }
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants(of: table)
    #endif
    return table
  }
}

extension InstanceTable {
  /// A value made ready for an entry: its bytes, with its type, or a reference to a ``Box`` of it,
  /// with no type. It owns one reference to what it holds, which the entry it is stored in takes over.
  ///
  /// Made where the value's type is known — in code specialized for it, the bytes are written with a
  /// store and a retain, and the box's type is at hand — so that storing it is the same few moves for
  /// every type.
  @usableFromInline
  struct Stored {
    /// The value's type when `payload` holds its bytes; `nil` when it holds a box's reference.
    @usableFromInline var type: Any.Type?
    /// The value's bytes, or the box's reference in the first word.
    @usableFromInline var payload: (Int, Int)

    /// `value`, copied into the payload when the table stores it inline (``storesInline(_:)``),
    /// boxed otherwise.
    @inlinable @inline(__always)
    init<Value>(_ value: Value) {
      payload = (0, 0)
      if InstanceTable.storesInline(Value.self) {
        type = Value.self
        withUnsafeMutableBytes(of: &payload) { bytes in
          _ = bytes.baseAddress.unsafelyUnwrapped.initializeMemory(as: Value.self, to: value)
        }
      } else {
        type = nil
        payload.0 = Int(bitPattern: Unmanaged.passRetained(Box(value)).toOpaque())
      }
    }
  }
}

/// A value an instance table stores for a slot (``InstanceTable/load(_:)``), where it is: it stays
/// there, unchanged, as long as the graph that owns the table. Its owner, and whoever holds the owner,
/// may keep it and read it later without a lock: a binding table's singletons do
/// (``PublishedInstances``).
@frozen @usableFromInline
struct StoredInstance {
  /// The entry's payload: the value's bytes, or the reference to its ``Box`` in the first word.
  @usableFromInline let address: UnsafeMutableRawPointer

  @inlinable @inline(__always)
  init(_ address: UnsafeMutableRawPointer) {
    self.address = address
  }

  /// A copy of the value, which is a `Value`: the table stores a slot's key's values only.
  @inlinable @inline(__always)
  func value<Value>(as _: Value.Type) -> Value {
    if InstanceTable.storesInline(Value.self) { return address.load(as: Value.self) }
    return Unmanaged<Box<Value>>.fromOpaque(address.load(as: UnsafeMutableRawPointer.self))
      ._withUnsafeGuaranteedRef { $0.value }
  }
}

/// An instance a graph caches, boxed so a cell of a word or two can hold any type: an instance
/// table's entry, when the value is not ``InstanceTable/storesInline(_:)``; a per-resolution share;
/// a ``Lazy``'s cell.
@usableFromInline
final class Box<Value> {
  @usableFromInline let value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

/// A weak lifetime's cell: the instance while someone holds it. Read and written only under the
/// graph family's ``BuildCoordinator`` lock.
final class WeakBox {
  weak var object: AnyObject?
}
