import CBenchSupport

/// A timed loop: runs an operation `iterations` times and returns the elapsed nanoseconds.
typealias Loop = (_ iterations: Int) -> UInt64

/// Pointers to every sink, so the optimizer sees them escape: a value stored into a sink is observable,
/// so its allocation can be neither elided nor promoted to the stack.
nonisolated(unsafe) var escapedSinks: [UnsafeMutableRawPointer] = []

/// A heap cell that a benchmark stores each result into, releasing the previous one.
func makeSink<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T?> {
  // A cache line of its own, so two threads' sinks never share one.
  let raw = UnsafeMutableRawPointer.allocate(byteCount: max(128, MemoryLayout<T?>.size), alignment: 128)
  let sink = raw.bindMemory(to: T?.self, capacity: 1)
  sink.initialize(to: nil)
  escapedSinks.append(raw)
  return sink
}

/// Runs `body` `iterations` times, storing each result into `sink`; returns the elapsed nanoseconds.
///
/// Always inlined with a closure literal, so the operation is inlined into the loop: the only overhead
/// is the loop counter and the store into the sink (which releases the previous result).
@inline(__always)
func timeLoop<T>(_ iterations: Int, _ sink: UnsafeMutablePointer<T?>, _ body: () -> T) -> UInt64 {
  let start = bench_now_ns()
  for _ in 0..<iterations {
    sink.pointee = body()
  }
  let end = bench_now_ns()
  return end &- start
}

/// The result of measuring one loop: nanoseconds per operation for each run.
struct Measurement {
  var iterations: Int
  var nsPerOp: [Double] = []

  var median: Double {
    let sorted = nsPerOp.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  var min: Double { nsPerOp.min() ?? .nan }
  var max: Double { nsPerOp.max() ?? .nan }
}

/// Picks an iteration count that makes one run of `loop` take about `targetNs`; the runs it makes on
/// the way warm the loop up.
func calibrate(_ loop: Loop, targetNs: UInt64) -> Int {
  var iterations = 1
  while true {
    let elapsed = max(loop(iterations), 1)
    if elapsed >= targetNs / 8 || iterations >= 1 << 40 {
      let scaled = Double(iterations) * Double(targetNs) / Double(elapsed)
      return Swift.max(1, Int(scaled.rounded()))
    }
    // Grow quickly while the run is far too short, gently near the end.
    iterations *= elapsed < targetNs / 100 ? 10 : 2
  }
}
