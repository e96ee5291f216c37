import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Makes sure each shared instance of a family of graphs (a root and its children) — and each
/// ``Lazy`` value — is built once, without holding a lock while a factory runs.
///
/// The first thread to ask for a missing instance claims it and builds it with no lock held; threads
/// asking meanwhile wait for it. Waiting is where deadlocks hide, so:
///
/// - before a thread waits, the coordinator follows who waits for whom: a chain that comes back to
///   the asking thread is a dependency cycle across threads, reported with its keys instead of
///   hanging — through shared instances and lazy values alike;
/// - a wait the coordinator cannot see through (a factory blocked on `DispatchQueue.main.sync`, a
///   semaphore, a lock, while the thread it waits for waits for the factory's key) stops after
///   ``waitLimit`` seconds with a message naming the keys and both threads' paths;
/// - a Swift task that blocks here, starving the cooperative thread pool, is reported once per key.
///
/// The lock is per family and only taken when an instance is missing, never on the path that finds
/// one. The family's async builds live here too (``asyncBuilds``).
@usableFromInline
final class BuildCoordinator: @unchecked Sendable {
  // @unchecked: `builders`, `waits` and every `WeakBox.object` are only accessed under `lock`.

  /// One instance being built: by which thread, for which key, and the builder's path.
  ///
  /// Neither the key nor the path is retained: the builder's resolution holds every one of them until
  /// its build finishes, which removes the record. So a claim allocates nothing and counts no
  /// reference, and only a waiter that reports something reads them.
  struct Build {
    let thread: UInt
    private let unretainedKey: Unretained<Keys>
    var key: Keys { unretainedKey.object }
    /// The innermost keys of the builder's resolution path when it claimed the build, outermost
    /// first: enough to recognize it, in constant time however deep the resolution.
    let path: ResolutionStack.InnermostKeys

    init(thread: UInt, key: Unretained<Keys>, path: ResolutionStack.InnermostKeys) {
      self.thread = thread
      self.unretainedKey = key
      self.path = path
    }
  }

  /// What is being built: an owner (a graph, or a lazy value) and a slot.
  struct BuildID: Hashable {
    let owner: ObjectIdentifier
    let slot: Int
  }

  enum Claim {
    /// Someone built it already: `existing` found it.
    case existing
    /// This thread builds it now, and must call `finish`.
    case claimed
    /// This thread is building it already: a dependency cycle.
    case reentered
  }

  /// How long a thread waits for another thread's build before it stops with a message: 60 seconds,
  /// or the `SHEATH_BUILD_WAIT_LIMIT` environment variable's number of seconds. Read when a build is
  /// first waited for; a value that is not a positive number of seconds is reported then, once.
  static let waitLimit = BuildWaits.limitReportingProblems(environment: ProcessInfo.processInfo.environment)

  /// How long a Swift task may block here before Sheath says so, in seconds.
  static let taskWaitWarning = BuildWaits.taskWarning

  private let lock: FamilyLock
  // Unchecked exclusivity: both are only touched under `lock`, and the checks cost more than
  // the rest of a claim.
  @exclusivity(unchecked) private var builders = BuildList()
  @exclusivity(unchecked) private var waits: [UInt: BuildID] = [:]

  /// The family's async builds, under the same lock.
  let asyncBuilds: AsyncBuilds

  init() {
    let lock = FamilyLock()
    self.lock = lock
    self.asyncBuilds = AsyncBuilds(lock: lock)
  }

  /// Returns `.existing` if `existing` finds the instance (it keeps what it found); otherwise claims
  /// the build for this thread, waiting while another thread builds it. `existing` runs under the
  /// lock.
  ///
  /// `key` comes unretained, as the record keeps it: a caller that passes it from inside a closure
  /// then captures no class reference, which the optimizer retained around the call.
  func claim(_ id: BuildID, key unretainedKey: Unretained<Keys>, existing: () -> Bool) -> Claim {
    let me = currentThreadID()
    var waitStarted: UInt64?
    lock.lock()
    while true {
      if existing() {
        lock.unlock()
        return .existing
      }
      guard let build = inProgress(id) else {
        builders.append(id, Build(thread: me, key: unretainedKey, path: ResolutionStack.InnermostKeys()))
        lock.unlock()
        return .claimed
      }
      if build.thread == me {
        lock.unlock()
        return .reentered
      }
      if let cycle = cycle(ifWaitingFor: id, me: me) {
        lock.unlock()
        ResolutionStack.stop(.crossThreadCycle(cycle))
      }
      let started = waitStarted ?? now()
      waitStarted = started
      waits[me] = id
      let sleep = BuildWaits.nextCheck(waited: Double(now() - started) / 1e9, limit: Self.waitLimit)
      lock.wait(seconds: sleep)
      waits[me] = nil
      let waited = Double(now() - started) / 1e9
      if let current = inProgress(id) {
        if waited >= Self.waitLimit {
          lock.unlock()
          ResolutionStack.stop(
            .buildWaitTimeout(
              unretainedKey.object, seconds: Self.waitLimit, builderPath: current.path.keys,
              waiterPath: ResolutionStack.InnermostKeys().keys
            ))
        }
        if waited >= Self.taskWaitWarning, isRunningInTask() { TaskWaitReport.once(for: current.key, waited: waited) }
      }
    }
  }

  /// Ends a claimed build: runs `publish` (which stores the instance) and wakes the waiters, if any.
  func finish(_ id: BuildID, publish: () -> Void) {
    lock.lock()
    publish()
    builders.remove(id)
    // A thread waits only after recording what it waits for in `waits`, under this lock.
    if !waits.isEmpty { lock.broadcast() }
    lock.unlock()
  }

  /// Runs `body` under the family's lock.
  func withLock<Result>(_ body: () -> Result) -> Result {
    lock.withLock(body)
  }

  /// The keys of a cycle of waiting threads that `me` would close by waiting for `id`, or `nil`.
  private func cycle(ifWaitingFor id: BuildID, me: UInt) -> [Keys]? {
    var path: [Keys] = []
    var next = id
    for _ in 0...builders.count {
      guard let build = inProgress(next) else { return nil }
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

  /// The build of `id` in progress, if any. Only under the lock.
  private func inProgress(_ id: BuildID) -> Build? {
    builders.build(of: id)
  }

  private func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  private func isRunningInTask() -> Bool {
    withUnsafeCurrentTask { $0 != nil }
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
