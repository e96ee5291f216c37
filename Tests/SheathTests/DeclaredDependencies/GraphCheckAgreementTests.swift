import Foundation
import Sheath
import Testing

/// The graph check and the resolver agree: for many random graphs of declared keys, either building
/// the graph reports problems and each one really exists in the wiring, or every key resolves — from
/// the graph and from a child that opens its scope — with no stop.
///
/// About a third of each graph's keys are main-actor keys, which declare plain and main-actor keys
/// (their dependencies are `TypedKey`s), and a sixth are async keys, which declare plain and async
/// keys; plain keys declare plain keys only, as their types allow. Each kind's edges, direct or
/// through `.provider` (and a plain key's through `.lazy` and `.optional` too), go only to the kinds
/// it may take directly. Keys take every lifetime: transient, per-resolution, singleton, `.weak` and
/// `.scoped(.flow)`; some are required, bound or not, and `require`d by the module (872 requires,
/// 426 of them of keys it leaves unbound); the module rebinds or overrides some.
///
/// Each graph comes from a seed, and the seeds are the test's arguments: a failure names its seed,
/// and `swift test --filter GraphCheckAgreementTests` with that seed alone in `seeds` replays it.
@Suite("Declared dependencies: the check agrees with the resolver")
@MainActor
struct GraphCheckAgreementTests {
  // Of these 1,200 graphs, 135 are sound, with 227 main-actor and 102 async keys and 261 provider, 45
  // lazy and 39 optional edges among them; the others have 796 missing bindings, 1,146 keys on cycles,
  // 68 shared or per-resolution keys on reference cycles through a lazy value and 678 captive keys
  // (114 of them `.weak` keys holding a flow's), counted when the model last changed (the wiring is
  // as it was). It
  // gained `.weak` and `.perResolution` keys when the check was found passing a `.weak` key that held
  // a scoped one, which the resolver then stopped on, and lazy and optional edges with them. Since the
  // check was found passing a singleton whose provider would resolve a flow's key from the root graph,
  // every provider a resolved key was given is called too (185 such keys in the
  // seeds, and 142 flow keys holding `.weak` ones, the other direction of that rule), and every lazy
  // value read, which found the reference cycles: LeakSanitizer reported what they kept alive.
  nonisolated static let seeds: [UInt64] = Array(1...1_200)

  @Test("random graphs: every reported problem exists, or every key resolves", arguments: seeds)
  func agreement(seed: UInt64) async throws {
    let wiring = Wiring(seed: seed)
    // The keys' dependencies read the box, and the box holds the keys: let them go after the test.
    defer { wiring.box.keys = [] }
    let graph: Graph
    do {
      graph = try Graph(modules: [wiring.module])
    } catch let error as GraphError {
      #expect(!error.problems.isEmpty)
      for problem in error.problems {
        #expect(wiring.hasProblem(problem), "seed \(seed): reported, but not in the wiring:\n\(problem)")
      }
      #expect(wiring.hasAnyProblem, "seed \(seed): reported problems in a sound wiring")
      return
    }
    #expect(!wiring.hasAnyProblem, "seed \(seed): the wiring has a problem the check did not report")
    guard !wiring.hasAnyProblem else { return }
    #expect(Set(graph.knownKeys.map(\.name)).isSuperset(of: wiring.names))
    let flow = graph.child(scope: .flow)
    for (index, key) in wiring.keys.enumerated() {
      try await expectResolves(key, index, from: flow)
      if !wiring.needsFlow(index) { try await expectResolves(key, index, from: graph) }
    }
  }
}

/// Builds the graph `model` reads with `build`: either it reports problems, and each exists in the model,
/// or the model has none, the graph knows what the model says, and every such key resolves from it.
/// Returns the graph when it built.
@MainActor private func expectAgreement(
  _ model: ChildWiring, _ wiring: Wiring, _ label: String, _ build: () throws -> Graph
) async throws -> Graph? {
  let graph: Graph
  do {
    graph = try build()
  } catch let error as GraphError {
    // Read into values first: a failed expectation would print the whole model.
    for problem in error.problems {
      let exists = model.hasProblem(problem, in: wiring)
      #expect(exists, "\(label): reported, but not in the wiring:\n\(problem)")
    }
    let hasProblem = model.hasAnyProblem
    #expect(hasProblem, "\(label): reported problems in a sound graph")
    return nil
  }
  let hasProblem = model.hasAnyProblem
  #expect(!hasProblem, "\(label): the wiring has a problem the check did not report")
  guard !hasProblem else { return nil }
  let known = model.knownKeys
  #expect(
    Set(graph.knownKeys.map(\.name)).intersection(wiring.names) == Set(known.map { wiring.keys[$0].name }),
    "\(label): the graph knows other keys than the model")
  for index in known.sorted() { try await expectResolves(wiring.keys[index], index, from: graph) }
  return graph
}

/// Resolves `key` from `graph`, and calls every provider and reads every lazy value the result was
/// given: each resolves from the graph it was made in, which a check that passed must have made sure
/// opens what it needs.
@MainActor private func expectResolves(_ key: NodeKey, _ index: Int, from graph: Graph) async throws {
  let node = try await key.resolve(from: graph)
  #expect(node.index == index)
  var called: Set<Int> = []
  try await node.callEverythingLater(&called)
}

extension GraphCheckAgreementTests {
  nonisolated static let partlyExposedSeeds: [UInt64] = Array(1...1_200)

  /// The same wirings with about half of the keys left unexposed (chosen from the seed and the
  /// index, drawing nothing from the seed): building the graph checks the keys the module names and
  /// every key they reach, and no other; `verify(entryPoints:)` checks each other key from there; and
  /// every key with no problem resolves.
  @Test(
    "random graphs, some keys unexposed: the build checks what the modules reach, verify(entryPoints:) the rest",
    arguments: partlyExposedSeeds)
  func agreementWithUnexposedKeys(seed: UInt64) async throws {
    let wiring = Wiring(seed: seed) { index in (seed &+ UInt64(index)) % 2 == 0 }
    defer { wiring.box.keys = [] }
    let graph: Graph
    do {
      graph = try Graph(modules: [wiring.module])
    } catch let error as GraphError {
      let known = wiring.known().keys
      for problem in error.problems {
        #expect(wiring.hasProblem(problem), "seed \(seed): reported, but not in the wiring:\n\(problem)")
        #expect(
          wiring.index(of: problem).map(known.contains) == true,
          "seed \(seed): reported about a key no module names or reaches:\n\(problem)")
      }
      #expect(wiring.hasKnownProblem(), "seed \(seed): reported problems among keys with none")
      return
    }
    #expect(!wiring.hasKnownProblem(), "seed \(seed): a key the graph knows has a problem the check did not report")
    guard !wiring.hasKnownProblem() else { return }
    let known = wiring.known().keys
    let graphKnows = Set(graph.knownKeys.map(\.name)).intersection(wiring.names)
    #expect(
      graphKnows == Set(known.map { wiring.keys[$0].name }), "seed \(seed): the graph knows other keys than the model")
    let flow = graph.child(scope: .flow)
    for (index, key) in wiring.keys.enumerated() where !known.contains(index) {
      // A key the graph does not know: checked as data from an entry point before it is resolved.
      do {
        try graph.verify(scopes: [.flow], entryPoints: [key.typed])
      } catch let error as GraphError {
        for problem in error.problems {
          #expect(
            wiring.hasProblem(problem), "seed \(seed), entry K\(index): reported, but not in the wiring:\n\(problem)")
        }
        #expect(
          wiring.hasKnownProblem(from: [index]), "seed \(seed), entry K\(index): reported problems among keys with none"
        )
        continue
      }
      #expect(
        !wiring.hasKnownProblem(from: [index]), "seed \(seed), entry K\(index): verify() passed a key with a problem")
      guard !wiring.hasKnownProblem(from: [index]) else { continue }
      try await expectResolves(key, index, from: flow)
      if !wiring.needsFlow(index) { try await expectResolves(key, index, from: graph) }
    }
    for index in known {
      try await expectResolves(wiring.keys[index], index, from: flow)
      if !wiring.needsFlow(index) { try await expectResolves(wiring.keys[index], index, from: graph) }
    }
  }

  @Test(
    "the partly exposed seeds cover what that test claims: unknown keys with and without problems, behind graphs that build"
  )
  func partlyExposedCoverage() {
    var builds = 0
    var buildsOverProblems = 0
    var unknown = (sound: 0, withProblems: 0)
    var knownOnlyThroughDependencies = 0
    for seed in Self.partlyExposedSeeds {
      let wiring = Wiring(seed: seed) { index in (seed &+ UInt64(index)) % 2 == 0 }
      defer { wiring.box.keys = [] }
      guard !wiring.hasKnownProblem() else { continue }
      builds += 1
      if wiring.hasAnyProblem { buildsOverProblems += 1 }
      let known = wiring.known().keys
      let named = Set(wiring.namedByModule)
      knownOnlyThroughDependencies += known.subtracting(named).count
      for index in wiring.keys.indices where !known.contains(index) {
        if wiring.hasKnownProblem(from: [index]) { unknown.withProblems += 1 } else { unknown.sound += 1 }
      }
    }
    // Counted when the test was written: 229 graphs build, 67 of them over a problem in a key nothing
    // named; of the keys they do not know, 234 are sound and 80 have a problem; 158 keys are known only
    // because a key the module names reaches them.
    #expect(
      builds >= 100 && buildsOverProblems >= 30, "graphs that build: \(builds), over a problem: \(buildsOverProblems)")
    #expect(unknown.sound >= 100 && unknown.withProblems >= 50, "unknown keys: \(unknown)")
    #expect(knownOnlyThroughDependencies >= 50, "known through dependencies only: \(knownOnlyThroughDependencies)")
  }

  @Test("the seeds cover what the test claims: sound graphs with every kind of key, and every kind of problem")
  func coverage() {
    var sound = 0
    var soundKeys = (mainActor: 0, async: 0)
    var problems = (missing: 0, onCycles: 0, onReferenceCycles: 0, captive: 0, weakHoldingFlow: 0)
    var soundLifetimes: [String: Int] = [:]
    var soundEdges: [String: Int] = [:]
    var requires = (all: 0, unbound: 0)
    var capturingLater = 0
    var flowHoldingWeak = 0
    for seed in Self.seeds {
      let wiring = Wiring(seed: seed)
      defer { wiring.box.keys = [] }
      let modelled = wiring.modelledProblems
      problems.missing += modelled.missing
      problems.onCycles += modelled.onCycles
      problems.onReferenceCycles += modelled.onReferenceCycles
      problems.captive += modelled.captive
      problems.weakHoldingFlow += modelled.weakHoldingFlow
      capturingLater += wiring.capturingLater
      flowHoldingWeak += wiring.flowHoldingWeak
      requires.all += wiring.requires.all
      requires.unbound += wiring.requires.unbound
      guard !wiring.hasAnyProblem else { continue }
      sound += 1
      for life in wiring.lives { soundLifetimes["\(life)", default: 0] += 1 }
      for edges in wiring.edges { for edge in edges { soundEdges["\(edge.kind)", default: 0] += 1 } }
      for key in wiring.keys {
        switch key {
        case .mainActor: soundKeys.mainActor += 1
        case .async: soundKeys.async += 1
        case .plain: break
        }
      }
    }
    #expect(sound >= 100, "sound graphs: \(sound)")
    #expect(soundKeys.mainActor >= 100 && soundKeys.async >= 50, "keys resolved: \(soundKeys)")
    #expect(problems.missing >= 100 && problems.onCycles >= 100 && problems.captive >= 100, "\(problems)")
    #expect(problems.weakHoldingFlow >= 20, "\(problems)")
    // Shared keys that hold themselves once a lazy value is read: the check once passed them, and the
    // graph's release left them, and what their lazy values kept of the graph, alive.
    #expect(problems.onReferenceCycles >= 10, "\(problems)")
    // Singletons and `.weak` keys whose providers or lazy values would resolve a flow's key from the
    // root graph: the check once passed them, and the resolver stopped when they were called.
    #expect(capturingLater >= 100, "capturing later: \(capturingLater)")
    #expect(flowHoldingWeak >= 100, "flow keys holding .weak ones: \(flowHoldingWeak)")
    #expect(Wiring.Life.allCases.allSatisfy { soundLifetimes["\($0)", default: 0] >= 50 }, "\(soundLifetimes)")
    #expect(
      ["direct", "provider", "lazy", "optional"].allSatisfy { soundEdges[$0, default: 0] >= 30 }, "\(soundEdges)")
    #expect(requires.all >= 100 && requires.unbound >= 50, "\(requires)")
  }
}

extension GraphCheckAgreementTests {
  /// A child graph that opens `.flow` under each partly exposed wiring whose root builds, and a graph
  /// below that child, each with a module that rebinds and exposes keys of its own (``ChildWiring``):
  /// either building each reports problems and each exists where its key is built, or every key it
  /// knows resolves from it, with every provider called and every lazy value read.
  @Test(
    "random child graphs: every reported problem exists where its key is built, or every key resolves",
    arguments: partlyExposedSeeds)
  func childGraphAgreement(seed: UInt64) async throws {
    let wiring = Wiring(seed: seed, exposing: ChildWiring.rootExposes(seed), leavingRequiredKeys: seed % 2 == 0)
    defer { wiring.box.keys = [] }
    guard !wiring.hasKnownProblem() else { return }
    let root = try Graph(modules: [wiring.module])
    let first = ChildWiring.Layer(wiring, below: [], seed: seed, opensFlow: true)
    let model = ChildWiring(wiring, layers: [first], parentKnows: wiring.known().keys)
    guard
      let flow = try await expectAgreement(
        model, wiring, "seed \(seed)", { try root.child(scope: .flow, modules: [model.module]) })
    else { return }
    // A graph below the flow, with a module of its own: three graphs to follow keys through.
    let second = ChildWiring.Layer(wiring, below: [first], seed: seed, opensFlow: false)
    let stepModel = ChildWiring(wiring, layers: [first, second], parentKnows: model.knownKeys)
    _ = try await expectAgreement(
      stepModel, wiring, "seed \(seed), below the flow", { try flow.child(modules: [stepModel.module]) })
  }
  @Test(
    "the child graph seeds cover what that test claims: children that build and that are refused, false cycles gone, and keys only a child binds missing where the root builds"
  )
  func childGraphCoverage() {
    var children = (builds: 0, refused: 0)
    var steps = (builds: 0, refused: 0, builtByTheFlow: 0)
    var falseCycles = 0
    var missingWhereTheRootBuilds = 0
    var rootOwnedKnownByChild = 0
    for seed in Self.partlyExposedSeeds {
      let wiring = Wiring(seed: seed, exposing: ChildWiring.rootExposes(seed), leavingRequiredKeys: seed % 2 == 0)
      defer { wiring.box.keys = [] }
      guard !wiring.hasKnownProblem() else { continue }
      let model = ChildWiring(wiring, seed: seed)
      if model.hasAnyProblem { children.refused += 1 } else { children.builds += 1 }
      if !model.hasAnyProblem {
        let first = ChildWiring.Layer(wiring, below: [], seed: seed, opensFlow: true)
        let second = ChildWiring.Layer(wiring, below: [first], seed: seed, opensFlow: false)
        let step = ChildWiring(wiring, layers: [first, second], parentKnows: model.knownKeys)
        if step.hasAnyProblem { steps.refused += 1 } else { steps.builds += 1 }
        steps.builtByTheFlow += step.nodes.indices.count { step.nodes[$0].level == 1 }
      }
      if model.hadFalseCycle(wiring) { falseCycles += 1 }
      if model.missesWhatOnlyTheChildBinds { missingWhereTheRootBuilds += 1 }
      rootOwnedKnownByChild += model.nodes.indices.count {
        model.nodes[$0].level == 0 && model.resolvedByChild.contains($0)
      }
    }
    // Counted when the test was written: 123 children build and 112 are refused; 6 would have been
    // refused for a cycle that the root's and the child's bindings read as one graph close, and in 7 a
    // key only the child binds is missing where the root builds what needs it (the check passed those,
    // and resolving stopped); the children resolve 275 keys the root builds. Below the 123 children
    // that build, 92 graphs that do not open `.flow` build and 31 are refused; their checks follow 175
    // keys to the flow's graph.
    #expect(children.builds >= 100 && children.refused >= 80, "children: \(children)")
    #expect(falseCycles >= 5, "false cycles the one-graph reading would report: \(falseCycles)")
    #expect(
      missingWhereTheRootBuilds >= 5,
      "keys only a child binds, missing where the root builds: \(missingWhereTheRootBuilds)")
    #expect(steps.builds >= 50 && steps.refused >= 20 && steps.builtByTheFlow >= 100, "below the flow: \(steps)")
    #expect(rootOwnedKnownByChild >= 200, "keys the child resolves that the root builds: \(rootOwnedKnownByChild)")
  }
}

/// What a random graph's keys build: which key built it.
private final class Node: Sendable {
  let index: Int
  let dependencies: [Node]
  /// What its deferred edges gave it: providers and lazy values, which the test calls and reads after
  /// resolving.
  let later: [Dependency]
  init(_ index: Int, _ dependencies: [Node], _ later: [Dependency] = []) {
    self.index = index
    self.dependencies = dependencies
    self.later = later
  }

  /// Calls every provider and reads every lazy value this node and the nodes it reaches were given,
  /// each key's once: what resolves later must resolve, from the graph each was made in.
  @MainActor func callEverythingLater(_ called: inout Set<Int>) async throws {
    guard called.insert(index).inserted else { return }
    for node in dependencies { try await node.callEverythingLater(&called) }
    for value in later {
      let node: Node
      switch value {
      case .provider(let provider): node = provider()
      // Read too: LeakSanitizer (CI's LSan step) finds any reference cycle a lazy value's kept value
      // closes that the check let through — as it once did, before the check reported them.
      case .lazy(let lazy): node = lazy.value
      case .mainActorProvider(let provider): node = provider()
      case .asyncProvider(let provider): node = try await provider()
      case .node, .optional: continue
      }
      try await node.callEverythingLater(&called)
    }
  }
}

/// A random graph's key: a plain, a main-actor or an async key.
private enum NodeKey: Sendable {
  case plain(Key<Node>)
  case mainActor(MainActorKey<Node>)
  case async(AsyncKey<Node>)

  var name: String { typed.name }

  var typed: TypedKey<Node> {
    switch self {
    case .plain(let key): key
    case .mainActor(let key): key
    case .async(let key): key
    }
  }

  @MainActor func resolve(from graph: Graph) async throws -> Node {
    switch self {
    case .plain(let key): graph[key]
    case .mainActor(let key): graph[key]
    case .async(let key): try await graph[key]
    }
  }

  func expose(in b: inout Bindings) {
    switch self {
    case .plain(let key): b.expose(key)
    case .mainActor(let key): b.expose(key)
    case .async(let key): b.expose(key)
    }
  }

  func require(in b: inout Bindings) {
    switch self {
    case .plain(let key): b.require(key)
    case .mainActor(let key): b.require(key)
    case .async(let key): b.require(key)
    }
  }
}

/// A random wiring: keys with lifetimes and declared dependencies (some through `.provider`), some
/// required and bound by the module or left unbound, some rebound with other dependencies; and the
/// model of it that says, independently of Sheath, which problems it has.
private struct Wiring: WiringModel {
  struct Edge {
    enum Kind { case direct, provider, lazy, optional }
    let target: Int
    let kind: Kind
    /// Resolved later, through a provider or a lazy value: no cycle and nothing held through it.
    var isDeferred: Bool { kind == .provider || kind == .lazy }
  }
  enum Life: CaseIterable {
    case transient, perResolution, singleton, weak, flow

    var lifetime: Lifetime<Node> {
      switch self {
      case .transient: .transient
      case .perResolution: .perResolution
      case .singleton: .singleton
      case .weak: .weak
      case .flow: .scoped(.flow)
      }
    }
    var mainActorLifetime: MainActorLifetime {
      switch self {
      case .transient: .transient
      case .perResolution: .perResolution
      case .singleton: .singleton
      case .weak: .weak
      case .flow: .scoped(.flow)
      }
    }
    /// Whether the graph keeps the instance.
    var isShared: Bool { self == .singleton || self == .weak || self == .flow }

    /// The documented rule (ScopesAndChildGraphs, "Captive dependencies"): a shared instance may hold
    /// singletons, and shared instances of its own kind.
    func mayHold(_ held: Life) -> Bool {
      !held.isShared || held == .singleton || (held == self && self != .singleton)
    }
  }

  /// The edges each key resolves with: its module binding's when the module binds it, else its own.
  private(set) var edges: [[Edge]] = []
  private(set) var lives: [Life] = []
  private(set) var isBound: [Bool] = []
  private(set) var isRequiredKey: [Bool] = []
  /// Whether the module binds or overrides the key (a required key bound by the module included).
  private(set) var isRebound: [Bool] = []
  let keys: [NodeKey]
  let module: TestModule
  let box = KeyBox()
  var names: Set<String> { Set(keys.map(\.name)) }

  /// Whether the module exposes each key (`b.expose`).
  let isExposed: [Bool]
  enum Kind { case plain, mainActor, async }
  let kinds: [Kind]
  /// Whether the module `require`s the required keys at even indices.
  let requiresRequiredKeys: Bool

  /// - Parameters:
  ///   - seed: What the keys, edges and bindings are drawn from.
  ///   - exposing: Whether the module exposes the key at an index; every key by default. It draws
  ///     nothing from the seed, so that a seed gives the same keys, edges and bindings either way.
  ///   - leavingRequiredKeys: Whether the module leaves every required key to a child graph: it binds
  ///     and `require`s none.
  init(seed: UInt64, exposing: (Int) -> Bool = { _ in true }, leavingRequiredKeys: Bool = false) {
    var random = SeededGenerator(state: seed)
    let count = Int(random.next() % 8) + 3
    let box = self.box
    var keys: [NodeKey] = []
    var declared: [[Edge]] = []
    var isRequired: [Bool] = []
    let kinds: [Kind] = (0..<count).map { _ in
      switch random.next() % 6 {
      case 0, 1: .mainActor
      case 2: .async
      default: .plain
      }
    }
    func randomEdges(for index: Int) -> [Edge] { Self.randomEdges(for: index, kinds: kinds, &random) }
    for index in 0..<count {
      let life = Life.allCases[Int(random.next() % UInt64(Life.allCases.count))]
      let required = random.next() % 5 == 0
      let edges = randomEdges(for: index)
      lives.append(life)
      isRequired.append(required)
      declared.append(required ? [] : edges)
      let name = "K\(index)", column = freshColumn()
      switch (kinds[index], required) {
      case (.plain, true): keys.append(.plain(.required(life.lifetime, name: name, column: column)))
      case (.mainActor, true): keys.append(.mainActor(.required(life.mainActorLifetime, name: name, column: column)))
      case (.async, true): keys.append(.async(.required(life.lifetime, name: name, column: column)))
      case (.plain, false): keys.append(.plain(makeKey(index, life.lifetime, edges, box)))
      case (.mainActor, false): keys.append(.mainActor(makeMainActorKey(index, life.mainActorLifetime, edges, box)))
      case (.async, false): keys.append(.async(makeAsyncKey(index, life.lifetime, edges, box)))
      }
    }
    box.keys = keys
    // The module: binds about half the required keys, rebinds a fifth of the others, exposes all (or
    // those `exposing` picks), and `require`s the required keys at even indices (bound or not),
    // without drawing from the seed.
    var rebound: [Int: [Edge]] = [:]
    var bound = Array(repeating: false, count: count)
    for index in 0..<count {
      if isRequired[index] {
        if random.next() % 2 == 0, !leavingRequiredKeys {
          rebound[index] = randomEdges(for: index)
          bound[index] = true
        }
      } else {
        bound[index] = true
        if random.next() % 5 == 0 { rebound[index] = randomEdges(for: index) }
      }
    }
    self.keys = keys
    self.kinds = kinds
    self.requiresRequiredKeys = !leavingRequiredKeys
    let exposed = (0..<count).map(exposing)
    self.isExposed = exposed
    self.isBound = bound
    self.isRequiredKey = isRequired
    self.isRebound = (0..<count).map { rebound[$0] != nil }
    self.edges = (0..<count).map { rebound[$0] ?? declared[$0] }
    let moduleKeys = keys
    let moduleRequired = isRequired
    module = TestModule { b in
      for (index, key) in moduleKeys.enumerated() {
        if let edges = rebound[index] {
          bindKey(&b, key, index, edges, box, isOverride: !moduleRequired[index])
        }
        if exposed[index] { key.expose(in: &b) }
        if moduleRequired[index], index % 2 == 0, !leavingRequiredKeys { key.require(in: &b) }
      }
    }
  }

  /// Edges for the key at `index`, drawn from `random`: a main-actor key may declare plain and
  /// main-actor keys; an async key, plain and async keys; a plain key, plain keys only. A plain key's
  /// edge may be direct, a provider, a lazy value or an optional; the others' direct or a provider
  /// (their keys have no lazy or optional forms).
  static func randomEdges(for index: Int, kinds: [Kind], _ random: inout SeededGenerator) -> [Edge] {
    let targets = kinds.indices.filter { kinds[$0] == .plain || kinds[$0] == kinds[index] }
    guard !targets.isEmpty else { return [] }
    return (0..<Int(random.next() % 3)).map { _ in
      let target = targets[Int(random.next() % UInt64(targets.count))]
      let roll = random.next() % 6
      let kind: Edge.Kind =
        switch roll {
        case 0, 1: .provider
        case 2 where kinds[index] == .plain: .lazy
        case 3 where kinds[index] == .plain: .optional
        default: .direct
        }
      return Edge(target: target, kind: kind)
    }
  }

  /// How many required keys the module `require`s, and how many of those it leaves unbound.
  var requires: (all: Int, unbound: Int) {
    let required = keys.indices.filter { isRequiredKey[$0] && $0 % 2 == 0 && requiresRequiredKeys }
    return (required.count, required.count { !isBound[$0] })
  }

  var hasAnyProblem: Bool {
    keys.indices.contains { !isBound[$0] || isOnCycle($0) || isOnReferenceCycle($0) || isCaptive($0) }
  }

  /// How many flow keys hold a `.weak` key, directly or through keys the graph does not keep: captive,
  /// since the flow's instance would keep the `.weak` one for the whole flow.
  var flowHoldingWeak: Int {
    keys.indices.count { index in lives[index] == .flow && heldShared(index).contains { lives[$0] == .weak } }
  }

  /// How many shared keys outside the flow keep a provider or lazy value that would resolve a flow's key
  /// from the root graph: captive by the model, found only through their deferred edges.
  var capturingLater: Int {
    keys.indices.count { index in
      lives[index].isShared && lives[index] != .flow
        && !heldShared(index).contains(where: { !lives[index].mayHold(lives[$0]) })
        && laterShared(index).contains { lives[$0] == .flow }
    }
  }

  /// How many keys of the wiring are missing a binding, on a cycle, or captive — and among those, how
  /// many are `.weak` keys holding a flow's — by the model.
  var modelledProblems: (missing: Int, onCycles: Int, onReferenceCycles: Int, captive: Int, weakHoldingFlow: Int) {
    (
      keys.indices.count { !isBound[$0] }, keys.indices.count { isOnCycle($0) },
      keys.indices.count { isOnReferenceCycle($0) }, keys.indices.count { isCaptive($0) },
      keys.indices.count { lives[$0] == .weak && heldShared($0).contains { lives[$0] == .flow } }
    )
  }

  /// The index of the key `problem` is about. A cycle is reported at its member the walk reached
  /// first, which may be the transient key that passes a node to its dependent (`K3~`, see
  /// `dependency`): on the cycle exactly when `K3` is.
  func index(of problem: GraphError.Problem) -> Int? {
    let name = problem.keyName.split(separator: "~").first.map(String.init) ?? problem.keyName
    return keys.firstIndex { $0.name == name }
  }

  func hasProblem(_ problem: GraphError.Problem) -> Bool {
    guard let index = index(of: problem) else { return false }
    switch problem.kind {
    case .missingBinding: return !isBound[index]
    case .dependencyCycle: return isOnCycle(index)
    case .referenceCycle: return isOnReferenceCycle(index)
    case .captiveDependency: return isCaptive(index)
    default: return false
    }
  }

  /// The keys the module names: binds, overrides, exposes or `require`s.
  var namedByModule: [Int] {
    keys.indices.filter { index in
      isExposed[index] || isRebound[index] || (isRequiredKey[index] && index % 2 == 0 && requiresRequiredKeys)
    }
  }

  /// The keys a graph of the module knows, and whether a missing binding of each would be reported:
  /// the keys the module names and every key they reach through declared edges of any kind. A key that
  /// nothing binds and that only optional edges reach is absent, not missing (DeclaringDependencies;
  /// the seeds here never make one in a graph that builds, OptionalDependencyTests does).
  /// `extra` adds starting keys, as `verify(entryPoints:)` does.
  func known(from extra: [Int] = []) -> (keys: Set<Int>, missing: Set<Int>) {
    let roots = Set(namedByModule + extra)
    var known = roots
    var needed = roots
    var stack = Array(roots)
    while let next = stack.popLast() {
      for edge in edges[next] {
        if edge.kind != .optional { needed.insert(edge.target) }
        if known.insert(edge.target).inserted { stack.append(edge.target) }
      }
    }
    return (known, Set(needed.filter { !isBound[$0] }))
  }

  /// Whether building a graph (or verifying it from `extra` entry points too) reports a problem, by
  /// the model: a missing binding, a cycle or a captive key among the keys it knows.
  func hasKnownProblem(from extra: [Int] = []) -> Bool {
    let (known, missing) = known(from: extra)
    return !missing.isEmpty || known.contains { isOnCycle($0) || isOnReferenceCycle($0) || isCaptive($0) }
  }

}

/// A wiring's keys as a graph below the root reads them — a child that opens `.flow`, and a graph
/// below that one — each with a module of its own laid over its parent's (``Layer``). The model follows
/// each key to the graph that builds it, as ScopesAndChildGraphs says: a singleton or `.weak` key to the
/// graph whose module bound it (the root, for a key's own binding), a `.flow` key to the nearest graph
/// that opens `.flow`, any other to the graph that resolves it — which reads its dependencies with its
/// own bindings. Each such (key, graph) is one node of the model.
private struct ChildWiring: WiringModel {
  /// What one graph below the root lays over its parent's bindings: it binds most required keys left
  /// unbound above it and rebinds a quarter of the others with other edges (overriding what is bound
  /// or declared above), and exposes about half of the keys.
  struct Layer {
    let rebound: [Int: [Wiring.Edge]]
    let exposed: [Bool]
    let opensFlow: Bool
    let module: TestModule

    /// The layer below `layers` of `wiring`, drawn from `seed`. A graph that does not open `.flow`,
    /// below one that does, rebinds no `.flow` key: that is refused, as a scoped binding below its scope.
    init(_ wiring: Wiring, below layers: [Layer], seed: UInt64, opensFlow: Bool) {
      var random = SeededGenerator(state: (seed &+ UInt64(layers.count)) &* 0x2545_F491_4F6C_DD1D)
      let boundAbove = wiring.keys.indices.map { key in
        wiring.isBound[key] || layers.contains { $0.rebound[key] != nil }
      }
      var rebound: [Int: [Wiring.Edge]] = [:]
      var exposed: [Bool] = []
      for index in wiring.keys.indices {
        // Most keys left unbound above are this graph's to bind: a quarter of the others are rebound.
        if random.next() % 4 == 0 || (!boundAbove[index] && random.next() % 8 != 0),
          opensFlow || layers.isEmpty || wiring.lives[index] != .flow
        {
          rebound[index] = Wiring.randomEdges(for: index, kinds: wiring.kinds, &random)
        }
        exposed.append(random.next() % 2 == 0)
      }
      self.rebound = rebound
      self.exposed = exposed
      self.opensFlow = opensFlow
      let keys = wiring.keys
      let box = wiring.box
      // A key bound or declared above is overridden; a required key left unbound above is bound.
      module = TestModule { b in
        for (index, key) in keys.enumerated() {
          if let edges = rebound[index] { bindKey(&b, key, index, edges, box, isOverride: boundAbove[index]) }
          if exposed[index] { key.expose(in: &b) }
        }
      }
    }
  }

  private(set) var edges: [[Wiring.Edge]] = []
  private(set) var lives: [Wiring.Life] = []
  private(set) var isBound: [Bool] = []
  /// The wiring's key at each node, and the level of the graph that builds it there (0: the root).
  private(set) var nodes: [(key: Int, level: Int)] = []
  /// The nodes a missing binding of would be reported: the starting keys and what non-optional edges
  /// reach.
  private(set) var needed: Set<Int> = []
  /// The nodes the graph checked resolves itself: the starting keys, what the nodes it builds need, and
  /// each key a node a graph above builds needs.
  private(set) var resolvedByChild: Set<Int> = []
  /// The edges the checked graph's module binds each key it rebinds with.
  let childEdges: [Int: [Wiring.Edge]]
  let module: TestModule

  /// What the root's module exposes: a third of the keys, so that the child names many the root does
  /// not know (drawing nothing from the seed).
  static func rootExposes(_ seed: UInt64) -> (Int) -> Bool {
    { index in (seed &+ UInt64(index)) % 3 == 0 }
  }

  /// The child that opens `.flow` under `wiring`'s root.
  init(_ wiring: Wiring, seed: UInt64) {
    self.init(wiring, layers: [Layer(wiring, below: [], seed: seed, opensFlow: true)], parentKnows: wiring.known().keys)
  }

  /// The graph of the last of `layers`, whose parent knows `parentKnows`.
  init(_ wiring: Wiring, layers: [Layer], parentKnows: Set<Int>) {
    let checked = layers.count
    childEdges = layers[checked - 1].rebound
    module = layers[checked - 1].module
    let exposed = layers[checked - 1].exposed
    // The graph starts from every key its parent knows and every key its module names.
    let roots = parentKnows.union(childEdges.keys).union(wiring.keys.indices.filter { exposed[$0] })
    var index: [Int: Int] = [:]
    var pending: [Int] = []
    func node(_ key: Int, resolvedAt level: Int) -> Int {
      // The binding the graph at `level` resolves the key with, and the level whose module made it.
      let owner = (1...max(level, 1)).reversed().first { $0 <= level && layers[$0 - 1].rebound[key] != nil } ?? 0
      let life = wiring.lives[key]
      let home: Int
      switch life {
      case .singleton, .weak: home = owner
      case .flow: home = (1...max(level, 1)).reversed().first { $0 <= level && layers[$0 - 1].opensFlow } ?? level
      case .transient, .perResolution: home = level
      }
      if let found = index[key * 8 + home] { return found }
      nodes.append((key, home))
      edges.append(owner > 0 ? layers[owner - 1].rebound[key] ?? [] : wiring.edges[key])
      lives.append(life)
      isBound.append(owner > 0 || wiring.isBound[key])
      index[key * 8 + home] = nodes.count - 1
      pending.append(nodes.count - 1)
      return nodes.count - 1
    }
    for key in roots.sorted() {
      let at = node(key, resolvedAt: checked)
      needed.insert(at)
      resolvedByChild.insert(at)
    }
    while let next = pending.popLast() {
      let level = nodes[next].level
      edges[next] = edges[next].map { edge in
        let target = node(edge.target, resolvedAt: level)
        if edge.kind != .optional { needed.insert(target) }
        if level == checked { resolvedByChild.insert(target) }
        return Wiring.Edge(target: target, kind: edge.kind)
      }
      // The graph knows every key its keys reach, a graph above building some of them: it resolves
      // each itself too (DeclaringDependencies: a graph knows what its keys reach).
      for edge in edges[next] where !resolvedByChild.contains(edge.target) {
        resolvedByChild.insert(node(nodes[edge.target].key, resolvedAt: checked))
      }
    }
  }

  /// Whether the node at `index` has a problem the check reports.
  private func hasProblem(at index: Int) -> Bool {
    (needed.contains(index) && !isBound[index]) || isOnCycle(index) || isOnReferenceCycle(index) || isCaptive(index)
  }

  var hasAnyProblem: Bool { nodes.indices.contains(where: hasProblem(at:)) }

  /// Whether a node of the key `problem` names — in any graph — has that problem.
  func hasProblem(_ problem: GraphError.Problem, in wiring: Wiring) -> Bool {
    guard let key = wiring.index(of: problem) else { return false }
    return nodes.indices.contains { index in
      guard nodes[index].key == key else { return false }
      switch problem.kind {
      case .missingBinding: return needed.contains(index) && !isBound[index]
      case .dependencyCycle: return isOnCycle(index)
      case .referenceCycle: return isOnReferenceCycle(index)
      case .captiveDependency: return isCaptive(index)
      default: return false
      }
    }
  }

  /// The keys the child knows: those it resolves itself, but absent optional ones.
  var knownKeys: Set<Int> {
    Set(resolvedByChild.filter { isBound[$0] || needed.contains($0) }.map { nodes[$0].key })
  }

  /// Whether a single graph with the root's and the child's bindings laid together — what the check
  /// read before it followed each key to the graph that builds it — would have a cycle the two graphs
  /// do not have: a child's binding that needs a root singleton, which needs the key rebound.
  func hadFalseCycle(_ wiring: Wiring) -> Bool {
    struct Flat: WiringModel {
      let edges: [[Wiring.Edge]]
      let lives: [Wiring.Life]
      let isBound: [Bool]
    }
    let flat = Flat(
      edges: wiring.edges.indices.map { childEdges[$0] ?? wiring.edges[$0] }, lives: wiring.lives,
      isBound: wiring.isBound)
    let onCycles = Set(nodes.indices.filter { isOnCycle($0) }.map { nodes[$0].key })
    return knownKeys.contains { flat.isOnCycle($0) && !onCycles.contains($0) }
  }

  /// Whether a key the child rebinds is missing where the root builds what needs it: the problem the
  /// check once let through, which then stopped when the key was resolved.
  var missesWhatOnlyTheChildBinds: Bool {
    nodes.indices.contains { index in
      nodes[index].level == 0 && needed.contains(index) && !isBound[index] && childEdges[nodes[index].key] != nil
    }
  }
}

/// What the model's rules read: keys — or, for a child graph, keys as one graph builds them (see
/// ``ChildWiring``) — with their lifetimes, whether each is bound, and their edges.
private protocol WiringModel {
  var edges: [[Wiring.Edge]] { get }
  var lives: [Wiring.Life] { get }
  var isBound: [Bool] { get }
}

/// The model: which problems a wiring has, by the documented rules, independently of Sheath.
extension WiringModel {
  func directTargets(_ index: Int) -> [Int] {
    edges[index].filter { !$0.isDeferred }.map(\.target)
  }

  /// Whether the key at `index` reaches itself through direct edges.
  func isOnCycle(_ index: Int) -> Bool {
    var seen: Set<Int> = []
    var stack = directTargets(index)
    while let next = stack.popLast() {
      if next == index { return true }
      if seen.insert(next).inserted { stack += directTargets(next) }
    }
    return false
  }

  /// Whether the key at `index`, shared or per-resolution, would hold itself once its lazy values are
  /// read: a lazy value keeps what it resolves when the graph does not (a transient or per-resolution
  /// key's value), so a path back to the key through direct and optional edges and such lazy edges, at
  /// least one of them lazy, is a reference cycle. A per-resolution key's instance recurs too: a lazy
  /// value read while the resolution that built it runs resolves within it.
  func isOnReferenceCycle(_ index: Int) -> Bool {
    guard lives[index].isShared || lives[index] == .perResolution else { return false }
    func held(_ from: Int) -> [(target: Int, isLazy: Bool)] {
      edges[from].compactMap { edge in
        switch edge.kind {
        case .direct, .optional: (edge.target, false)
        case .lazy: lives[edge.target].isShared ? nil : (edge.target, true)
        case .provider: nil
        }
      }
    }
    var seen: Set<[Int]> = []
    var stack = held(index).map { [$0.target, $0.isLazy ? 1 : 0] }
    while let state = stack.popLast() {
      guard seen.insert(state).inserted else { continue }
      if state[0] == index {
        if state[1] == 1 { return true }
        continue
      }
      stack += held(state[0]).map { [$0.target, state[1] == 1 || $0.isLazy ? 1 : 0] }
    }
    return false
  }

  /// The shared keys a shared key at `index` reaches through direct edges and keys the graph does not
  /// keep (transient and per-resolution).
  func heldShared(_ index: Int) -> [Int] {
    var seen: Set<Int> = [index]
    var stack = directTargets(index)
    var held: [Int] = []
    while let next = stack.popLast() {
      guard seen.insert(next).inserted else { continue }
      if lives[next].isShared { held.append(next) } else { stack += directTargets(next) }
    }
    return held
  }

  /// The shared keys that what a shared key at `index` keeps to resolve later — its providers and
  /// lazy values, and theirs, through keys the graph does not keep — resolves from the key's graph.
  func laterShared(_ index: Int) -> [Int] {
    var seen: Set<Int> = [index]
    var stack = edges[index].map(\.target)
    var reached: [Int] = []
    while let next = stack.popLast() {
      guard seen.insert(next).inserted else { continue }
      if lives[next].isShared { reached.append(next) } else { stack += edges[next].map(\.target) }
    }
    return reached
  }

  /// The documented rule, and what a provider's graph sees: a singleton or a `.weak` key lives in the
  /// root graph, so what its providers resolve from there cannot be a flow's.
  func isCaptive(_ index: Int) -> Bool {
    guard lives[index].isShared else { return false }
    if heldShared(index).contains(where: { !lives[index].mayHold(lives[$0]) }) { return true }
    return lives[index] != .flow && laterShared(index).contains { lives[$0] == .flow }
  }

  /// Whether resolving the key at `index`, and calling every provider and lazy value it was given,
  /// needs the flow scope open.
  func needsFlow(_ index: Int) -> Bool {
    var seen: Set<Int> = []
    var stack = [index]
    while let next = stack.popLast() {
      guard seen.insert(next).inserted else { continue }
      if lives[next] == .flow { return true }
      stack += edges[next].map(\.target)
    }
    return false
  }
}

/// The keys of a wiring, filled in after they are all made: a key's dependencies may be made after it.
private final class KeyBox: @unchecked Sendable {
  // @unchecked: written once, before any graph reads it.
  var keys: [NodeKey] = []
}

/// A key at `index` whose default declares `edges`, through the fixed-arity initializers.
private func makeKey(_ index: Int, _ lifetime: Lifetime<Node>, _ edges: [Wiring.Edge], _ box: KeyBox) -> Key<Node> {
  let d = edges.map { edge in { @Sendable in dependency(box, edge) } }
  let name = "K\(index)"
  let column = freshColumn()
  switch edges.count {
  case 0: return Key(lifetime, name: name, column: column) { Node(index, []) }
  case 1: return Key(lifetime, d[0](), name: name, column: column) { node(index, [$0]) }
  case 2: return Key(lifetime, d[0](), d[1](), name: name, column: column) { node(index, [$0, $1]) }
  default: return Key(lifetime, d[0](), d[1](), d[2](), name: name, column: column) { node(index, [$0, $1, $2]) }
  }
}

/// A column no key was declared at yet: each random graph's keys are new keys, though their names
/// (`K0`, `K1`, …) repeat from graph to graph.
private func freshColumn() -> UInt {
  UInt(1_000 + declaredColumns.increment())
}

private let declaredColumns = Counter()

/// A main-actor key at `index` whose default declares `edges`, through the fixed-arity initializers.
private func makeMainActorKey(
  _ index: Int, _ lifetime: MainActorLifetime, _ edges: [Wiring.Edge], _ box: KeyBox
) -> MainActorKey<Node> {
  let d = edges.map { edge in { @Sendable in mainActorDependency(box, edge) } }
  let name = "K\(index)"
  let column = freshColumn()
  switch edges.count {
  case 0: return MainActorKey(lifetime, name: name, column: column) { Node(index, []) }
  case 1: return MainActorKey(lifetime, d[0](), name: name, column: column) { node(index, [$0]) }
  case 2: return MainActorKey(lifetime, d[0](), d[1](), name: name, column: column) { node(index, [$0, $1]) }
  default:
    return MainActorKey(lifetime, d[0](), d[1](), d[2](), name: name, column: column) { node(index, [$0, $1, $2]) }
  }
}

/// An async key at `index` whose default declares `edges`, through the fixed-arity initializers.
private func makeAsyncKey(
  _ index: Int, _ lifetime: Lifetime<Node>, _ edges: [Wiring.Edge], _ box: KeyBox
) -> AsyncKey<Node> {
  let d = edges.map { edge in { @Sendable in asyncDependency(box, edge) } }
  let name = "K\(index)"
  let column = freshColumn()
  switch edges.count {
  case 0: return AsyncKey(lifetime, name: name, column: column) { Node(index, []) }
  case 1: return AsyncKey(lifetime, d[0](), name: name, column: column) { node(index, [$0]) }
  case 2: return AsyncKey(lifetime, d[0](), d[1](), name: name, column: column) { node(index, [$0, $1]) }
  default:
    return AsyncKey(lifetime, d[0](), d[1](), d[2](), name: name, column: column) { node(index, [$0, $1, $2]) }
  }
}

/// Binds (or overrides) `key` with `edges` in a module.
private func bindKey(
  _ b: inout Bindings, _ key: NodeKey, _ index: Int, _ edges: [Wiring.Edge], _ box: KeyBox, isOverride: Bool
) {
  switch key {
  case .plain(let key): bindKey(&b, key, index, edges, box, isOverride: isOverride)
  case .mainActor(let key): bindKey(&b, key, index, edges, box, isOverride: isOverride)
  case .async(let key): bindKey(&b, key, index, edges, box, isOverride: isOverride)
  }
}

/// Binds (or overrides) an async `key` with `edges` in a module.
private func bindKey(
  _ b: inout Bindings, _ key: AsyncKey<Node>, _ index: Int, _ edges: [Wiring.Edge], _ box: KeyBox, isOverride: Bool
) {
  let d = edges.map { edge in { @Sendable in asyncDependency(box, edge) } }
  switch (edges.count, isOverride) {
  case (0, false): b.bind(key) { Node(index, []) }
  case (0, true): b.override(key) { Node(index, []) }
  case (1, false): b.bind(key, d[0]()) { node(index, [$0]) }
  case (1, true): b.override(key, d[0]()) { node(index, [$0]) }
  case (2, false): b.bind(key, d[0](), d[1]()) { node(index, [$0, $1]) }
  case (2, true): b.override(key, d[0](), d[1]()) { node(index, [$0, $1]) }
  case (_, false): b.bind(key, d[0](), d[1](), d[2]()) { node(index, [$0, $1, $2]) }
  case (_, true): b.override(key, d[0](), d[1](), d[2]()) { node(index, [$0, $1, $2]) }
  }
}

/// Binds (or overrides) a main-actor `key` with `edges` in a module.
private func bindKey(
  _ b: inout Bindings, _ key: MainActorKey<Node>, _ index: Int, _ edges: [Wiring.Edge], _ box: KeyBox,
  isOverride: Bool
) {
  let d = edges.map { edge in { @Sendable in mainActorDependency(box, edge) } }
  switch (edges.count, isOverride) {
  case (0, false): b.bind(key) { Node(index, []) }
  case (0, true): b.override(key) { Node(index, []) }
  case (1, false): b.bind(key, d[0]()) { node(index, [$0]) }
  case (1, true): b.override(key, d[0]()) { node(index, [$0]) }
  case (2, false): b.bind(key, d[0](), d[1]()) { node(index, [$0, $1]) }
  case (2, true): b.override(key, d[0](), d[1]()) { node(index, [$0, $1]) }
  case (_, false): b.bind(key, d[0](), d[1](), d[2]()) { node(index, [$0, $1, $2]) }
  case (_, true): b.override(key, d[0](), d[1](), d[2]()) { node(index, [$0, $1, $2]) }
  }
}

/// Binds (or overrides) a plain `key` with `edges` in a module.
private func bindKey(
  _ b: inout Bindings, _ key: Key<Node>, _ index: Int, _ edges: [Wiring.Edge], _ box: KeyBox, isOverride: Bool
) {
  let d = edges.map { edge in { @Sendable in dependency(box, edge) } }
  switch (edges.count, isOverride) {
  case (0, false): b.bind(key) { Node(index, []) }
  case (0, true): b.override(key) { Node(index, []) }
  case (1, false): b.bind(key, d[0]()) { node(index, [$0]) }
  case (1, true): b.override(key, d[0]()) { node(index, [$0]) }
  case (2, false): b.bind(key, d[0](), d[1]()) { node(index, [$0, $1]) }
  case (2, true): b.override(key, d[0](), d[1]()) { node(index, [$0, $1]) }
  case (_, false): b.bind(key, d[0](), d[1](), d[2]()) { node(index, [$0, $1, $2]) }
  case (_, true): b.override(key, d[0](), d[1](), d[2]()) { node(index, [$0, $1, $2]) }
  }
}

/// What a dependency resolves to: a node, or a provider of one (a `.provider` edge).
private enum Dependency: Sendable {
  case node(Node)
  case provider(Provider<Node>)
  case lazy(Lazy<Node>)
  case optional(Node?)
  case mainActorProvider(MainActorProvider<Node>)
  case asyncProvider(AsyncProvider<Node>)
}

/// One key type for both kinds of edge, so that one factory shape serves every wiring: a transient
/// adapter key over the target (a direct edge) or over its `.provider` (a deferred edge). Adapters are
/// transient and pass their edge on, so they change no cycle, captive dependency or missing binding.
private final class Adapters: @unchecked Sendable {
  // @unchecked: the three tables are only read or written under `lock`.
  private let lock = NSLock()
  private var keys: [ObjectIdentifier: Key<Dependency>] = [:]
  private var mainActorKeys: [ObjectIdentifier: MainActorKey<Dependency>] = [:]
  private var asyncKeys: [ObjectIdentifier: AsyncKey<Dependency>] = [:]
  static let shared = Adapters()

  /// An async key's adapter: an async key, which takes a plain or an async target directly.
  func asyncKey(for target: NodeKey, deferred: Bool) -> AsyncKey<Dependency> {
    let name = target.name + (deferred ? "~provider" : "~") + "@async"
    let base = base(of: target, deferred: deferred)
    // Locked before the table is passed `inout`: the access begins at the call.
    lock.lock()
    defer { lock.unlock() }
    return cached(&asyncKeys, base) {
      switch (target, deferred) {
      case (.plain(let target), true):
        AsyncKey(.transient, target.provider, name: name, column: freshColumn()) { .provider($0) }
      case (.async(let target), true):
        AsyncKey(.transient, target.provider, name: name, column: freshColumn()) { .asyncProvider($0) }
      case (.mainActor, true):
        preconditionFailure("an async key's edge to a main-actor key: the wiring makes none")
      case (_, false):
        AsyncKey(.transient, target.typed, name: name, column: freshColumn()) { .node($0) }
      }
    }
  }

  /// A main-actor key's adapter: a main-actor key, which takes a plain or a main-actor target directly.
  func mainActorKey(for target: NodeKey, deferred: Bool) -> MainActorKey<Dependency> {
    let name = target.name + (deferred ? "~provider" : "~") + "@main"
    let base = base(of: target, deferred: deferred)
    lock.lock()
    defer { lock.unlock() }
    return cached(&mainActorKeys, base) {
      switch (target, deferred) {
      case (.plain(let target), true):
        MainActorKey(.transient, target.provider, name: name, column: freshColumn()) { .provider($0) }
      case (.mainActor(let target), true):
        MainActorKey(.transient, target.provider, name: name, column: freshColumn()) { .mainActorProvider($0) }
      case (.async, true):
        preconditionFailure("a main-actor key's edge to an async key: the wiring makes none")
      case (_, false):
        MainActorKey(.transient, target.typed, name: name, column: freshColumn()) { .node($0) }
      }
    }
  }

  /// What an adapter over `target` stands for: the target, or its `.provider` key (a deferred edge).
  private func base(of target: NodeKey, deferred: Bool) -> Keys {
    guard deferred else { return target.typed }
    switch target {
    case .plain(let key): return key.provider
    case .mainActor(let key): return key.provider
    case .async(let key): return key.provider
    }
  }

  /// The adapter `table` holds for `base`, made by `make` the first time. Only under `lock`.
  private func cached<Adapter>(
    _ table: inout [ObjectIdentifier: Adapter], _ base: Keys, _ make: () -> Adapter
  ) -> Adapter {
    if let adapter = table[ObjectIdentifier(base)] { return adapter }
    let adapter = make()
    table[ObjectIdentifier(base)] = adapter
    return adapter
  }

  func key(for target: Key<Node>, _ kind: Wiring.Edge.Kind) -> Key<Dependency> {
    lock.lock()
    defer { lock.unlock() }
    let base: Keys =
      switch kind {
      case .direct: target
      case .provider: target.provider
      case .lazy: target.lazy
      case .optional: target.optional
      }
    if let key = keys[ObjectIdentifier(base)] { return key }
    let key: Key<Dependency> =
      switch kind {
      case .direct: Key(.transient, target, name: target.name + "~", column: freshColumn()) { .node($0) }
      case .provider:
        Key(.transient, target.provider, name: target.name + "~provider", column: freshColumn()) { .provider($0) }
      case .lazy: Key(.transient, target.lazy, name: target.name + "~lazy", column: freshColumn()) { .lazy($0) }
      case .optional:
        Key(.transient, target.optional, name: target.name + "~optional", column: freshColumn()) { .optional($0) }
      }
    keys[ObjectIdentifier(base)] = key
    return key
  }
}

/// The key an edge of a plain key declares, read when a graph first needs it: its target is a plain
/// key, as the wiring makes it.
private func dependency(_ box: KeyBox, _ edge: Wiring.Edge) -> Key<Dependency> {
  guard case .plain(let target) = box.keys[edge.target] else {
    preconditionFailure("a plain key's edge to a main-actor key: the wiring makes none")
  }
  return Adapters.shared.key(for: target, edge.kind)
}

/// The key an edge of a main-actor key declares, read when a graph first needs it.
private func mainActorDependency(_ box: KeyBox, _ edge: Wiring.Edge) -> MainActorKey<Dependency> {
  Adapters.shared.mainActorKey(for: box.keys[edge.target], deferred: edge.isDeferred)
}

/// The key an edge of an async key declares, read when a graph first needs it.
private func asyncDependency(_ box: KeyBox, _ edge: Wiring.Edge) -> AsyncKey<Dependency> {
  Adapters.shared.asyncKey(for: box.keys[edge.target], deferred: edge.isDeferred)
}

private func node(_ index: Int, _ values: [Dependency]) -> Node {
  var nodes: [Node] = []
  var later: [Dependency] = []
  for value in values {
    switch value {
    case .node(let node), .optional(let node?): nodes.append(node)
    case .optional(nil): break
    case .provider, .lazy, .mainActorProvider, .asyncProvider: later.append(value)
    }
  }
  return Node(index, nodes, later)
}
