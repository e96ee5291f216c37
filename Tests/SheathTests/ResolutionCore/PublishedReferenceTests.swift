import Foundation
import Sheath
import Testing

// A reference published once and read without a lock (Runtime/AtomicWords.swift): what a `Lazy` keeps
// its value in, and a declaration its keys. Threads race to publish; each must get the one that won,
// and the cell must hold exactly one reference to it: a lost release leaks the losers or the winner,
// an extra one crashes. ThreadSanitizer runs this suite.

private final class Candidate: Sendable {
  let thread: Int
  init(thread: Int) { self.thread = thread }
}

/// What one thread made and got back: written by that thread only, read after every thread joined.
private final class Seen: @unchecked Sendable {
  // @unchecked: one thread writes it, and the test reads it after `concurrentPerform` returns.
  weak var candidate: AnyObject?
  var returned: ObjectIdentifier?
}

/// One `Seen` per thread, in an array no thread changes: writing one thread's entry is not an
/// access to the array (ThreadSanitizer reported that as a race).
private struct Watched {
  let threads: [Seen]
  init(count: Int) { threads = (0..<count).map { _ in Seen() } }
  var candidates: [AnyObject?] { threads.map(\.candidate) }
  var returned: [ObjectIdentifier?] { threads.map(\.returned) }
}

@Suite("A published reference")
struct PublishedReferenceTests {
  @Test("eight threads publishing at once all get the first one's object; the others are released")
  func race() {
    for _ in 0..<200 {
      let watched = Self.publishConcurrently(threads: 8)
      // Released with its owner, once.
      #expect(watched.candidates.allSatisfy { $0 == nil })
    }
  }

  /// Races `threads` threads to publish in a new cell, checks what they got, and releases the cell.
  private static func publishConcurrently(threads: Int) -> Watched {
    let cell = StandalonePublishedReference()
    let watched = Watched(count: threads)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let candidate = Candidate(thread: thread)
      watched.threads[thread].candidate = candidate
      watched.threads[thread].returned = ObjectIdentifier(cell.publishIfFirst(candidate))
    }
    let winner = cell.published.map(ObjectIdentifier.init)
    #expect(winner != nil)
    #expect(watched.returned.allSatisfy { $0 == winner })
    // Only the published candidate is still alive: the cell keeps it.
    #expect(watched.candidates.filter { $0 != nil }.count == 1)
    return watched
  }

  @Test("nothing published reads as nil, and the first publication is kept")
  func first() {
    let cell = StandalonePublishedReference()
    #expect(cell.published == nil)
    let first = Candidate(thread: 0)
    let id = ObjectIdentifier(first)
    // Compared by identifier: `#expect(a === b)` with `AnyObject` crashes Swift 6.3.1's SIL generation.
    #expect(ObjectIdentifier(cell.publishIfFirst(first)) == id)
    #expect(ObjectIdentifier(cell.publishIfFirst(Candidate(thread: 1))) == id)
    #expect(cell.published.map(ObjectIdentifier.init) == id)
  }
}
