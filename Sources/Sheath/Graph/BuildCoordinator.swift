import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Makes sure each shared instance of a family of graphs (a root and its children) is built once,
/// without holding a lock while a factory runs.
///
/// The first thread to ask for a missing instance claims it and builds it with no lock held; threads
/// asking meanwhile wait for it. Waiting is where deadlocks could hide, so before a thread waits the
/// coordinator follows who-waits-for-whom: a chain that comes back to the asking thread is a
/// dependency cycle across threads, and is reported instead of hanging. The lock is per family and
/// is only taken when an instance is missing, never on the path that finds one.
final class BuildCoordinator: @unchecked Sendable {
  // @unchecked: `builders` and `waits`, and every `WeakBox.object`, are only accessed under `condition`.

  /// One instance being built: which cell, by whom, for which key.
  private struct Build {
    let thread: UInt
    let key: Keys
  }

  struct BuildID: Hashable {
    let graph: ObjectIdentifier
    let slot: Int
  }

  enum Claim<Value> {
    /// Someone built it already.
    case existing(Value)
    /// This thread builds it now, and must call `finish`.
    case claimed
    /// This thread is building it already: a dependency cycle.
    case reentered
  }

  private let condition = NSCondition()
  private var builders: [BuildID: Build] = [:]
  private var waits: [UInt: BuildID] = [:]

  /// Returns the instance if `existing` finds one; otherwise claims the build for this thread, waiting
  /// while another thread builds it.
  func claim<Value>(_ id: BuildID, key: Keys, existing: () -> Value?) -> Claim<Value> {
    let me = currentThreadID()
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let value = existing() { return .existing(value) }
      guard let build = builders[id] else {
        builders[id] = Build(thread: me, key: key)
        return .claimed
      }
      if build.thread == me { return .reentered }
      if let cycle = cycle(ifWaitingFor: id, me: me) {
        ResolutionFailure.crossThreadCycle(cycle).trap()
      }
      waits[me] = id
      condition.wait()
      waits[me] = nil
    }
  }

  /// Ends a claimed build: runs `publish` (which stores the instance) and wakes the waiters.
  func finish(_ id: BuildID, publish: () -> Void) {
    condition.lock()
    publish()
    builders[id] = nil
    condition.broadcast()
    condition.unlock()
  }

  /// Runs `body` under the lock, for reading and writing weak cells.
  func withLock<Result>(_ body: () -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// The keys of a cycle of waiting threads that `me` would close by waiting for `id`, or `nil`.
  private func cycle(ifWaitingFor id: BuildID, me: UInt) -> [Keys]? {
    var path: [Keys] = []
    var next = id
    for _ in 0...builders.count {
      guard let build = builders[next] else { return nil }
      path.append(build.key)
      if build.thread == me {
        // `me` is building the last key, which needs the first: close the loop.
        return [build.key] + path
      }
      guard let waitedFor = waits[build.thread] else { return nil }
      next = waitedFor
    }
    return nil
  }
}

/// A number that identifies the calling thread while it runs.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
