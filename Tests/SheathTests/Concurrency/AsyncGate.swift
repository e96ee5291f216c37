import Foundation

/// A gate that tasks wait at until it opens; once open, it stays open.
final class AsyncGate: @unchecked Sendable {
  // @unchecked: `isOpen` and `waiting` are only accessed under `lock`.
  private let lock = NSLock()
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Returns once the gate is open.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if isOpen {
        lock.unlock()
        continuation.resume()
      } else {
        waiting.append(continuation)
        lock.unlock()
      }
    }
  }

  /// Opens the gate and lets every waiting task go.
  func open() {
    lock.lock()
    isOpen = true
    let waiting = self.waiting
    self.waiting = []
    lock.unlock()
    for continuation in waiting { continuation.resume() }
  }
}

/// The distinct objects seen, from any thread or task.
final class ObjectSet: @unchecked Sendable {
  // @unchecked: `seen` is only accessed under `lock`.
  private let lock = NSLock()
  private var seen: Set<ObjectIdentifier> = []
  private var objects: [AnyObject] = []

  var count: Int { lock.withLock { seen.count } }

  func insert(_ object: AnyObject) {
    lock.withLock {
      // Kept, so that a freed object's identifier cannot be reused by a new one.
      if seen.insert(ObjectIdentifier(object)).inserted { objects.append(object) }
    }
  }
}

/// Whether `condition` holds within a second. An instance built by an async key's build task is
/// released by that task a moment after it resumes the waiters, so "freed" is checked this way.
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<1_000 {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
  return condition()
}
