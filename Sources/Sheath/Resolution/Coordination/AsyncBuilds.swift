import Foundation

/// Makes sure each shared instance of an async key is built once across a family of graphs (a root
/// and its children), and reports builds that wait for each other as a cycle instead of hanging.
///
/// The first task to ask for a missing instance starts its build in a task of its own; every task
/// that asks before it is done — the first one included — waits on a continuation. The build's task
/// publishes the instance and resumes every waiter with the same result, so a failure reaches every
/// waiter and is not kept. A waiter that is cancelled leaves early; the build goes on.
///
/// A build whose factory waits for another build records that edge; before a build waits, the
/// edges are followed from what it waits for, and a path that comes back to it is a cycle. A wait
/// Sheath cannot follow — a factory awaiting a detached task that awaits the factory's own key —
/// stops the program after ``BuildCoordinator/waitLimit`` seconds with a message, as a thread's does:
/// one timer per family, armed only while a task waits for a build that another task started,
/// looks at the waits. The lock is per family, taken only when an instance is missing, and never held
/// while a factory runs or while anyone waits.
final class AsyncBuilds: @unchecked Sendable {
  // @unchecked: `inFlight`, `nextToken`, `watchdog` and `nextCheck`, and the mutable state of every
  // build (`AnyAsyncBuild`, `AsyncBuild`), are only accessed under `lock`.

  enum Join<Value: Sendable> {
    /// Someone built it already.
    case existing(Value)
    /// Wait for `build` with `token`; start it first when `isNew`, with a resolver anchored to the graph.
    case wait(AsyncBuild<Value>, token: Int, isNew: Bool, anchor: GraphAnchor)
    /// Waiting would close this cycle of builds: the asking build's waiter was removed again.
    case cycle([Keys])
  }

  /// The family's lock, shared with the synchronous builds: both publish into the graphs' instance
  /// tables, which are written only under it.
  private let lock: FamilyLock
  private var inFlight: [BuildCoordinator.BuildID: AnyAsyncBuild] = [:]
  private var nextToken = 0
  /// Looks at the waits when the first of them would reach the limit; made on the first wait.
  private var watchdog: DispatchSourceTimer?
  /// When the watchdog fires next, in uptime nanoseconds, if it is armed.
  private var nextCheck: UInt64?

  init(lock: FamilyLock) {
    self.lock = lock
  }

  deinit {
    watchdog?.cancel()
  }

  /// How many tasks wait for the build of `id` in flight, the one that started it included.
  func waiterCount(_ id: BuildCoordinator.BuildID) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return inFlight[id].map { $0.waiterCount } ?? 0
  }

  /// Returns the instance if `existing` finds one; otherwise joins the build of `id` — starting a new
  /// one if none is in flight — as a waiter that `requester`, the build asking (if any), waits through.
  func join<Value>(
    _ id: BuildCoordinator.BuildID, key: Keys, preparing graph: Graph, trail: AsyncTrail?, existing: () -> Value?
  ) -> Join<Value> {
    lock.lock()
    defer { lock.unlock() }
    if let value = existing() { return .existing(value) }
    let anchor = graph.anchor
    // A finished build waits for nothing: a resolver kept after its factory returned asks for itself.
    let requester = trail?.requester.flatMap { $0.build.isFinished ? nil : $0 }
    nextToken += 1
    let token = nextToken
    let build: AsyncBuild<Value>
    let isNew: Bool
    if let current = inFlight[id] {
      // The build of this id is for `key`, whose bindings the compiler checked to build `Value`.
      build = unsafeDowncast(current, to: AsyncBuild<Value>.self)
      isNew = false
      // Waiting for a build another task started: timed, as a thread waiting for another's build is.
      let joined = DispatchTime.now().uptimeNanoseconds
      build.waiters[token] = AsyncBuild.Waiter(requester: requester?.build, joined: joined, trail: trail)
      if nextCheck == nil { watch(until: joined + Self.waitLimit) }
    } else {
      build = AsyncBuild(key: key, origin: trail)
      inFlight[id] = build
      isNew = true
      // The task that starts a build waits for its own factory, however long it takes.
      build.waiters[token] = AsyncBuild.Waiter(requester: requester?.build, joined: nil, trail: nil)
    }
    if let requester {
      requester.build.waits[token] = AsyncWait(build: build, via: requester.via)
      if !isNew, let cycle = cycle(closedBy: requester.build, waitingFor: build, via: requester.via) {
        _ = leave(build, token)
        // Shown from the key the asking task's resolution entered first.
        return .cycle(rotated(cycle, toFirstOf: trail?.path ?? []))
      }
    }
    return .wait(build, token: token, isNew: isNew, anchor: anchor)
  }

  /// Waits for `build` to finish, or throws `CancellationError` as soon as the calling task is
  /// cancelled.
  func wait<Value>(for build: AsyncBuild<Value>, token: Int) async throws -> Value {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        lock.lock()
        if build.latecomers.remove(token) != nil, let result = build.result {
          // Finished between joining and getting here.
          if build.latecomers.isEmpty { build.result = nil }
          lock.unlock()
          continuation.resume(with: result)
        } else if build.waiters[token] == nil || Task.isCancelled {
          // Cancelled before or while getting here.
          _ = leave(build, token)
          lock.unlock()
          continuation.resume(throwing: CancellationError())
        } else {
          build.waiters[token]?.continuation = continuation
          lock.unlock()
        }
      }
    } onCancel: {
      lock.lock()
      let continuation = leave(build, token)
      lock.unlock()
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Ends `build`: publishes a value with `publish`, and resumes every waiter with `result`.
  func finish<Value>(
    _ id: BuildCoordinator.BuildID, _ build: AsyncBuild<Value>, _ result: Result<Value, any Error>,
    publish: (Value) -> Void
  ) {
    lock.lock()
    if case .success(let value) = result { publish(value) }
    build.isFinished = true
    build.waits = [:]
    build.origin = nil
    inFlight[id] = nil
    var continuations: [CheckedContinuation<Value, any Error>] = []
    for (token, waiter) in build.waiters {
      waiter.requester?.waits[token] = nil
      if let continuation = waiter.continuation {
        continuations.append(continuation)
      } else {
        build.latecomers.insert(token)
      }
    }
    build.waiters = [:]
    // Kept only for the waiters still on their way; a value kept longer could keep itself alive (a
    // value that holds a provider holds the resolver that built it, which holds this build).
    if !build.latecomers.isEmpty { build.result = result }
    lock.unlock()
    for continuation in continuations { continuation.resume(with: result) }
  }

  /// Removes waiter `token` of `build` and what it waited through; returns its continuation. Under
  /// `lock`.
  private func leave<Value>(_ build: AsyncBuild<Value>, _ token: Int) -> CheckedContinuation<Value, any Error>? {
    guard let waiter = build.waiters.removeValue(forKey: token) else { return nil }
    waiter.requester?.waits[token] = nil
    return waiter.continuation
  }

  /// ``BuildCoordinator/waitLimit`` in nanoseconds; a limit of more than 30 years is 30 years.
  private static let waitLimit = UInt64(min(BuildCoordinator.waitLimit, 1e9) * 1e9)

  /// Where the watchdogs run: a queue of its own, which gets a thread even when every thread of the
  /// global queues is blocked.
  private static let watchdogQueue = DispatchQueue(label: "Sheath.AsyncBuilds.watchdog")

  /// Arms the watchdog to fire at `deadline`, in uptime nanoseconds. Under `lock`.
  private func watch(until deadline: UInt64) {
    let timer: DispatchSourceTimer
    if let watchdog {
      timer = watchdog
    } else {
      timer = DispatchSource.makeTimerSource(queue: Self.watchdogQueue)
      timer.setEventHandler { [weak self] in self?.checkWaits() }
      timer.resume()
      watchdog = timer
    }
    nextCheck = deadline
    timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
  }

  /// Stops the program if a task has waited for another task's build longer than the limit;
  /// otherwise arms the watchdog for the first wait that would reach it, if any is left.
  private func checkWaits() {
    lock.lock()
    nextCheck = nil
    let now = DispatchTime.now().uptimeNanoseconds
    var firstJoined: UInt64?
    for build in inFlight.values {
      guard let wait = build.longestTimedWait else { continue }
      if now >= wait.joined + Self.waitLimit {
        let failure = ResolutionFailure.asyncBuildWaitTimeout(
          build.key, seconds: BuildCoordinator.waitLimit,
          builderPath: build.origin?.innermostPath(8) ?? [], waiterPath: wait.trail?.innermostPath(8) ?? [])
        lock.unlock()
        ResolutionStack.stop(failure)
      }
      firstJoined = min(firstJoined ?? wait.joined, wait.joined)
    }
    if let firstJoined { watch(until: firstJoined + Self.waitLimit) }
    lock.unlock()
  }

  /// The keys of the cycle that `requester` closes by waiting for `build`, or `nil`. Under `lock`.
  private func cycle(closedBy requester: AnyAsyncBuild, waitingFor build: AnyAsyncBuild, via: [Keys]) -> [Keys]? {
    var visited: Set<ObjectIdentifier> = []
    func path(from node: AnyAsyncBuild) -> [Keys]? {
      if node === requester { return [] }
      guard visited.insert(ObjectIdentifier(node)).inserted else { return nil }
      for wait in node.waits.values {
        if let rest = path(from: wait.build) { return wait.via + rest }
      }
      return nil
    }
    return path(from: build).map { via + $0 + [requester.key] }
  }
}

/// One shared instance of an async key being built.
class AnyAsyncBuild: @unchecked Sendable {
  // @unchecked: `isFinished`, `waits` and `origin` are only accessed under the family's
  // `AsyncBuilds` lock.
  let key: Keys
  var isFinished = false
  /// The builds this build's factory waits for, by waiter token.
  var waits: [Int: AsyncWait] = [:]
  /// The trail of the task that started the build, for a message about waiting for it; let go
  /// when the build finishes.
  var origin: AsyncTrail?

  init(key: Keys, origin: AsyncTrail?) {
    self.key = key
    self.origin = origin
  }

  /// How many tasks wait for the build. Only under the lock.
  var waiterCount: Int { 0 }

  /// The waiter that has waited longest among those the wait limit applies to: when it joined, in
  /// uptime nanoseconds, and its trail. Only under the lock.
  var longestTimedWait: (joined: UInt64, trail: AsyncTrail?)? { nil }
}

/// A build of a `Value`: who waits for it, and once it is done, its result.
final class AsyncBuild<Value: Sendable>: AnyAsyncBuild, @unchecked Sendable {
  // @unchecked: `waiters` and `result` are only accessed under the family's `AsyncBuilds` lock.
  override var waiterCount: Int { waiters.count }

  override var longestTimedWait: (joined: UInt64, trail: AsyncTrail?)? {
    var longest: (joined: UInt64, trail: AsyncTrail?)?
    for waiter in waiters.values {
      if let joined = waiter.joined, joined < longest?.joined ?? .max { longest = (joined, waiter.trail) }
    }
    return longest
  }

  struct Waiter {
    /// The build that waits through this waiter, if a build's factory asked.
    let requester: AnyAsyncBuild?
    /// When the waiter joined, in uptime nanoseconds, if the wait limit applies to it: `nil` for the
    /// task that started the build.
    let joined: UInt64?
    /// The trail of the waiting task, for the message if it waits too long.
    let trail: AsyncTrail?
    /// Set once the waiter suspends.
    var continuation: CheckedContinuation<Value, any Error>?
  }

  var waiters: [Int: Waiter] = [:]
  /// Once finished: the waiters that joined but had not suspended yet, and the result they will take.
  var latecomers: Set<Int> = []
  var result: Result<Value, any Error>?
}

/// A build's factory waiting for `build`, having come through the keys `via` (the waiting build's key
/// first).
struct AsyncWait {
  let build: AnyAsyncBuild
  let via: [Keys]
}
