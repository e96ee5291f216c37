/// A binding table's entries, by key slot: one block, allocated and filled in by the table's
/// initializer, then only read — without a lock, a bounds check or a reference count — by every graph
/// that resolves through the table. The table frees it, after the last such graph is gone (each keeps
/// the table, or an ancestor that does).
@frozen @usableFromInline
struct BindingEntries: @unchecked Sendable {
  // @unchecked: written only by the table's initializer, before any graph holds the table; read-only
  // after that, and the entries' bindings are immutable and Sendable.
  @usableFromInline let base: UnsafeMutablePointer<BindingTable.Entry>
  /// How many slots the block has: every key created before the table was built that it or an
  /// ancestor knows, and none after.
  @usableFromInline let count: Int

  /// `count` entries: `inherited`'s, then empty ones.
  init(count: Int, inheriting inherited: BindingEntries?) {
    base = .allocate(capacity: Swift.max(count, 1))
    let copied = Swift.min(inherited?.count ?? 0, count)
    if let inherited { base.initialize(from: inherited.base, count: copied) }
    (base + copied).initialize(repeating: .empty, count: count - copied)
    self.count = count
  }

  /// Whether `slot` has an entry: one unsigned comparison, since a slot is never negative.
  @inlinable @inline(__always)
  func contains(_ slot: Int) -> Bool {
    UInt(bitPattern: slot) < UInt(bitPattern: count)
  }

  /// The entry of `slot`, which ``contains(_:)`` (debug builds check it when setting); set only by
  /// the table's initializer, which sized the block for every slot it sets.
  @inlinable
  subscript(slot: Int) -> BindingTable.Entry {
    @inline(__always) get { base[slot] }
    nonmutating set {
      assert(contains(slot), "binding table: a slot outside its entries")
      base[slot] = newValue
    }
  }

  /// Frees the block; the table's `deinit` calls it.
  func deallocate() {
    base.deallocate()
  }
}
