import CSheathAtomics

/// A table of object references indexed by key slot, filled lazily and read without a lock.
///
/// Two levels: a fixed array of chunk pointers, and chunks of cells allocated on first use. A reader
/// does two acquire loads; a writer publishes with compare-and-swap, so the first value stored in a
/// cell stays there for the table's life. Keys declared as lazily-initialized `static let`s get slots
/// after a graph is built, so the table cannot be sized up front.
final class SlotTable: @unchecked Sendable {
  // @unchecked: `chunks` and the cells are only accessed through acquire loads and CAS; a cell, once
  // set, never changes until deinit, when no other reference to the table exists.

  static let chunkBits = 9
  static let chunkSize = 1 << chunkBits
  static let chunkCount = 512
  /// How many slots a table can address.
  static let capacity = chunkSize * chunkCount

  private let chunks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// The chunks allocated, so that deinit visits only those (most graphs use one or two).
  private let allocated = Locked<[UnsafeMutablePointer<UnsafeMutableRawPointer?>]>([])

  init() {
    chunks = .allocate(capacity: Self.chunkCount)
    chunks.initialize(repeating: nil, count: Self.chunkCount)
  }

  deinit {
    for cells in allocated.withLock({ $0 }) {
      for cell in 0..<Self.chunkSize {
        if let object = cells[cell] { Unmanaged<AnyObject>.fromOpaque(object).release() }
      }
      cells.deallocate()
    }
    chunks.deallocate()
  }

  /// The object stored for `slot`, unretained, or `nil`.
  @inline(__always)
  func load(_ slot: Int) -> UnsafeMutableRawPointer? {
    guard let chunk = sheath_load_acquire(chunks + (slot >> Self.chunkBits)) else { return nil }
    return sheath_load_acquire(
      chunk.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) + (slot & (Self.chunkSize - 1)))
  }

  /// Stores `object` for `slot` unless one is there already; returns the object the cell holds.
  func storeIfEmpty(_ object: AnyObject, at slot: Int) -> UnsafeMutableRawPointer {
    let cell = cellAddress(slot)
    let retained = Unmanaged.passRetained(object).toOpaque()
    if sheath_compare_exchange(cell, nil, retained) { return retained }
    Unmanaged<AnyObject>.fromOpaque(retained).release()
    // Lost a race: a cell never changes once set.
    return sheath_load_acquire(cell).unsafelyUnwrapped
  }

  private func cellAddress(_ slot: Int) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
    let chunkSlot = chunks + (slot >> Self.chunkBits)
    var chunk = sheath_load_acquire(chunkSlot)
    if chunk == nil {
      let fresh = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: Self.chunkSize)
      fresh.initialize(repeating: nil, count: Self.chunkSize)
      if sheath_compare_exchange(chunkSlot, nil, UnsafeMutableRawPointer(fresh)) {
        allocated.withLock { $0.append(fresh) }
        chunk = UnsafeMutableRawPointer(fresh)
      } else {
        fresh.deallocate()
        chunk = sheath_load_acquire(chunkSlot)
      }
    }
    return chunk.unsafelyUnwrapped.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
      + (slot & (Self.chunkSize - 1))
  }
}

/// An instance a graph caches, boxed so one pointer-sized cell can hold any type.
final class Box<Value> {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// A weak lifetime's cell: the instance while someone holds it.
final class WeakBox {
  // Read and written only under the graph family's BuildCoordinator lock.
  weak var object: AnyObject?
}
