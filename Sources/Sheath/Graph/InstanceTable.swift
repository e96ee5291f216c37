import CSheathRuntime

/// The shared instances one graph owns, by key slot: read without a lock, written under the graph
/// family's ``BuildCoordinator`` lock.
///
/// A small open-addressing table (slot + 1 as the tag, linear probing, at most half full) in one
/// block of memory, published through an atomic pointer. Writers never change an entry once its tag
/// is set; when the table fills up they copy it into a block twice the size, publish that, and keep
/// the old block (readers may still be in it) until the graph is released. The cell and the first
/// block, of four entries, are memory the graph's anchor allocates with its own (``GraphAnchor``): a
/// flow with a scoped instance or two allocates nothing more for them.
@usableFromInline
struct InstanceTable: @unchecked Sendable {
  // @unchecked: the cell and the blocks are read through acquire loads and written under the
  // family's lock (see above).
  /// The current block, or `nil` until the first instance is stored. Owned by the graph.
  @usableFromInline let cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// Block layout: capacity, count, the retired block (or 0), then `capacity` entries of a tag and
  /// an object pointer (retained while the tag is set).
  @usableFromInline static var headerSize: Int { 3 * MemoryLayout<Int>.stride }
  @usableFromInline static var entrySize: Int { 2 * MemoryLayout<Int>.stride }

  /// Entries in the first block, which follows the cell.
  private static var inlineCapacity: Int { 4 }

  /// The words of memory a table takes: the cell, then the first block.
  static var words: Int { 1 + (headerSize + inlineCapacity * entrySize) / MemoryLayout<Int>.stride }

  /// A table in `memory`: ``words`` zeroed words, which its owner frees after ``destroy()``.
  init(memory: UnsafeMutablePointer<Int>) {
    cell = UnsafeMutableRawPointer(memory).bindMemory(to: UnsafeMutableRawPointer?.self, capacity: 1)
  }

  /// The first block's memory, right after the cell.
  private var inlineBlock: UnsafeMutableRawPointer { UnsafeMutableRawPointer(cell + 1) }

  /// The object stored for `slot`, unretained, or `nil`.
  @inlinable @inline(__always)
  func load(_ slot: Int) -> UnsafeMutableRawPointer? {
    guard let block = sheath_load_acquire(cell) else { return nil }
    let mask = block.load(as: Int.self) &- 1
    let entries = block + Self.headerSize
    let tag = slot &+ 1
    var index = slot & mask
    while true {
      let entry = entries + index &* Self.entrySize
      let found = sheath_load_acquire_int(entry.assumingMemoryBound(to: Int.self))
      if found == tag { return entry.load(fromByteOffset: MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer?.self) }
      if found == 0 { return nil }
      index = (index &+ 1) & mask
    }
  }

  /// Stores `object` (retained) for `slot`, which holds nothing yet. Only under the family's lock.
  func store(_ object: AnyObject, at slot: Int) {
    var block = cell.pointee ?? Self.prepare(inlineBlock, capacity: Self.inlineCapacity, retired: nil)
    let count = block.load(fromByteOffset: MemoryLayout<Int>.stride, as: Int.self)
    if (count + 1) * 2 > block.load(as: Int.self) { block = Self.grown(block) }
    let mask = block.load(as: Int.self) - 1
    var index = slot & mask
    while Self.entry(block, index).load(as: Int.self) != 0 { index = (index + 1) & mask }
    let entry = Self.entry(block, index)
    entry.storeBytes(
      of: Unmanaged.passRetained(object).toOpaque(), toByteOffset: MemoryLayout<Int>.stride,
      as: UnsafeMutableRawPointer?.self)
    block.storeBytes(of: count + 1, toByteOffset: MemoryLayout<Int>.stride, as: Int.self)
    sheath_store_release_int(entry.assumingMemoryBound(to: Int.self), slot + 1)
    if cell.pointee != block { sheath_store_release(cell, block) }
  }

  /// Releases every stored object and frees every block but the first, which is the owner's. When the
  /// graph is released: no reader is left.
  func destroy() {
    if let block = cell.pointee {
      for index in 0..<block.load(as: Int.self) {
        let entry = Self.entry(block, index)
        if entry.load(as: Int.self) != 0,
          let object = entry.load(fromByteOffset: MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer?.self)
        {
          Unmanaged<AnyObject>.fromOpaque(object).release()
        }
      }
      var next: UnsafeMutableRawPointer? = block
      while let current = next {
        next = current.load(fromByteOffset: 2 * MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer?.self)
        // The first block goes with the cell.
        if current != inlineBlock { current.deallocate() }
      }
    }
  }

  private static func entry(_ block: UnsafeMutableRawPointer, _ index: Int) -> UnsafeMutableRawPointer {
    block + headerSize + index * entrySize
  }

  private static func allocate(capacity: Int, retired: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: headerSize + capacity * entrySize, alignment: MemoryLayout<Int>.alignment)
    return prepare(block, capacity: capacity, retired: retired)
  }

  /// Lays out an empty block of `capacity` entries in `block`'s memory.
  private static func prepare(
    _ block: UnsafeMutableRawPointer, capacity: Int, retired: UnsafeMutableRawPointer?
  ) -> UnsafeMutableRawPointer {
    block.initializeMemory(as: UInt8.self, repeating: 0, count: headerSize + capacity * entrySize)
    block.storeBytes(of: capacity, as: Int.self)
    block.storeBytes(of: retired, toByteOffset: 2 * MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer?.self)
    return block
  }

  /// A block twice the size of `old` holding its entries; `old` is kept for readers still in it.
  private static func grown(_ old: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    let oldCapacity = old.load(as: Int.self)
    let block = allocate(capacity: oldCapacity * 2, retired: old)
    let mask = oldCapacity * 2 - 1
    var count = 0
    for oldIndex in 0..<oldCapacity {
      let oldEntry = entry(old, oldIndex)
      let tag = oldEntry.load(as: Int.self)
      guard tag != 0 else { continue }
      var index = (tag - 1) & mask
      while entry(block, index).load(as: Int.self) != 0 { index = (index + 1) & mask }
      entry(block, index).copyMemory(from: oldEntry, byteCount: entrySize)
      count += 1
    }
    block.storeBytes(of: count, toByteOffset: MemoryLayout<Int>.stride, as: Int.self)
    return block
  }
}

/// An instance a graph caches, boxed so one pointer-sized cell can hold any type.
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
