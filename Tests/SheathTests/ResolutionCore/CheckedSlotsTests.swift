import Sheath
import Testing

// The bits that say which keys a binding table has checked live in segments: the first made with the
// table, each further one twice the size of the one before, made by the first thread that needs it.
// A slot's segment and bit come from shifts and masks; these tests set slots on each side of every
// boundary up to a million, on one thread and on several, and look at the bits around each. Debug
// builds check the segments after every insert.

@Suite("Checked slots")
struct CheckedSlotsTests {
  /// Slots on each side of the first eleven segment boundaries, and some in between.
  static func boundarySlots(capacity: Int) -> [Int] {
    var slots = [0, 1, capacity / 2]
    for segment in 0...10 {
      let end = capacity << segment
      slots += [end - 1, end, end + 1]
    }
    return slots
  }

  @Test("a slot on each side of every segment boundary is found, and its neighbours are not")
  func boundaries() {
    let table = StandaloneCheckedSlots()
    #expect(table.capacity >= Int.bitWidth && table.capacity & (table.capacity - 1) == 0)
    let slots = Self.boundarySlots(capacity: table.capacity).filter { $0 % 3 != 2 }
    for slot in slots {
      #expect(!table.contains(slot), "slot \(slot) before it was set")
      table.insert(slot)
      #expect(table.contains(slot), "slot \(slot) after it was set")
    }
    let set = Set(slots)
    for slot in set {
      for neighbour in [slot - 1, slot + 1] where neighbour >= 0 && !set.contains(neighbour) {
        #expect(!table.contains(neighbour), "slot \(neighbour), next to \(slot)")
      }
    }
    // Segments 0 to 11: the largest slot set, capacity << 10 + 1, lies in segment 11.
    #expect(table.segmentsMade == 12)
  }

  @Test("four threads setting slots across the same new segments keep every bit")
  func concurrentInserts() async {
    let table = StandaloneCheckedSlots()
    let capacity = table.capacity
    let highest = capacity << 6
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<4 {
        group.addTask {
          // Interleaved: the four threads share every word and race to make every segment.
          for slot in stride(from: thread, to: highest, by: 4) where slot % 5 != 0 { table.insert(slot) }
        }
      }
    }
    let missing = (0..<highest).filter { ($0 % 5 != 0) != table.contains($0) }
    #expect(missing.isEmpty, "slots whose bit is wrong: \(missing.prefix(10))")
    #expect(table.segmentsMade == 7)
  }
}
