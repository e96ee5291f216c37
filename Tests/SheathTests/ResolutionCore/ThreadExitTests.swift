import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static var exitLeaf: Key<Instance> { Key { Instance(number: 1) } }
  fileprivate static var exitRoot: Key<Instance> { Key(.transient, .exitLeaf) { $0 } }
}

// A thread's resolution frames live in a buffer of its own, allocated on its first resolution and
// freed by a destructor when the thread exits (CSheathRuntime, `sheath_resolution_state_reserve`).
// This test runs that path in a process of its own, where no other test's threads come and go:
// threads that resolve and end leave no buffer behind. LeakSanitizer, which CI runs this suite under,
// would also report a buffer the destructor did not free.
@Suite("A thread's resolution frames are freed when the thread exits")
struct ThreadExitTests {
  @Test("32 threads that resolve and exit leave no frame buffer behind")
  func buffersFreedOnExit() async {
    await #expect(processExitsWith: .success) { try resolveOnThreadsThatExit() }
  }
}

/// Resolves on 32 threads, checks each holds a frame buffer while it runs, lets them end, and stops
/// the process if any buffer is left once their destructors ran (in 20 seconds at most).
private func resolveOnThreadsThatExit() throws {
  let graph = try Graph(modules: [])
  _ = graph[.exitRoot]  // this thread's buffer, made before counting
  let before = ResolutionFrameBuffers.live
  let threads = 32
  let resolved = DispatchGroup()
  let release = DispatchSemaphore(value: 0)
  for _ in 0..<threads {
    resolved.enter()
    Thread {
      precondition(graph[.exitRoot].number == 1)
      resolved.leave()
      release.wait()
    }.start()
  }
  resolved.wait()
  // Every thread resolved and is still running: each holds a buffer.
  precondition(ResolutionFrameBuffers.live == before + threads, "\(ResolutionFrameBuffers.live)")
  for _ in 0..<threads { release.signal() }
  // A thread's destructors run after its body returns: wait for them.
  let deadline = Date().addingTimeInterval(20)
  while ResolutionFrameBuffers.live > before, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
  precondition(ResolutionFrameBuffers.live == before, "\(ResolutionFrameBuffers.live - before) left")
}
