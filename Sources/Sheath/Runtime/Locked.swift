import Foundation

/// A value guarded by a lock, for the few places that mutate shared state off the hot path (and for the
/// package's tests).
///
/// NB: `Synchronization.Mutex` would do, but it needs macOS 15 / iOS 18; `NSLock` works everywhere.
package final class Locked<State>: @unchecked Sendable {
  // @unchecked: `state` is only read or written inside `withLock`, which holds `lock`.
  private let lock = NSLock()
  private var state: State

  package init(_ state: State) {
    self.state = state
  }

  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
