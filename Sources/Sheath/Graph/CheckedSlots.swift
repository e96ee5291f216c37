import CSheathRuntime

/// The keys a binding table has checked as data (see ``GraphCheck``), by slot: every key its graph
/// knew when it was built, and each key it did not know, checked on its first resolution.
///
/// One bit a slot, read on the resolution path of every key no module binds: a load and a test. The
/// bits are set with an atomic or, so that two threads checking two keys keep both; a slot past the
/// keys that existed when the table was made is kept in a locked set.
@usableFromInline
final class CheckedSlots: @unchecked Sendable {
  // @unchecked: `words` is only written by atomic or, and read by acquire loads; `later` is locked.
  @usableFromInline let words: UnsafeMutablePointer<Int>
  @usableFromInline let capacity: Int
  private let later = Locked<Set<Int>>([])

  /// The slots of `keys`, in a table with room for every key created so far.
  init(_ keys: [Keys]) {
    let bitsPerWord = Int.bitWidth
    let highest = keys.map(\.slot).max() ?? 0
    capacity = (max(highest + 1, KeyRegistry.shared.count) + bitsPerWord - 1) / bitsPerWord * bitsPerWord
    words = .allocate(capacity: capacity / bitsPerWord)
    words.initialize(repeating: 0, count: capacity / bitsPerWord)
    for key in keys { insert(key.slot) }
  }

  deinit {
    words.deallocate()
  }

  /// Whether the key in `slot` was checked.
  @inlinable @inline(__always)
  func contains(_ slot: Int) -> Bool {
    guard slot < capacity else { return containsLater(slot) }
    // A slot is never negative: shifts and masks, not division.
    let word = sheath_load_acquire_int(words + (slot &>> Int.bitWidth.trailingZeroBitCount))
    return word & (1 &<< (slot & (Int.bitWidth - 1))) != 0
  }

  @usableFromInline
  func containsLater(_ slot: Int) -> Bool {
    later.withLock { $0.contains(slot) }
  }

  /// Records that the key in `slot` was checked.
  func insert(_ slot: Int) {
    guard slot < capacity else {
      later.withLock { _ = $0.insert(slot) }
      return
    }
    sheath_fetch_or_int(words + (slot &>> Int.bitWidth.trailingZeroBitCount), 1 &<< (slot & (Int.bitWidth - 1)))
  }
}
