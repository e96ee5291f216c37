import Foundation

/// The lock of a family of graphs, and the condition its builds wait on, which the family's
/// ``BuildCoordinator`` and its ``AsyncBuilds`` share.
///
/// A plain `NSCondition` (a `pthread_mutex_t` and a `pthread_cond_t`). It is taken only when a shared
/// instance is missing, twice a build (to claim it and to publish it), never on the path that finds
/// one. A futex-style lock written in C, one atomic instruction when free, won the flow row of
/// Benchmarks/ by 5%: not the 10% that would pay for the C code (Benchmarks/README, "A runtime in proportion").
package final class FamilyLock: @unchecked Sendable {
  // @unchecked: `NSCondition` is safe to use from any thread; its own type is not yet marked
  // `Sendable` in every Foundation this package builds with.
  private let condition = NSCondition()

  package init() {}

  /// Takes the lock, sleeping while another thread holds it.
  @inline(__always)
  package func lock() {
    condition.lock()
  }

  /// Releases the lock, which the caller holds.
  @inline(__always)
  package func unlock() {
    condition.unlock()
  }

  /// Runs `body` holding the lock.
  @inline(__always)
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Releases the lock, which the caller holds, sleeps until ``broadcast()`` or for at most
  /// `seconds`, and takes it again. It may also return early: the caller checks again what it waits
  /// for.
  package func wait(seconds: Double) {
    _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
  }

  /// Wakes every thread in ``wait(seconds:)``. The caller holds the lock.
  package func broadcast() {
    condition.broadcast()
  }
}
