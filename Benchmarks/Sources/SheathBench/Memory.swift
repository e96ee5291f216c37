import CBenchSupport
import Foundation
import Sheath
import Swinject

// The memory scenarios: a 10,000-binding graph, and the heap each open flow keeps. Each figure comes
// from a fresh child process (this executable, run with `--memory-probe` or `--flow-memory-probe`), so
// that nothing measured before skews it:
//
// - heap: bytes the C allocator has handed out and not freed (glibc `mallinfo2`: uordblks + hblkhd),
//   read before and after; the difference is what the step keeps alive. Exact to the byte, but blind
//   to memory allocated and freed within the step.
// - peak RSS growth: the peak resident set size during the step minus the resident size before it
//   (Linux: the peak is reset with /proc/self/clear_refs, then read as VmHWM), which includes what the
//   step allocated and freed again; page-granular (4 KiB), and low when the step reuses pages the
//   process already had. (getrusage's ru_maxrss would not do: Linux carries it across fork and exec, so
//   a child would start with the benchmark's own peak.)

enum MemoryProbe {
  struct Figures {
    var keys: Int64
    var graph: Int64
    var peak: Int64
  }

  /// Runs in the child: prints `keys=… graph=… peak=…` for building `count` bindings with `contender`.
  static func probe(contender: String, count: Int) {
    let heapBefore = bench_heap_in_use()
    let figures: Figures
    switch contender {
    case "sheath":
      let keys = Scale.makeKeys(count)
      let heapKeys = bench_heap_in_use()
      let module = GeneratedBindingsModule(keys: keys)
      let rssBefore = resetPeak()
      let heapModule = bench_heap_in_use()
      let graph = SheathContender.makeScaleGraph(keys: module.keys)
      let heapGraph = bench_heap_in_use()
      let peakAfter = bench_peak_rss()
      withExtendedLifetime(graph) {}
      figures = Figures(keys: heapKeys - heapBefore, graph: heapGraph - heapModule, peak: peakAfter - rssBefore)
    case "sheath-empty":
      // The fixed cost of a root graph with no bindings, and of a child graph that opens a scope.
      let root = SheathContender.makeScaleGraph(keys: [])
      let heapRoot = bench_heap_in_use()
      let child = root.child(scope: .flow)
      let heapChild = bench_heap_in_use()
      withExtendedLifetime((root, child)) {}
      figures = Figures(keys: 0, graph: heapRoot - heapBefore, peak: heapChild - heapRoot)
    case "swinject":
      let names = Scale.makeNames(count)
      let heapNames = bench_heap_in_use()
      let rssBefore = resetPeak()
      let container = SwinjectContender.makeScaleContainer(names: names)
      let heapContainer = bench_heap_in_use()
      let peakAfter = bench_peak_rss()
      withExtendedLifetime(container) {}
      figures = Figures(
        keys: heapNames - heapBefore, graph: heapContainer - heapNames, peak: peakAfter - rssBefore)
    default:
      fatalError("unknown memory probe \(contender)")
    }
    print("keys=\(figures.keys) graph=\(figures.graph) peak=\(figures.peak)")
  }

  /// Resets the peak resident size and returns the resident size now.
  private static func resetPeak() -> Int64 {
    if bench_reset_peak_rss() != 0 { return bench_peak_rss() }
    return bench_current_rss()
  }

  /// The contenders that keep an object per open flow (swift-dependencies' flow is a stretch of code).
  static let flowContenders: [Contender] = [.handWritten, .sheath, .swinject]

  /// Runs in the child: prints `kept=… count=…`, the heap that `count` open flows of `contender` keep,
  /// each with its scoped data controller resolved.
  static func probeFlows(contender name: String, count: Int) {
    let kept: Int64
    switch Contender(name: name) {
    case .handWritten:
      kept = heapKept(count: count) {
        let flow = RegistrationFlow(api: handWrittenAPI)
        _ = flow.data
        return flow
      }
    case .sheath:
      let root = SheathContender.makeGraph()
      _ = root[.api]
      kept = heapKept(count: count) {
        let flow = root.child(scope: .flow)
        _ = flow[.flowData]
        return flow
      }
    case .swinject:
      let root = SwinjectContender.makeContainer()
      _ = root.resolve((any APIClient).self)
      kept = heapKept(count: count) {
        let flow = SwinjectContender.makeFlow(parent: root)
        _ = flow.resolve((any DataControlling).self)
        return flow
      }
    case .dependencies, nil:
      fatalError("no flow memory probe for \(name)")
    }
    print("kept=\(kept) count=\(count)")
  }

  /// The heap that `count` values made by `open` keep alive, all held at once. One value is made and
  /// dropped first, so that what the first use allocates once (metadata, caches) is not counted; the
  /// array that holds them is allocated before measuring.
  private static func heapKept<Value>(count: Int, _ open: () -> Value) -> Int64 {
    _ = open()
    var values: [Value] = []
    values.reserveCapacity(count)
    let before = bench_heap_in_use()
    for _ in 0..<count { values.append(open()) }
    let after = bench_heap_in_use()
    withExtendedLifetime(values) {}
    return after - before
  }

  /// Runs in the parent: starts a child process for one probe and reads its figures.
  static func measure(contender: String, count: Int) -> Figures? {
    guard let values = runProbe("--memory-probe", contender, count, fields: ["keys", "graph", "peak"]),
      let keys = values["keys"], let graph = values["graph"], let peak = values["peak"]
    else { return nil }
    return Figures(keys: keys, graph: graph, peak: peak)
  }

  /// Runs in the parent: the heap one open flow of `contender` keeps, in bytes, from a child process
  /// that opens `count` flows and keeps them all.
  static func measureFlows(contender: Contender, count: Int) -> Double? {
    guard let values = runProbe("--flow-memory-probe", contender.title.lowercased(), count, fields: ["kept", "count"]),
      let kept = values["kept"], let opened = values["count"], opened > 0
    else { return nil }
    return Double(kept) / Double(opened)
  }

  /// Runs this executable with `option contender count` and reads the `name=value` fields it prints;
  /// nil (with a message on standard error) if it could not run or a field is missing.
  private static func runProbe(_ option: String, _ contender: String, _ count: Int, fields: [String])
    -> [String: Int64]?
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.executablePath)
    process.arguments = [option, contender, String(count)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      progress("memory: could not start \(CommandLine.executablePath): \(error)")
      return nil
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var values: [String: Int64] = [:]
    for field in output.split(whereSeparator: \.isWhitespace) {
      let parts = field.split(separator: "=")
      if parts.count == 2, let value = Int64(parts[1]) { values[String(parts[0])] = value }
    }
    guard process.terminationStatus == 0, fields.allSatisfy({ values[$0] != nil }) else {
      progress("memory: \(option) \(contender) failed (status \(process.terminationStatus)), output: \(output)")
      return nil
    }
    return values
  }
}

extension CommandLine {
  /// This executable's path.
  static var executablePath: String {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    #endif
    return Bundle.main.executablePath ?? arguments[0]
  }
}

/// `1.2 MiB`, `356 KiB`, `812 B`.
func formatBytes(_ bytes: Int64) -> String {
  let value = Double(bytes)
  if abs(value) >= 1024 * 1024 { return String(format: "%.2f MiB", value / 1024 / 1024) }
  if abs(value) >= 1024 { return String(format: "%.1f KiB", value / 1024) }
  return "\(bytes) B"
}
