/// The contenders, in the table's column order.
enum Contender: CaseIterable {
  case handWritten, sheath, swinject, dependencies

  var title: String {
    switch self {
    case .handWritten: "hand-written"
    case .sheath: "Sheath"
    case .swinject: "Swinject"
    case .dependencies: "swift-dependencies"
    }
  }

  /// The contender whose title is `name`, in any case (`sheath`, `hand-written`): for the command line.
  init?(name: String) {
    guard let match = Contender.allCases.first(where: { $0.title.lowercased() == name.lowercased() }) else {
      return nil
    }
    self = match
  }
}

/// What one contender does for one scenario.
enum Work {
  /// A timed loop, made (untimed) when the scenario runs.
  case loop(() -> Loop)
  /// A timed loop run on `count` threads at once; the figure is per operation per thread.
  case threads(count: Int, () -> ThreadLoop)
  /// The contender cannot express the scenario; the text says why (a footnote).
  case notApplicable(String)
}

/// One row of the table.
enum Row {
  /// Measured: ns/op for each contender, with the ratio to the hand-written column.
  case measured(Scenario)
  /// Derived from two measured rows: each contender's `numerator` over its `denominator`.
  case ratio(id: String, title: String, numerator: String, denominator: String)

  var id: String {
    switch self {
    case .measured(let scenario): scenario.id
    case .ratio(let id, _, _, _): id
    }
  }
}

struct Scenario {
  let id: String
  let title: String
  let work: [Contender: Work]
  /// Footnotes on measured cells: how a contender models the scenario.
  var notes: [Contender: String] = [:]
}

// The footnotes for what a contender cannot express.
enum Footnote {
  static let noContainer =
    "Hand-written code has no container: nothing is registered, and a call site names the constructor it calls."
  static let flowWithDependencies =
    "swift-dependencies has no child graphs or scoped lifetimes; a flow is modelled as `withDependencies { $0.flowData = DataController(…) } operation: { … }`, which creates the flow's value eagerly."
  static let flowChildContainer =
    "Swinject: a flow is a child `Container(parent:)` that registers the flow's data controller in `.container` scope; the registration is part of opening it."
  static let synchronized =
    "Swinject resolves from several threads only through `container.synchronize()` (one recursive lock per resolve); both thread rows use it."
  static let closureDependency =
    "swift-dependencies: a dependency whose value is a closure `(any RegistrationView) -> RegistrationViewModel`."
  static let noRuntimeRegistration =
    "swift-dependencies registers nothing at run time: each dependency is a type conforming to `DependencyKey`, so a graph of N bindings is N declared types (the 100-key deep chain is generated that way); there is no graph to build."
  static let crossCheck =
    "A cross-check of Sheath's scale rows, which create their keys in a loop; a Swinject registration names its service with a string, the same code whether generated or looped."
  static let noFlowObject =
    "swift-dependencies has no flow object to keep: its flow is a `withDependencies { … } operation: { … }` stretch of code, over when the closure returns."
  static let storedKey =
    "Sheath's leaf row with its key read once and kept in a `static let`: the same key and binding, so the difference between the two rows is what reading a computed key costs a request."
  static let storedSingletonKey =
    "Sheath's singleton row with its key read once and kept in a `static let`, as the independent harness in `bench-floor` keeps it: the difference between the two rows is what reading a computed key costs."
  static let sheathOnly =
    "Sheath's escape hatch, factories that resolve from a resolver (`Key { r in … }`), whose edges the graph does not check; the other contenders' figure for this graph is in the graph resolve row."
  static let noVerification =
    "No verification API: a missing registration or a cycle shows when that service is resolved (Swinject: `resolve` returns nil; swift-dependencies: a test-context failure or the live value)."
}

/// Every scenario, in the table's order.
func allRows() -> [Row] {
  var rows: [Row] = [
    .measured(
      Scenario(
        id: "leaf", title: "leaf transient resolve (`Validator`)",
        work: [
          .handWritten: .loop(HandWritten.leaf), .sheath: .loop(SheathContender.leaf),
          .swinject: .loop(SwinjectContender.leaf), .dependencies: .loop(DependenciesContender.leaf),
        ])),
    .measured(
      Scenario(
        id: "leaf-stored-key", title: "leaf transient resolve, its key kept in a `static let`",
        work: [
          .handWritten: .loop(HandWritten.leaf), .sheath: .loop(SheathContender.leafThroughStoredKey),
          .swinject: .notApplicable(Footnote.storedKey), .dependencies: .notApplicable(Footnote.storedKey),
        ])),
    .measured(
      Scenario(
        id: "singleton", title: "singleton resolve (baseline: reading a global)",
        work: [
          .handWritten: .loop(HandWritten.singleton), .sheath: .loop(SheathContender.singleton),
          .swinject: .loop(SwinjectContender.singleton), .dependencies: .loop(DependenciesContender.singleton),
        ])),
    .measured(
      Scenario(
        id: "singleton-stored-key", title: "singleton resolve, its key kept in a `static let`",
        work: [
          .handWritten: .loop(HandWritten.singleton), .sheath: .loop(SheathContender.singletonThroughStoredKey),
          .swinject: .notApplicable(Footnote.storedSingletonKey),
          .dependencies: .notApplicable(Footnote.storedSingletonKey),
        ])),
    .measured(
      Scenario(
        id: "graph", title: "graph resolve (view model → data controller → API + validator)",
        work: [
          .handWritten: .loop(HandWritten.graph), .sheath: .loop(SheathContender.graph),
          .swinject: .loop(SwinjectContender.graph), .dependencies: .loop(DependenciesContender.graph),
        ])),
    .measured(
      Scenario(
        id: "graph-resolver", title: "graph resolve, escape-hatch keys (`{ r in … }` factories)",
        work: [
          .handWritten: .loop(HandWritten.graph), .sheath: .loop(SheathContender.graphThroughResolvers),
          .swinject: .notApplicable(Footnote.sheathOnly), .dependencies: .notApplicable(Footnote.sheathOnly),
        ])),
    .measured(
      Scenario(
        id: "assisted", title: "assisted: view model with its view",
        work: [
          .handWritten: .loop(HandWritten.assisted), .sheath: .loop(SheathContender.assisted),
          .swinject: .loop(SwinjectContender.assisted), .dependencies: .loop(DependenciesContender.assisted),
        ], notes: [.dependencies: Footnote.closureDependency])),
    .measured(
      Scenario(
        id: "flow-open", title: "flow: open a child graph + resolve its scoped data controller",
        work: [
          .handWritten: .loop(HandWritten.flowOpen), .sheath: .loop(SheathContender.flowOpen),
          .swinject: .loop(SwinjectContender.flowOpen), .dependencies: .loop(DependenciesContender.flowOpen),
        ], notes: [.swinject: Footnote.flowChildContainer, .dependencies: Footnote.flowWithDependencies])),
    .measured(
      Scenario(
        id: "flow-cached", title: "flow: resolve the scoped data controller again",
        work: [
          .handWritten: .loop(HandWritten.flowCached), .sheath: .loop(SheathContender.flowCached),
          .swinject: .loop(SwinjectContender.flowCached), .dependencies: .loop(DependenciesContender.flowCached),
        ], notes: [.swinject: Footnote.flowChildContainer, .dependencies: Footnote.flowWithDependencies])),
  ]
  for threads in [1, 2] {
    rows.append(
      .measured(
        Scenario(
          id: "threads-\(threads)",
          title: "graph resolve, \(threads) thread\(threads == 1 ? "" : "s") at once (per op, per thread)",
          work: [
            .handWritten: .threads(count: threads, HandWritten.threads),
            .sheath: .threads(count: threads, SheathContender.threads),
            .swinject: .threads(count: threads, SwinjectContender.threads),
            .dependencies: .threads(count: threads, DependenciesContender.threads),
          ], notes: [.swinject: Footnote.synchronized])))
  }
  rows.append(
    .ratio(
      id: "threads-ratio", title: "2 threads ÷ 1 thread (per-op slowdown)", numerator: "threads-2",
      denominator: "threads-1"))
  rows.append(
    .measured(
      Scenario(
        id: "chain", title: "deep chain of 100 transient objects",
        work: [
          .handWritten: .loop { HandWritten.deepChain(length: 100) },
          .sheath: .loop { SheathContender.deepChain(length: 100) },
          .swinject: .loop { SwinjectContender.deepChain(length: 100) },
          .dependencies: .loop(DependenciesContender.deepChain),
        ])))
  for size in Scale.sizes {
    rows.append(
      .measured(
        Scenario(
          id: "build-\(size)", title: "build a graph of \(size.formatted) bindings",
          work: [
            .handWritten: .notApplicable(Footnote.noContainer),
            .sheath: .loop { SheathContender.build(count: size) },
            .swinject: .loop { SwinjectContender.build(count: size) },
            .dependencies: .notApplicable(Footnote.noRuntimeRegistration),
          ])))
  }
  rows.append(
    .measured(
      Scenario(
        id: "build-static-\(GeneratedStaticModule.count)",
        title: "build a graph of \(GeneratedStaticModule.count.formatted) bindings: generated computed keys",
        work: [
          .handWritten: .notApplicable(Footnote.noContainer),
          .sheath: .loop(SheathContender.buildStatic),
          .swinject: .notApplicable(Footnote.crossCheck),
          .dependencies: .notApplicable(Footnote.noRuntimeRegistration),
        ])))
  rows.append(
    .measured(
      Scenario(
        id: "build-declared-1000",
        title:
          "build a graph of 1,000 keys that declare 1,000 dependencies (500 singletons, each needing a transient key that needs one leaf)",
        work: [
          .handWritten: .notApplicable(Footnote.noContainer),
          .sheath: .loop(SheathContender.buildDeclared),
          .swinject: .notApplicable(Footnote.noVerification),
          .dependencies: .notApplicable(Footnote.noRuntimeRegistration),
        ])))
  rows.append(
    .measured(
      Scenario(
        id: "child-declared-1000",
        title: "build a child graph with one override module under that graph: checked where each key is built",
        work: [
          .handWritten: .notApplicable(Footnote.noContainer),
          .sheath: .loop(SheathContender.buildDeclaredChild),
          .swinject: .notApplicable(Footnote.noVerification),
          .dependencies: .notApplicable(Footnote.noRuntimeRegistration),
        ])))
  for size in [10, 1_000, Scale.largest] {
    rows.append(
      .measured(
        Scenario(
          id: "verify-\(size)", title: "verify a graph of \(size.formatted) bindings (`graph.verify()`)",
          work: [
            .handWritten: .notApplicable(Footnote.noContainer),
            .sheath: .loop { SheathContender.verify(count: size) },
            .swinject: .notApplicable(Footnote.noVerification),
            .dependencies: .notApplicable(Footnote.noVerification),
          ])))
  }
  for size in [10, Scale.largest] {
    rows.append(
      .measured(
        Scenario(
          id: "resolve-\(size)", title: "resolve one key in a graph of \(size.formatted) bindings",
          work: [
            .handWritten: .notApplicable(Footnote.noContainer),
            .sheath: .loop { SheathContender.resolveAtScale(count: size) },
            .swinject: .loop { SwinjectContender.resolveAtScale(count: size) },
            .dependencies: .notApplicable(Footnote.noRuntimeRegistration),
          ])))
  }
  rows.append(
    .ratio(
      id: "resolve-ratio", title: "resolve at 10,000 bindings ÷ at 10", numerator: "resolve-\(Scale.largest)",
      denominator: "resolve-10"))
  for size in [10, Scale.largest] {
    rows.append(
      .measured(
        Scenario(
          id: "resolve-each-\(size)", title: "resolve every key of a \(size.formatted)-binding graph in turn",
          work: [
            .handWritten: .notApplicable(Footnote.noContainer),
            .sheath: .loop { SheathContender.resolveEachAtScale(count: size) },
            .swinject: .loop { SwinjectContender.resolveEachAtScale(count: size) },
            .dependencies: .notApplicable(Footnote.noRuntimeRegistration),
          ])))
  }
  rows.append(
    .ratio(
      id: "resolve-each-ratio", title: "every key in turn: 10,000 bindings ÷ 10",
      numerator: "resolve-each-\(Scale.largest)", denominator: "resolve-each-10"))
  return rows
}

extension Int {
  /// `10,000`.
  var formatted: String {
    let digits = Array(String(self))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}

/// Runs one cell's loop once, for `perf` or `valgrind --tool=callgrind`: running it with N and 2N
/// iterations and subtracting gives the exact cost of N operations, free of setup.
///
/// Prints one line on standard error when the loop has run (`scripts/callgrind.py` checks for it); the
/// line does not depend on the loop's timing, so the N and 2N runs do the same work besides the loop.
func runForProfiler(rows: [Row], id: String, contender name: String, iterations: Int) {
  guard let contender = Contender(name: name) else {
    fatalError("unknown contender \(name); one of: \(Contender.allCases.map(\.title))")
  }
  let scenarios = rows.compactMap { row -> Scenario? in
    if case .measured(let scenario) = row, scenario.id == id { return scenario }
    return nil
  }
  guard let scenario = scenarios.first else { fatalError("unknown scenario \(id)") }
  switch scenario.work[contender] {
  case .loop(let make):
    _ = make()(iterations)
  case .threads(let count, let make):
    _ = runThreads(count, iterations: iterations, make())
  case .notApplicable, nil:
    fatalError("\(contender.title) does not run \(id)")
  }
  progress("profiled: \(id) \(contender.title)")
}
