import Foundation

// sheath-bench: Sheath against hand-written constructor calls, Swinject and swift-dependencies.
// Prints a Markdown report on standard output, progress on standard error. See Benchmarks/README.md.

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--memory-probe", arguments.count == 3, let count = Int(arguments[2]) {
  MemoryProbe.probe(contender: arguments[1], count: count)
  exit(0)
}
if arguments.first == "--flow-memory-probe", arguments.count == 3, let count = Int(arguments[2]) {
  MemoryProbe.probeFlows(contender: arguments[1], count: count)
  exit(0)
}

let options = Options.parse(arguments)
#if DEBUG
  progress("warning: built without optimization; use `swift run -c release …` for meaningful numbers")
#endif

let rows = allRows()

if let profile = options.profile {
  runForProfiler(rows: rows, id: profile.id, contender: profile.contender, iterations: profile.iterations)
  exit(0)
}

var runner = Runner(options: options)
// The thread controls run just before the thread rows, so that both see the same machine.
var controls: [(title: String, one: Double, two: Double)] = []
for row in rows {
  guard case .measured(let scenario) = row, options.selects(id: scenario.id, title: scenario.title) else { continue }
  if scenario.id.hasPrefix("threads"), controls.isEmpty, options.selects(id: "controls", title: "threads") {
    controls = Controls.measure(options: options)
  }
  runner.run(scenario)
}
if controls.isEmpty, options.selects(id: "controls", title: "controls") {
  controls = Controls.measure(options: options)
}

var memory: [String: MemoryProbe.Figures] = [:]
if options.memory && options.selects(id: "memory", title: "memory") {
  progress("memory: probing in child processes")
  for probe in ["sheath", "sheath-empty", "swinject"] {
    memory[probe] = MemoryProbe.measure(contender: probe, count: Scale.largest)
  }
}

// Heap kept per open flow, each contender in its own child process.
var flowMemory: [Contender: Double] = [:]
if options.memory && options.selects(id: "flow-memory", title: "heap kept per open flow") {
  progress("flow-memory: probing in child processes")
  for contender in MemoryProbe.flowContenders {
    flowMemory[contender] = MemoryProbe.measureFlows(contender: contender, count: Scale.largest)
  }
}

var report = Report(
  options: options, rows: rows, results: runner.results, controls: controls, memory: memory,
  flowMemory: flowMemory)
print(report.render(), terminator: "")
