import Foundation

/// What `verify()` does with a key: build it where its kind must be built, or say why not.
enum VerificationStep {
  /// Build it on a probe thread.
  case run(@Sendable () -> Void)
  /// Build it on a probe thread while the caller holds the main actor.
  case runOnMainActor(@MainActor @Sendable () -> Void)
  /// Build it in a task on a probe executor.
  case runAsync(@Sendable () async throws -> Void)
  /// Why it is not built.
  case skip(String)
  /// Nothing to build: its binding declared its dependencies, which the graph checked when it was
  /// built, and the run records as data.
  case declared
}

/// One `verify()` or `dot()`: a throwaway copy of the graph, the steps that build its keys, and the
/// recording of what they resolve.
///
/// A step that fails leaves no way back out of the factories it is in, so it parks its thread for
/// good (see ``Verification``), and the run goes on on a new thread. That is why main-actor keys are
/// built on a probe thread while the caller holds the main actor — a parked main thread would stop
/// the app — and async keys on an executor of the run's own, whose thread can be parked, rather than
/// on Swift's cooperative pool.
///
/// The steps grow as the run goes: a factory that makes a provider, a lazy value, an assisted or a
/// child graph factory tells the recorder, and the key it will resolve (or the child graph key it will
/// open) later becomes a step of its own
/// (an assisted key with its sample argument), so that what an app builds later is verified too —
/// on its own path, since a provider is how a cycle is broken.
final class VerificationRun: Sendable {
  let recorder = Verification()
  private let leaf: Graph
  private let arguments: VerificationArguments
  private let state: Locked<State>

  private struct State {
    /// Every step, in the order found, and whether it has run or been listed as skipped.
    var steps: [(key: Keys, step: VerificationStep, done: Bool)] = []
    /// The keys with a step, by graph: each is built once per graph.
    var seen: Set<StepID> = []
    /// What was not verified, by step: listed in the order of the steps.
    var skipped: [Int: String] = [:]
    /// Where the synchronous and the async passes look for their next step: steps are only appended,
    /// so each pass moves forward.
    var synchronousCursor = 0
    var asynchronousCursor = 0
  }

  /// The scopes the run opened, outermost first.
  private let openedScopes: [Scope]
  /// Whether the run chose `openedScopes` itself, the caller having given none.
  private let choseScopes: Bool

  init(_ graph: Graph, scopes: [Scope]?, arguments: VerificationArguments, entryPoints: [Keys]) {
    openedScopes = scopes ?? graph.unopenedScopes(entryPoints: entryPoints)
    choseScopes = scopes == nil
    let chain = graph.mirrorChain(openingScopes: openedScopes)
    let leaf = chain[chain.count - 1]
    self.leaf = leaf
    self.arguments = arguments
    self.state = Locked(State())
    for key in chain.flatMap(\.table.knownKeys) + entryPoints {
      add(key, in: leaf)
    }
    for provided in arguments.provided {
      add(provided.key, in: leaf)
    }
    recorder.whenDeferred { [weak self] key, graph in self?.add(key, in: graph) }
  }

  /// Adds the step that builds `key` in `graph`, unless it has one; a key whose binding declared its
  /// dependencies is read instead, with every key it declares, and no factory runs for it.
  private func add(_ key: Keys, in graph: Graph) {
    var pending = [key]
    while let key = pending.popLast() {
      guard let dependencies = Self.declaredDependencies(of: key, in: graph, arguments: arguments) else {
        addStep(key, in: graph)
        continue
      }
      let isNew = state.withLock { state in
        guard state.seen.insert(StepID(key: ObjectIdentifier(key), graph: ObjectIdentifier(graph))).inserted else {
          return false
        }
        state.steps.append((key, .declared, true))
        return true
      }
      guard isNew else { continue }
      let targets = dependencies.edges.map { edge in
        let target = edge.key
        recorder.recordDeclared(from: key, to: target, isDeferred: edge.kind == .deferred)
        return target
      }
      // In declaration order: the last pushed is taken first.
      pending += targets.reversed()
    }
  }

  /// What `key`'s binding in `graph` declared it needs, when the run may read that instead of building
  /// the key: not for a key given a sample argument, nor for a decorated binding, whose decorators
  /// resolve through a resolver.
  private static func declaredDependencies(
    of key: Keys, in graph: Graph, arguments: VerificationArguments
  ) -> DeclaredDependencies? {
    guard !arguments.provided.contains(where: { $0.key === key }) else { return nil }
    let binding = graph.table.binding(at: key.slot) ?? key.fallbackAnyBinding(testing: graph.usesTestValues)
    guard let binding, binding.decorators.isEmpty, !binding.isLiveOnlyStandIn else { return nil }
    return binding.dependencies
  }

  /// Adds the step that builds `key` in `graph`, unless it has one.
  private func addStep(_ key: Keys, in graph: Graph) {
    let step =
      arguments.provided.first(where: { $0.key === key })?.step(graph) ?? key.verificationStep(in: graph)
    state.withLock { state in
      guard state.seen.insert(StepID(key: ObjectIdentifier(key), graph: ObjectIdentifier(graph))).inserted else {
        return
      }
      if case .skip(let reason) = step {
        state.skipped[state.steps.count] = reason
        state.steps.append((key, step, true))
      } else {
        state.steps.append((key, step, false))
      }
    }
  }

  /// Takes the async steps not run yet, marking them run.
  private func takeAsynchronousSteps() -> [(index: Int, key: Keys, step: VerificationStep)] {
    state.withLock { state in
      var taken: [(Int, Keys, VerificationStep)] = []
      for index in state.asynchronousCursor..<state.steps.count where !state.steps[index].done {
        if case .runAsync = state.steps[index].step {
          state.steps[index].done = true
          taken.append((index, state.steps[index].key, state.steps[index].step))
        }
      }
      state.asynchronousCursor = state.steps.count
      return taken
    }
  }

  /// Whether some step has not run yet.
  private var hasPendingSteps: Bool {
    state.withLock { $0.steps.contains { !$0.done } }
  }

  /// Runs every step in this call's isolation: synchronous ones, then main-actor ones when the caller
  /// holds the main actor, else they are listed as skipped, as async steps are.
  func runSynchronously(lendingMainActor: Bool) {
    while hasPendingSteps {
      runSynchronousSteps(lendingMainActor: lendingMainActor)
      for (index, key, _) in takeAsynchronousSteps() {
        note(index, "skipped \(key.name) (async): verify() builds async keys with try await graph.verify()")
      }
    }
  }

  /// Runs every step: synchronous and main-actor ones while holding the main actor, async ones on a
  /// probe executor, until the steps they find are all run.
  func runCompletely() async {
    while hasPendingSteps {
      await MainActor.run { runSynchronousSteps(lendingMainActor: true) }
      await runAsynchronousSteps()
    }
  }

  /// Runs the synchronous steps not run yet — and those they find — on probe threads; main-actor steps
  /// only when the caller holds the main actor (`lendingMainActor`), else they are listed as skipped.
  private func runSynchronousSteps(lendingMainActor: Bool) {
    let recorder = self.recorder
    let state = self.state
    let finished = Locked(false)
    while !finished.withLock({ $0 }) {
      // NB: the probe holds the steps' state, not the run: once the run is closed, a probe thread that
      // has not ended yet holds none of the graphs it verified.
      let probe = Thread {
        ResolutionStack.recording(into: recorder) {
          while let (index, key, step) = Self.nextSynchronousStep(state) {
            switch step {
            case .run(let body):
              body()
            case .runOnMainActor(let body) where lendingMainActor:
              // NB: the caller holds the main actor and waits until the probe is done, so no other
              // main-actor code runs meanwhile; a synchronous main-actor function has the same calling
              // convention as a nonisolated one.
              unsafeBitCast(body, to: (@Sendable () -> Void).self)()
            case .runOnMainActor:
              Self.note(
                state, index,
                "skipped \(key.name) (main actor): verify() builds main-actor keys when it is called on the main actor; call it from a @MainActor test, or use try await graph.verify()"
              )
            case .runAsync, .skip, .declared:
              break
            }
          }
        }
        finished.withLock { $0 = true }
        recorder.probeAbandoned.signal()
      }
      probe.stackSize = 8 << 20
      probe.start()
      recorder.probeAbandoned.wait()
    }
  }

  /// The next synchronous or main-actor step not run yet, marked run.
  private static func nextSynchronousStep(_ state: Locked<State>) -> (Int, Keys, VerificationStep)? {
    state.withLock { state in
      while state.synchronousCursor < state.steps.count {
        let index = state.synchronousCursor
        state.synchronousCursor += 1
        guard !state.steps[index].done else { continue }
        switch state.steps[index].step {
        case .run, .runOnMainActor:
          state.steps[index].done = true
          return (index, state.steps[index].key, state.steps[index].step)
        case .runAsync, .skip, .declared:
          continue
        }
      }
      return nil
    }
  }

  /// Runs the async steps not run yet, each in a task on a probe executor.
  private func runAsynchronousSteps() async {
    let asyncSteps = takeAsynchronousSteps()
    guard !asyncSteps.isEmpty else { return }
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      for (index, key, _) in asyncSteps {
        note(index, "skipped \(key.name) (async): verify() awaits async keys on macOS 15, iOS 18 and later")
      }
      return
    }
    var executor = ProbeExecutor(recorder: recorder)
    for (index, key, step) in asyncSteps {
      guard case .runAsync(let body) = step else { continue }
      switch await executor.run(body, recorder: recorder) {
      case .finished: break
      case .threw(let error): note(index, "\(key.name) (async): its factory threw \(error); verified up to there")
      case .abandoned: executor = ProbeExecutor(recorder: recorder)
      }
    }
    executor.stop()
  }

  /// The report, or the problems found; closes the run.
  func finish() throws -> VerificationReport {
    let report = self.report
    close()
    let problems = recorder.problems
    guard problems.isEmpty else { throw VerificationError(problems: problems, skipped: report.skipped) }
    return report
  }

  /// What was verified.
  var report: VerificationReport {
    let (built, skipped) = state.withLock { state in
      (
        state.steps.enumerated().compactMap { index, step in state.skipped[index] == nil ? step.key : nil },
        state.skipped.sorted { $0.key < $1.key }.map(\.value)
      )
    }
    var seen: Set<ObjectIdentifier> = []
    return VerificationReport(
      keys: built.filter { seen.insert(ObjectIdentifier($0)).inserted },
      edges: recorder.edgeList.map { ($0.fromKey, $0.toKey) },
      deferredEdges: recorder.deferredList.map { ($0.fromKey, $0.toKey) },
      skipped: skipped)
  }

  private func note(_ index: Int, _ line: String) {
    Self.note(state, index, line)
  }

  private static func note(_ state: Locked<State>, _ index: Int, _ line: String) {
    state.withLock { $0.skipped[index] = line }
  }

  /// The scopes to open, in the order the run's keys need them, when the run chose them itself and
  /// found a key that needs a scope it did not open — a `.session` key only a default binds — or one
  /// it opened inside the key's own — a flow's key that needs the session's, with the session opened
  /// inside the flow; `nil` when the choice stands, or when the needs contradict each other (then the
  /// problems found stand).
  var betterScopeOrder: [Scope]? {
    guard choseScopes else { return nil }
    let needs = recorder.scopeOrderNeeds.filter { $0.outer != $0.inner }
    var remaining = openedScopes
    for need in needs where !remaining.contains(need.outer) {
      remaining.append(need.outer)
    }
    var ordered: [Scope] = []
    while !remaining.isEmpty {
      let next = remaining.firstIndex { scope in
        !needs.contains { $0.inner == scope && remaining.contains($0.outer) }
      }
      guard let next else { return nil }
      ordered.append(remaining.remove(at: next))
    }
    return ordered == openedScopes ? nil : ordered
  }

  /// Lets go of the steps, and so of the graphs they build: the run is over.
  func close() {
    state.withLock { state in
      state.steps = state.steps.map { ($0.key, .skip(""), true) }
    }
  }
}

extension Graph {
  /// A copy of this graph and its ancestors with fresh caches, and children opening `scopes`.
  func mirrorChain(openingScopes scopes: [Scope]) -> [Graph] {
    var originals: [Graph] = []
    var graph: Graph? = self
    while let current = graph {
      originals.insert(current, at: 0)
      graph = current.parent
    }
    let coordinator = BuildCoordinator()
    var chain: [Graph] = []
    for original in originals {
      chain.append(Graph(mirroring: original, parent: chain.last, coordinator: coordinator))
    }
    for scope in scopes {
      chain.append(Graph(parent: chain[chain.count - 1], scope: scope))
    }
    return chain
  }

  /// Scopes that bindings and entry points use and that neither this graph nor an ancestor opens, in
  /// the order of the keys' slots, then of the entry points.
  func unopenedScopes(entryPoints: [Keys]) -> [Scope] {
    let lifetimes =
      table.entries.indices.compactMap { table.binding(at: $0)?.lifetime }
      + entryPoints.map { table.binding(at: $0.slot)?.lifetime ?? $0.defaultLifetimeKind }
    var scopes: [Scope] = []
    for case .scoped(let scope) in lifetimes where nearest(opening: scope) == nil && !scopes.contains(scope) {
      scopes.append(scope)
    }
    return scopes
  }
}

extension Optional where Wrapped == any Actor {
  /// Whether this is the main actor: a caller isolated to it holds it while it runs.
  var isMainActor: Bool {
    map { ObjectIdentifier($0) == ObjectIdentifier(MainActor.shared) } ?? false
  }
}

/// A key verified in one graph: each is one step.
struct StepID: Hashable {
  let key: ObjectIdentifier
  let graph: ObjectIdentifier
}

extension Graph {
  /// A verification run of this graph, run in this call's isolation — once more with its scopes in
  /// the order its keys need them, if it chose the order itself and chose wrong (`betterScopeOrder`).
  func verificationRun(
    scopes: [Scope]?, arguments: VerificationArguments, entryPoints: [Keys], lendingMainActor: Bool
  ) -> VerificationRun {
    let run = VerificationRun(self, scopes: scopes, arguments: arguments, entryPoints: entryPoints)
    run.runSynchronously(lendingMainActor: lendingMainActor)
    guard let order = run.betterScopeOrder else { return run }
    run.close()
    let again = VerificationRun(self, scopes: order, arguments: arguments, entryPoints: entryPoints)
    again.runSynchronously(lendingMainActor: lendingMainActor)
    return again
  }

  /// A verification run of this graph with every step run — once more with its scopes in the order its
  /// keys need them, as for the synchronous run.
  func completeVerificationRun(
    scopes: [Scope]?, arguments: VerificationArguments, entryPoints: [Keys]
  ) async -> VerificationRun {
    let run = VerificationRun(self, scopes: scopes, arguments: arguments, entryPoints: entryPoints)
    await run.runCompletely()
    guard let order = run.betterScopeOrder else { return run }
    run.close()
    let again = VerificationRun(self, scopes: order, arguments: arguments, entryPoints: entryPoints)
    await again.runCompletely()
    return again
  }
}
