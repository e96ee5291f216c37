import CSheathRuntime

/// The lock of a family of graphs, and the condition its builds wait on: the owner of a
/// `SheathFamilyLock` (CSheathRuntime.h), which the family's ``BuildCoordinator`` and its
/// ``AsyncBuilds`` share.
///
/// Taking and releasing it when no other thread wants it is one atomic instruction each, inlined;
/// only a thread that finds it held sleeps, on a condition (the header says how no wakeup is lost).
package final class FamilyLock: @unchecked Sendable {
  // @unchecked: `handle` is immutable, and points to C memory that only CSheathRuntime.h's functions
  // touch, which are safe to call from any thread.
  private let handle: OpaquePointer

  package init() {
    handle = sheath_family_lock_create()
  }

  /// Once nothing can hold or wait on the lock: whoever holds or waits keeps this object.
  deinit {
    sheath_family_lock_destroy(handle)
  }

  /// Takes the lock, sleeping while another thread holds it.
  @inline(__always)
  package func lock() {
    sheath_family_lock(handle)
  }

  /// Releases the lock, which the caller holds, and wakes the threads sleeping on it, if any may be.
  @inline(__always)
  package func unlock() {
    sheath_family_unlock(handle)
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
    sheath_family_lock_wait(handle, seconds)
  }

  /// Wakes every thread in ``wait(seconds:)``.
  package func broadcast() {
    sheath_family_lock_broadcast(handle)
  }
}
