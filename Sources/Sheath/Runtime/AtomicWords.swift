import CSheathRuntime

// Words that threads share without a lock, each reached through a typed handle whose only operations
// are CSheathRuntime.h's atomics (an acquire load, a release store, a compare-and-exchange), and its
// owner's setup and teardown: the rest of Sheath never sees the pointer or the C call.

/// One word several threads read and write atomically: a key's ``Keys/checkedBy`` cell, an anchor's
/// released flag. Its memory belongs to whoever made it, and outlives every handle to it.
@usableFromInline
struct AtomicWord: @unchecked Sendable {
  // @unchecked: the pointer is only read and written through the atomic operations below.
  @usableFromInline let address: UnsafeMutablePointer<Int>

  /// A handle to the word at `address`.
  @inlinable @inline(__always)
  init(_ address: UnsafeMutablePointer<Int>) {
    self.address = address
  }

  /// The word, with acquire ordering: what was written before the store that wrote it is visible.
  @inlinable @inline(__always)
  func load() -> Int {
    sheath_load_acquire_int(address)
  }

  /// Writes `value` with release ordering.
  @inlinable @inline(__always)
  func store(_ value: Int) {
    sheath_store_release_int(address, value)
  }

  /// Writes `desired` if the word is `expected`; whether it did.
  @inlinable @inline(__always)
  func compareExchange(expected: Int, desired: Int) -> Bool {
    sheath_compare_exchange_int(address, expected, desired)
  }
}

/// A fixed array of instances that threads publish and read without a lock, each `nil` until set:
/// a binding table's singletons (``BindingTable/singletons``). The graphs that own the instances keep
/// them, and the table's graphs keep those graphs, for as long as anyone reads through the handle.
@usableFromInline
struct PublishedInstances: @unchecked Sendable {
  // @unchecked: the words are only read and written through the atomic operations below.
  @usableFromInline let base: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// `count` slots (at least one), all `nil`; freed by ``deallocate()``.
  init(count: Int) {
    base = .allocate(capacity: Swift.max(count, 1))
    base.initialize(repeating: nil, count: Swift.max(count, 1))
  }

  /// The instance published at `index`, or `nil`.
  @inlinable @inline(__always)
  func load(_ index: Int) -> StoredInstance? {
    sheath_load_acquire(base + index).map(StoredInstance.init)
  }

  /// Publishes `instance` at `index`.
  @inlinable @inline(__always)
  func store(_ instance: StoredInstance, at index: Int) {
    sheath_store_release(base + index, instance.address)
  }

  func deallocate() {
    base.deallocate()
  }
}

/// One reference, published once and kept until ``destroy()``, read without a lock: a ``Lazy``'s
/// value box, a declaration's ``KeyList``. The cell holds the reference it published.
@usableFromInline
struct PublishedReference<Object: AnyObject>: @unchecked Sendable {
  // @unchecked: the cell is only written once — by a compare-and-exchange, or by a release store
  // under its owner's lock — and read with acquire loads; what it refers to is its owner's to share.
  @usableFromInline let cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// An empty cell; its owner calls ``destroy()`` once.
  init() {
    cell = .allocate(capacity: 1)
    cell.initialize(to: nil)
  }

  /// The published object, or `nil`: the cell keeps it as long as its owner keeps the cell.
  @inlinable @inline(__always)
  func load() -> Unretained<Object>? {
    sheath_load_acquire(cell).map { Unretained(address: $0) }
  }

  /// Publishes `object` unless another thread published first; the published one, either way.
  func publishIfFirst(_ object: Object) -> Unretained<Object> {
    let retained = Unmanaged.passRetained(object).toOpaque()
    if sheath_compare_exchange(cell, nil, retained) { return Unretained(object) }
    Unmanaged<Object>.fromOpaque(retained).release()
    return load().unsafelyUnwrapped
  }

  /// Publishes `object` in the empty cell: its owner's lock is held, so no other thread writes.
  func publish(_ object: Object) {
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      // A second publication would drop the first reference while readers may hold it unretained.
      precondition(load() == nil, "published reference: published in a cell that holds one already")
    #endif
    sheath_store_release(cell, Unmanaged.passRetained(object).toOpaque())
  }

  /// Releases what the cell holds, and frees the cell: its owner's `deinit`.
  func destroy() {
    if let object = cell.pointee { Unmanaged<Object>.fromOpaque(object).release() }
    cell.deallocate()
  }
}
