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
}

/// One `verify()` or `dot()`: a throwaway copy of the graph, the steps that build its keys, and the
/// recording of what they resolve.
///
/// A step that fails leaves no way back out of the factories it is in, so it parks its thread for
/// good (see ``Verification``), and the run goes on on a new thread. That is why main-actor keys are
/// built on a probe thread while the caller holds the main actor — a parked main thread would stop
/// the app — and async keys on an executor of the run's own, whose thread can be parked, rather than
/// on Swift's cooperative pool.
final class VerificationRun: Sendable {
  let recorder = Verification()
  private let leaf: Graph
  private let steps: [(key: Keys, step: VerificationStep)]
  /// What was not verified, by the index of its step: listed in the order of the steps.
  private let skipped: Locked<[Int: String]>

  init(_ graph: Graph, scopes: [Scope]?, arguments: VerificationArguments, entryPoints: [Keys]) {
    let chain = graph.mirrorChain(openingScopes: scopes ?? graph.unopenedScopes(entryPoints: entryPoints))
    let leaf = chain[chain.count - 1]
    var steps: [(Keys, VerificationStep)] = []
    var seen: Set<ObjectIdentifier> = []
    for key in chain.flatMap(\.table.boundKeys) + entryPoints where seen.insert(ObjectIdentifier(key)).inserted {
      if let provided = arguments.provided.first(where: { $0.key === key }) {
        steps.append((key, provided.step(leaf)))
      } else {
        steps.append((key, key.verificationStep(in: leaf)))
      }
    }
    for provided in arguments.provided where !seen.contains(ObjectIdentifier(provided.key)) {
      steps.append((provided.key, provided.step(leaf)))
    }
    self.leaf = leaf
    self.steps = steps
    var skipped: [Int: String] = [:]
    for (index, (_, step)) in steps.enumerated() {
      if case .skip(let reason) = step { skipped[index] = reason }
    }
    self.skipped = Locked(skipped)
  }

  /// Runs the steps that build synchronously, on probe threads; main-actor steps only when the caller
  /// holds the main actor (`lendingMainActor`), else they are listed as skipped, as async steps are
  /// unless they run next (`asyncNext`).
  func runSynchronousSteps(lendingMainActor: Bool, asyncNext: Bool = false) {
    var work: [@Sendable () -> Void] = []
    for (index, (key, step)) in steps.enumerated() {
      switch step {
      case .run(let body):
        work.append(body)
      case .runOnMainActor(let body):
        if lendingMainActor {
          // NB: the caller holds the main actor and waits until the probe is done, so no other
          // main-actor code runs meanwhile; a synchronous main-actor function has the same calling
          // convention as a nonisolated one.
          work.append(unsafeBitCast(body, to: (@Sendable () -> Void).self))
        } else {
          note(
            index,
            "skipped \(key.name) (main actor): verify() builds main-actor keys when it is called on the main actor; call it from a @MainActor test, or use try await graph.verify()"
          )
        }
      case .runAsync:
        if !asyncNext {
          note(index, "skipped \(key.name) (async): verify() builds async keys with try await graph.verify()")
        }
      case .skip:
        break
      }
    }
    runProbes(work)
  }

  /// Runs the async steps, each in a task on a probe executor.
  func runAsynchronousSteps() async {
    let asyncSteps = steps.enumerated().compactMap { index, item -> (Int, Keys, @Sendable () async throws -> Void)? in
      if case .runAsync(let body) = item.step { (index, item.key, body) } else { nil }
    }
    guard !asyncSteps.isEmpty else { return }
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      for (index, key, _) in asyncSteps {
        note(index, "skipped \(key.name) (async): verify() awaits async keys on macOS 15, iOS 18 and later")
      }
      return
    }
    var executor = ProbeExecutor(recorder: recorder)
    for (index, key, body) in asyncSteps {
      switch await executor.run(body, recorder: recorder) {
      case .finished: break
      case .threw(let error): note(index, "\(key.name) (async): its factory threw \(error); verified up to there")
      case .abandoned: executor = ProbeExecutor(recorder: recorder)
      }
    }
    executor.stop()
  }

  /// The report, or the problems found.
  func finish() throws -> VerificationReport {
    let report = self.report
    let problems = recorder.problems
    guard problems.isEmpty else { throw VerificationError(problems: problems, skipped: report.skipped) }
    return report
  }

  /// What was verified.
  var report: VerificationReport {
    let built = steps.compactMap { key, step -> Keys? in
      if case .skip = step { nil } else { key }
    }
    return VerificationReport(
      keys: built, edges: recorder.edgeList.map { ($0.fromKey, $0.toKey) },
      skipped: skipped.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value))
  }

  private func note(_ index: Int, _ line: String) {
    skipped.withLock { $0[index] = line }
  }

  /// Runs `work` on probe threads, starting a new probe whenever one parks on a problem. When it
  /// returns, no probe that finished holds any of the work (and so none of the graphs it verifies).
  private func runProbes(_ work: [@Sendable () -> Void]) {
    let recorder = self.recorder
    let queue = Locked((items: work, next: 0))
    let finished = Locked(false)
    while !finished.withLock({ $0 }) {
      let probe = Thread {
        ResolutionStack.recording(into: recorder) {
          while let step = queue.withLock({ queue -> (@Sendable () -> Void)? in
            guard queue.next < queue.items.count else { return nil }
            queue.next += 1
            return queue.items[queue.next - 1]
          }) {
            step()
          }
        }
        finished.withLock { $0 = true }
        recorder.probeAbandoned.signal()
      }
      probe.stackSize = 8 << 20
      probe.start()
      recorder.probeAbandoned.wait()
    }
    queue.withLock { $0.items = [] }
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
