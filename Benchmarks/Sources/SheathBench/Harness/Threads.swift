import Dispatch
import Foundation
import Synchronization

/// A timed loop run on one of several threads: `thread` picks the thread's own sink.
typealias ThreadLoop = (_ thread: Int, _ iterations: Int) -> UInt64

/// Wraps a value that is only ever used in ways the benchmark synchronizes by hand.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}

/// A spin barrier: every thread arrives, then all start their timed loops at once.
private final class StartLine: Sendable {
  let arrived = Atomic<Int>(0)

  func arriveAndWait(count: Int) {
    arrived.add(1, ordering: .acquiringAndReleasing)
    while arrived.load(ordering: .acquiring) < count {}
  }
}

/// Runs `loop` on `count` new threads at once, `iterations` operations each; returns the slowest
/// thread's elapsed nanoseconds (the wall time of the concurrent section).
///
/// Thread creation happens before the start line and is not timed.
func runThreads(_ count: Int, iterations: Int, _ loop: @escaping ThreadLoop) -> UInt64 {
  let body = UncheckedSendable(value: loop)
  let startLine = StartLine()
  let results = UncheckedSendable(value: UnsafeMutablePointer<UInt64>.allocate(capacity: count))
  let finished = DispatchSemaphore(value: 0)
  for index in 0..<count {
    let thread = Thread {
      startLine.arriveAndWait(count: count)
      results.value[index] = body.value(index, iterations)
      finished.signal()
    }
    thread.start()
  }
  for _ in 0..<count { finished.wait() }
  let slowest = (0..<count).map { results.value[$0] }.max() ?? 0
  results.value.deallocate()
  return slowest
}
