import Foundation
import Sheath
import Testing

// The lock every family of graphs builds its shared instances under (Resolution/Coordination/FamilyLock.swift):
// a mutex, and a condition that threads waiting for a build sleep on. These tests contend for it from
// several threads: a lost exclusion loses increments (and ThreadSanitizer, which runs this suite,
// reports the race); a lost wakeup leaves a thread asleep for the time it asked for, which the test
// counts as a failure.

/// A counter the tests only touch under the lock under test: deliberately not atomic.
private final class Unprotected: @unchecked Sendable {
  // @unchecked: every access is under the `FamilyLock` the test passes around; that is what it tests.
  var value = 0
}

@Suite("A family's lock")
struct FamilyLockTests {
  @Test("four threads taking it 50,000 times each lose no increment", .timeLimit(.minutes(1)))
  func exclusion() {
    let lock = FamilyLock()
    let counter = Unprotected()
    let threads = 4
    let rounds = 50_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<rounds {
        lock.withLock { counter.value += 1 }
      }
    }
    #expect(lock.withLock { counter.value } == threads * rounds)
  }

  @Test(
    "two threads that take turns, each waiting with the lock released for the other's broadcast, lose no wakeup",
    .timeLimit(.minutes(1)))
  func noLostWakeup() {
    let lock = FamilyLock()
    let published = Unprotected()
    let acknowledged = Unprotected()
    // Waits that ended by their time instead of a broadcast: a broadcast wakes a thread within
    // microseconds, and a wait that lost its wakeup sleeps its full 20 seconds. Either side stops at
    // the first one, so that a lost wakeup fails the test in 20 seconds instead of hanging it.
    let lostWakeups = Unprotected()
    /// Waits under the lock until `done()`, counting a wait that outlived any wakeup.
    @Sendable func wait(until done: () -> Bool) {
      while !done(), lostWakeups.value == 0 {
        let started = DispatchTime.now().uptimeNanoseconds
        lock.wait(seconds: 20)
        if DispatchTime.now().uptimeNanoseconds - started >= 10_000_000_000 { lostWakeups.value += 1 }
      }
    }
    let rounds = 2_000
    let done = DispatchGroup()
    // No third thread: one that took and released the lock would wake a sleeper whose wakeup was
    // lost, and hide the loss.
    // The other side: waits for each round, as a thread waits for a build, then answers it.
    done.enter()
    Thread {
      lock.withLock {
        for round in 1...rounds {
          wait { published.value >= round }
          acknowledged.value = round
          lock.broadcast()
        }
      }
      done.leave()
    }.start()
    // This side publishes a round and waits for its answer before the next.
    lock.withLock {
      for round in 1...rounds {
        published.value = round
        lock.broadcast()
        wait { acknowledged.value >= round }
      }
    }
    done.wait()
    lock.withLock {
      #expect(lostWakeups.value == 0, "no wait outlived its wakeup")
      #expect(acknowledged.value == rounds)
    }
  }

  @Test("a wait with no broadcast returns after its time, holding the lock again", .timeLimit(.minutes(1)))
  func waitTimesOut() {
    let lock = FamilyLock()
    let counter = Unprotected()
    lock.lock()
    let started = Date()
    lock.wait(seconds: 0.05)
    let waited = Date().timeIntervalSince(started)
    counter.value += 1
    // Held again: another thread cannot take it until this one lets go.
    let other = DispatchSemaphore(value: 0)
    Thread {
      lock.withLock { counter.value += 1 }
      other.signal()
    }.start()
    #expect(other.wait(timeout: .now() + 0.2) == .timedOut, "the lock was held again after the wait")
    lock.unlock()
    other.wait()
    #expect(waited >= 0.04)
    #expect(lock.withLock { counter.value } == 2)
  }
}
