import CSheathRuntime

extension InstanceTable {
  /// Stops if the current block breaks one of the table's invariants (see
  /// ``checkInvariants(of:)``); only under the family's lock. The tests call it; a store checks
  /// only what it can break, and a grown block is checked whole.
  ///
  /// It walks the whole block, and each entry's probe: time in proportion to the table's size.
  func checkInvariants() {
    if let table = current { Self.checkInvariants(of: table) }
  }

  /// Stops if `table` breaks one of the invariants that reading it without a lock relies on:
  ///
  /// - its capacity is a power of two, at least ``inlineCapacity``, and it is at most half full, so
  ///   that every probe meets an empty entry and ends;
  /// - its count is the number of set tags, and no tag is set twice;
  /// - every set tag is reachable from its home entry without crossing an empty one, so a reader
  ///   that stops at the first empty entry finds it;
  /// - every set tag whose value is boxed holds its box;
  /// - the blocks it retired halve in size down to the first block, which retired none: the chain
  ///   ``destroy()`` walks ends.
  static func checkInvariants(of table: UnsafeHandle) {
    precondition(MemoryLayout<Header>.stride % MemoryLayout<Entry>.alignment == 0, "entries are misaligned")
    let capacity = table.capacity
    precondition(
      capacity >= inlineCapacity && capacity & (capacity - 1) == 0,
      "instance table: capacity \(capacity) is not a power of two of at least \(inlineCapacity)")
    let count = table.count
    precondition(count * 2 <= capacity, "instance table: \(count) entries in \(capacity) is over half full")
    var tags = 0
    for index in 0..<capacity {
      let entry = table.entry(at: index)
      let tag = entry.pointer(to: \.tag).unsafelyUnwrapped.pointee
      guard tag != 0 else { continue }
      tags += 1
      precondition(tag > 0, "instance table: tag \(tag) at \(index) is not a slot + 1")
      if UnsafeHandle.type(of: entry) == nil {
        precondition(
          UnsafeHandle.payload(of: entry).load(as: UnsafeMutableRawPointer?.self) != nil,
          "instance table: tag \(tag) at \(index) holds no value")
      }
      // A second entry with the same tag has the same home, so one of the two lies on the other's
      // probe: walking it finds both the gaps and the twins.
      var probe = (tag - 1) & table.mask
      while probe != index {
        let passed = table.entry(at: probe).pointer(to: \.tag).unsafelyUnwrapped.pointee
        precondition(
          passed != 0,
          "instance table: tag \(tag) at \(index) is cut off from its home by the empty entry \(probe)")
        precondition(passed != tag, "instance table: tag \(tag) is set at \(probe) and \(index)")
        probe = (probe + 1) & table.mask
      }
    }
    precondition(tags == count, "instance table: count \(count), but \(tags) tags are set")
    var block = table
    while let retired = block.retired {
      precondition(
        retired.capacity * 2 == block.capacity,
        "instance table: a block of \(block.capacity) retired one of \(retired.capacity)")
      block = retired
    }
    precondition(block.capacity == inlineCapacity, "instance table: the first block has \(block.capacity) entries")
  }
}
