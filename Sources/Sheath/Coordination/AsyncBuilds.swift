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
/// edges are followed from what it waits for, and a path that comes back to it is a cycle. The lock
/// is per family, taken only when an instance is missing, and never held while a factory runs or
/// while anyone waits.
final class AsyncBuilds: @unchecked Sendable {
  // @unchecked: `inFlight` and `nextToken`, and the mutable state of every build (`AnyAsyncBuild`,
  // `AsyncBuild`), are only accessed under `lock`.

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
  private let lock: NSCondition
  private var inFlight: [BuildCoordinator.BuildID: AnyAsyncBuild] = [:]
  private var nextToken = 0

  init(lock: NSCondition) {
    self.lock = lock
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
    } else {
      build = AsyncBuild(key: key)
      inFlight[id] = build
      isNew = true
    }
    build.waiters[token] = AsyncBuild.Waiter(requester: requester?.build)
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
  // @unchecked: `isFinished` and `waits` are only accessed under the family's `AsyncBuilds` lock.
  let key: Keys
  var isFinished = false
  /// The builds this build's factory waits for, by waiter token.
  var waits: [Int: AsyncWait] = [:]

  init(key: Keys) {
    self.key = key
  }

  /// How many tasks wait for the build. Only under the lock.
  var waiterCount: Int { 0 }
}

/// A build of a `Value`: who waits for it, and once it is done, its result.
final class AsyncBuild<Value: Sendable>: AnyAsyncBuild, @unchecked Sendable {
  override var waiterCount: Int { waiters.count }

  // @unchecked: `waiters` and `result` are only accessed under the family's `AsyncBuilds` lock.
  struct Waiter {
    /// The build that waits through this waiter, if a build's factory asked.
    let requester: AnyAsyncBuild?
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
