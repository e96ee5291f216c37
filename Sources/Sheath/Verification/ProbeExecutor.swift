import Foundation

/// Where `verify()` awaits async keys: a task executor with a thread of its own, which records the
/// resolutions its jobs make and which a failing step may park for good — never a thread of Swift's
/// cooperative pool.
///
/// A step's task runs with this executor as its preference, and so do the tasks that build shared
/// async instances during it (their `Task` takes the preference from ``current``), so every
/// synchronous part of the step runs on this thread. When a step parks the thread, the run moves on
/// to a new executor; the parked one's jobs never run again.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ProbeExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs` and `isStopped` are only accessed under `condition`.

  /// How a step ended.
  enum Outcome {
    case finished
    case threw(any Error)
    /// It parked the executor's thread on a problem.
    case abandoned
  }

  /// The executor of the verification step this task runs in, if any.
  @TaskLocal static var current: ProbeExecutor?

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isStopped = false

  init(recorder: Verification) {
    let thread = Thread { [self] in
      ResolutionStack.recording(into: recorder) { runJobs() }
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  func enqueue(_ job: UnownedJob) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the thread end once it has run the jobs it has.
  func stop() {
    condition.lock()
    isStopped = true
    condition.signal()
    condition.unlock()
  }

  private func runJobs() {
    while true {
      condition.lock()
      while jobs.isEmpty && !isStopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  /// Runs `step` in a task on this executor, and returns when it ends or parks this executor's thread.
  func run(_ step: @escaping @Sendable () async throws -> Void, recorder: Verification) async -> Outcome {
    await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
      let once = ResumeOnce(continuation)
      recorder.whenAbandoned { once.resume(.abandoned) }
      Task(executorPreference: self) {
        do {
          try await Self.$current.withValue(self) { try await step() }
          once.resume(.finished)
        } catch {
          once.resume(.threw(error))
        }
      }
    }
  }
}

/// A continuation resumed by whichever comes first.
private final class ResumeOnce<Value: Sendable>: Sendable {
  private let continuation: Locked<CheckedContinuation<Value, Never>?>

  init(_ continuation: CheckedContinuation<Value, Never>) {
    self.continuation = Locked(continuation)
  }

  func resume(_ value: Value) {
    continuation.withLock { continuation in
      continuation?.resume(returning: value)
      continuation = nil
    }
  }
}
