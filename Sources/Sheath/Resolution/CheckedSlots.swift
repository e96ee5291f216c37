/// The keys a binding table has checked as data (see ``GraphCheck``), by slot: every key its graph
/// knew when it was built, and each key it did not know, checked on its first resolution.
///
/// The resolution path asks it the first time a graph sharing the table falls back on a key's own
/// binding (the key then remembers the table: ``Keys/checkedBy``), and on every fallback in a test
/// graph or one that stops on unknown keys: never on the path a benchmark row takes twice. So it is a
/// bitset under a lock. Until 0.2 it was a lock-free bitset in segments, 83 lines of unsafe code that no
/// row of Benchmarks/ measured (Benchmarks/README, "A runtime in proportion").
final class CheckedSlots: Sendable {
  /// One bit a slot, in words.
  private let words: Locked<[UInt]>

  /// The slots of `keys`.
  init(_ keys: [Keys]) {
    var words = [UInt](repeating: 0, count: (keys.map(\.slot).max() ?? 0) / UInt.bitWidth + 1)
    for key in keys { Self.set(key.slot, in: &words) }
    self.words = Locked(words)
  }

  /// Whether the key in `slot` was checked.
  func contains(_ slot: Int) -> Bool {
    words.withLock { words in
      let index = slot / UInt.bitWidth
      return index < words.count && words[index] & (1 << UInt(slot % UInt.bitWidth)) != 0
    }
  }

  /// Records that the key in `slot` was checked.
  func insert(_ slot: Int) {
    words.withLock { Self.set(slot, in: &$0) }
  }

  private static func set(_ slot: Int, in words: inout [UInt]) {
    let index = slot / UInt.bitWidth
    if index >= words.count { words += repeatElement(0, count: index + 1 - words.count) }
    words[index] |= 1 << UInt(slot % UInt.bitWidth)
  }
}
