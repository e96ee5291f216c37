import CSheathRuntime

/// The keys a binding table has checked as data (see ``GraphCheck``), by slot: every key its graph
/// knew when it was built, and each key it did not know, checked on its first resolution.
///
/// One bit a slot. The resolution path reads it the first time a graph sharing the table falls back on
/// a key's own binding (the key then remembers the table: ``Keys/checkedBy``), and on every fallback in
/// a test graph. The bits are set with an atomic or, so that two threads checking two keys keep both.
///
/// Keys made after the table are common: a `static let` key is made when it is first read, which is
/// usually after the graph was built. Their bits live in further segments, each twice the size of the
/// one before, made on first use and published with a compare-and-exchange, so that reading one costs a
/// few more shifts and loads, never a lock.
final class CheckedSlots: @unchecked Sendable {
  // @unchecked: the words are only written by atomic or and read by acquire loads; a segment's address
  // is published once, by compare-and-exchange, and never changes after that.

  /// A power of two, at least `Int.bitWidth`.
  let capacity: Int
  /// The address of segment `k`, or 0 until it is made. Segment 0, made with the table, keeps the bits
  /// of the slots below `capacity`; segment `k ≥ 1` those of `capacity << (k - 1) ..< capacity << k`.
  let segments: UnsafeMutablePointer<Int>
  static let segmentCount = Int.bitWidth

  /// The slots of `keys`, in a table with room for every key created so far.
  init(_ keys: [Keys]) {
    let highest = keys.map(\.slot).max() ?? 0
    let needed = max(highest + 1, KeyRegistry.shared.count, Int.bitWidth)
    capacity = 1 &<< (Int.bitWidth - (needed - 1).leadingZeroBitCount)
    segments = Self.zeroedWords(Self.segmentCount)
    segments[0] = Int(bitPattern: Self.zeroedWords(capacity / Int.bitWidth))
    for key in keys { insert(key.slot) }
  }

  deinit {
    for index in 0..<Self.segmentCount {
      if let segment = UnsafeMutablePointer<Int>(bitPattern: segments[index]) { segment.deallocate() }
    }
    segments.deallocate()
  }

  /// Whether the key in `slot` was checked.
  func contains(_ slot: Int) -> Bool {
    let (segment, offset) = place(of: slot)
    guard let words = UnsafeMutablePointer<Int>(bitPattern: sheath_load_acquire_int(segments + segment)) else {
      return false
    }
    // A slot is never negative: shifts and masks, not division.
    let word = sheath_load_acquire_int(words + (offset &>> Int.bitWidth.trailingZeroBitCount))
    return word & (1 &<< (offset & (Int.bitWidth - 1))) != 0
  }

  /// Records that the key in `slot` was checked.
  func insert(_ slot: Int) {
    let (segment, offset) = place(of: slot)
    var address = sheath_load_acquire_int(segments + segment)
    if address == 0 {
      let made = Self.zeroedWords((capacity &<< (segment - 1)) / Int.bitWidth)
      if sheath_compare_exchange_int(segments + segment, 0, Int(bitPattern: made)) {
        address = Int(bitPattern: made)
      } else {
        // Another thread made it first: use theirs.
        made.deallocate()
        address = sheath_load_acquire_int(segments + segment)
      }
    }
    let words = UnsafeMutablePointer<Int>(bitPattern: address).unsafelyUnwrapped
    sheath_fetch_or_int(words + (offset &>> Int.bitWidth.trailingZeroBitCount), 1 &<< (offset & (Int.bitWidth - 1)))
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants(inserted: slot)
    #endif
  }

  /// `count` words, all zero.
  private static func zeroedWords(_ count: Int) -> UnsafeMutablePointer<Int> {
    let words = UnsafeMutablePointer<Int>.allocate(capacity: count)
    words.initialize(repeating: 0, count: count)
    return words
  }

  /// The segment that keeps `slot`'s bit, and the bit's index in it.
  func place(of slot: Int) -> (segment: Int, offset: Int) {
    if slot < capacity { return (0, slot) }
    // `slot` is in `capacity << (k - 1) ..< capacity << k` when its highest bit is `k - 1` above
    // `capacity`'s; its offset there is `slot` without that bit.
    let highest = Int.bitWidth &- 1 &- slot.leadingZeroBitCount
    return (highest &- capacity.trailingZeroBitCount &+ 1, slot ^ (1 &<< highest))
  }
}

extension CheckedSlots {
  /// Stops if the table breaks one of the invariants that reading it without a lock relies on, or
  /// if `slot`, just inserted, is not found:
  ///
  /// - its capacity is a power of two of at least `Int.bitWidth`, so that a slot's word and bit are
  ///   shifts and masks;
  /// - segment 0 is made with the table, and a made segment is never unmade;
  /// - `slot`'s segment is made, and `slot` lies in it: segment `k ≥ 1` keeps
  ///   `capacity << (k - 1) ..< capacity << k`.
  ///
  /// Constant time: an insert checks itself in a debug build.
  func checkInvariants(inserted slot: Int) {
    precondition(
      capacity >= Int.bitWidth && capacity & (capacity - 1) == 0,
      "checked slots: capacity \(capacity) is not a power of two of at least \(Int.bitWidth)")
    precondition(sheath_load_acquire_int(segments) != 0, "checked slots: segment 0 is not made")
    let (segment, offset) = place(of: slot)
    precondition(sheath_load_acquire_int(segments + segment) != 0, "checked slots: segment \(segment) is not made")
    let start = segment == 0 ? 0 : capacity &<< (segment - 1)
    let size = segment == 0 ? capacity : start
    precondition(
      offset >= 0 && offset < size && start + offset == slot,
      "checked slots: slot \(slot) placed at bit \(offset) of segment \(segment), which starts at \(start)")
    precondition(contains(slot), "checked slots: slot \(slot) is not found after its insert")
  }
}

/// A table of checked slots on its own, for tests of its segments: it takes any slot, far past the
/// keys made so far.
package final class StandaloneCheckedSlots: Sendable {
  private let slots = CheckedSlots([])

  /// An empty table, with room in its first segment for every key made so far.
  package init() {}

  /// The slots of the first segment; each further segment doubles it.
  package var capacity: Int { slots.capacity }

  /// Records `slot`; with internal checks on, checks the invariants.
  package func insert(_ slot: Int) { slots.insert(slot) }

  /// Stops if the table breaks one of its invariants, or `slot` is not found, in any build.
  package func checkInvariants(inserted slot: Int) { slots.checkInvariants(inserted: slot) }

  /// Whether `slot` was recorded.
  package func contains(_ slot: Int) -> Bool { slots.contains(slot) }

  /// How many segments are made, the first one included.
  package var segmentsMade: Int {
    (0..<CheckedSlots.segmentCount).filter { sheath_load_acquire_int(slots.segments + $0) != 0 }.count
  }
}
