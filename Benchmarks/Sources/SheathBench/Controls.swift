// Controls for the thread scenarios: how well this machine itself runs two threads at once, on work
// with no DI in it. They separate what a container costs under contention from what any code pays
// here: two vCPUs may share a physical core, and an object shared by both threads (the API client
// every data controller retains) bounces its reference count between their caches.

/// A state each thread advances on its own: arithmetic only, in a call the optimizer cannot fold
/// across iterations.
private struct Mixer {
  var state: UInt64

  @inline(never)
  mutating func next() -> UInt64 {
    for _ in 0..<16 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
    }
    return state
  }
}

enum Controls {
  struct Control: @unchecked Sendable {
    // @unchecked: the closures are only called from the main thread.
    let id: String
    let title: String
    let loop: () -> ThreadLoop
  }

  static let all: [Control] = [
    Control(id: "arithmetic", title: "arithmetic only: no memory shared, no allocation") {
      let sinks = (0..<2).map { _ in makeSink(UInt64.self) }
      return { thread, n in
        var mixer = Mixer(state: UInt64(thread + 1))
        return timeLoop(n, sinks[thread]) { mixer.next() }
      }
    },
    Control(id: "allocate", title: "allocate and free a thread-local object (`Validator()`)") {
      let sinks = (0..<2).map { _ in makeSink((any Validating).self) }
      return { thread, n in timeLoop(n, sinks[thread]) { Validator() } }
    },
    Control(id: "shared-retain", title: "retain and release one shared object (read a global class instance)") {
      _ = handWrittenAPI
      let sinks = (0..<2).map { _ in makeSink((any APIClient).self) }
      return { thread, n in timeLoop(n, sinks[thread]) { handWrittenAPI } }
    },
  ]

  /// Per-op time with 1 and with 2 threads, for each control.
  static func measure(options: Options) -> [(title: String, one: Double, two: Double)] {
    let targetNs = UInt64(options.targetMilliseconds * 1_000_000)
    return all.map { control in
      progress("controls: \(control.id)")
      let loop = control.loop()
      var one = Measurement(iterations: calibrate({ n in runThreads(1, iterations: n, loop) }, targetNs: targetNs))
      var two = Measurement(iterations: one.iterations)
      for _ in 1...options.runs {
        one.nsPerOp.append(Double(runThreads(1, iterations: one.iterations, loop)) / Double(one.iterations))
        two.nsPerOp.append(Double(runThreads(2, iterations: two.iterations, loop)) / Double(two.iterations))
      }
      return (control.title, one.median, two.median)
    }
  }
}
