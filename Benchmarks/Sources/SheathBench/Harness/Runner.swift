import Foundation

/// What the command line asked for.
struct Options {
  var quick = false
  var filters: [String] = []
  var runs = 7
  var targetMilliseconds = 75.0
  var details = false
  var memory = true
  /// The load average when the run started.
  var loadAtStart = loadAverage()
  /// `--profile ID CONTENDER ITERATIONS`: run one cell's loop once, untimed report, for a profiler.
  var profile: (id: String, contender: String, iterations: Int)?

  static let usage = """
    usage: sheath-bench [--quick] [--filter NAME]... [--runs N] [--target-ms MS] [--details] [--no-memory]

      --quick         few iterations: proves every scenario runs (CI); timings are not meaningful
      --filter NAME   run only the scenarios whose id or title contains NAME (repeatable);
                      ids: leaf singleton graph assisted flow-open flow-cached threads-1 threads-2 chain
                      build-10 build-100 build-1000 build-10000 build-static-1000 build-declared-1000
                      child-declared-1000 verify-10 verify-1000 verify-10000
                      resolve-10 resolve-10000
                      resolve-each-10 resolve-each-10000 controls memory flow-memory
      --runs N        repetitions per cell, the median is reported (default 7; 3 with --quick)
      --target-ms MS  how long one repetition runs, iterations are calibrated to it (default 75; 1 with --quick)
      --details       also print every cell's iterations, min, median and max
      --no-memory     skip the memory scenarios (which run this executable again in child processes)
      --profile ID CONTENDER ITERATIONS
                      for a profiler: set up one cell (CONTENDER: hand-written, sheath, swinject,
                      swift-dependencies), run its loop ITERATIONS times, print nothing else
    """

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var explicitRuns: Int?
    var explicitTarget: Double?
    var index = 0
    func value() -> String {
      index += 1
      guard index < arguments.count else { fail("\(arguments[index - 1]) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--quick": options.quick = true
      case "--filter": options.filters.append(value().lowercased())
      case "--runs":
        guard let runs = Int(value()), runs > 0 else { fail("--runs needs a positive number") }
        explicitRuns = runs
      case "--target-ms":
        guard let target = Double(value()), target > 0 else { fail("--target-ms needs a positive number") }
        explicitTarget = target
      case "--details": options.details = true
      case "--no-memory": options.memory = false
      case "--profile":
        let id = value()
        let contender = value()
        guard let iterations = Int(value()), iterations > 0 else { fail("--profile needs ID CONTENDER ITERATIONS") }
        options.profile = (id, contender, iterations)
      case "-h", "--help":
        print(usage)
        exit(0)
      default: fail("unknown argument \(arguments[index])")
      }
      index += 1
    }
    options.runs = explicitRuns ?? (options.quick ? 3 : 7)
    options.targetMilliseconds = explicitTarget ?? (options.quick ? 1 : 75)
    return options
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sheath-bench: \(message)\n\n\(usage)\n".utf8))
    exit(2)
  }

  /// Whether a row with this id and title is selected.
  func selects(id: String, title: String) -> Bool {
    filters.isEmpty || filters.contains { id.lowercased().contains($0) || title.lowercased().contains($0) }
  }
}

/// Measures scenarios, contenders interleaved run by run so that a slow patch of the machine hits
/// every contender of a row alike.
struct Runner {
  let options: Options
  var results: [String: [Contender: Measurement]] = [:]

  init(options: Options) {
    self.options = options
  }

  mutating func run(_ scenario: Scenario) {
    progress("\(scenario.id)")
    var loops: [(Contender, Loop)] = []
    for contender in Contender.allCases {
      switch scenario.work[contender] {
      case .loop(let make):
        loops.append((contender, make()))
      case .threads(let count, let make):
        let loop = make()
        loops.append((contender, { n in runThreads(count, iterations: n, loop) }))
      case .notApplicable, nil:
        continue
      }
    }
    let targetNs = UInt64(options.targetMilliseconds * 1_000_000)
    var measurements: [Contender: Measurement] = [:]
    for (contender, loop) in loops {
      measurements[contender] = Measurement(iterations: calibrate(loop, targetNs: targetNs))
    }
    for _ in 1...options.runs {
      for (contender, loop) in loops {
        let iterations = measurements[contender, default: Measurement(iterations: 1)].iterations
        let elapsed = loop(iterations)
        measurements[contender]?.nsPerOp.append(Double(elapsed) / Double(iterations))
      }
    }
    results[scenario.id] = measurements
  }
}

/// A line on standard error, so standard output stays the Markdown report.
func progress(_ message: String) {
  FileHandle.standardError.write(Data("sheath-bench: \(message)\n".utf8))
}
