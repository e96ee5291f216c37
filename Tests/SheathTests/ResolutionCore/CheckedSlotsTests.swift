import Sheath
import Testing

// The slots of the keys a binding table has checked: a set under a lock, asked on a key's first
// fallback in a graph and on every fallback in a test graph. These tests set slots far past the keys
// made so far, on one thread and on several, and look at the slots around each.

@Suite("Checked slots")
struct CheckedSlotsTests {
  /// Slots from 0 to past a million, each with a neighbour left out.
  static let slots = Set([0, 1, 2] + (6...20).flatMap { [(1 << $0) - 1, 1 << $0, (1 << $0) + 1] }).sorted()

  @Test("a slot set is found, and its neighbours are not")
  func setAndNeighbours() {
    let table = StandaloneCheckedSlots()
    let slots = Self.slots.filter { $0 % 3 != 2 }
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
  }

  @Test("four threads setting interleaved slots keep every one")
  func concurrentInserts() async {
    let table = StandaloneCheckedSlots()
    let highest = 1 << 14
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<4 {
        group.addTask {
          for slot in stride(from: thread, to: highest, by: 4) where slot % 5 != 0 { table.insert(slot) }
        }
      }
    }
    let wrong = (0..<highest).filter { ($0 % 5 != 0) != table.contains($0) }
    #expect(wrong.isEmpty, "slots whose membership is wrong: \(wrong.prefix(10))")
  }
}
