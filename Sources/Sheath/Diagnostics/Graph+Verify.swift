import Foundation

extension Graph {
  /// Builds every binding in a throwaway copy of this graph and reports every problem at once.
  ///
  /// Building a graph checks what the registrations alone show. `verify()` runs every factory — in a
  /// copy with its own caches, so no instance leaks into this graph — and records what each one
  /// resolves. It reports, each with the path from the key that needed it:
  ///
  /// - required keys that nothing binds;
  /// - dependency cycles, `A → B → A`;
  /// - captive dependencies: a shared instance holding a shorter-lived one (a singleton holding a
  ///   `.scoped(.flow)` data controller, or a `.weak` instance);
  /// - scoped keys reached from a graph that does not open their scope;
  /// - `.weak` keys whose factory returns a value type.
  ///
  /// Keys with a lifetime scoped to `scopes` are verified in child graphs that open those scopes, and
  /// unscoped keys from the innermost of them, as an app resolves its screens' view models inside a
  /// flow. Assisted keys need a sample argument; those without one are listed as skipped.
  ///
  /// ```swift
  /// @Test func graphIsValid() throws {
  ///   var arguments = VerificationArguments()
  ///   arguments.provide(.profileViewModel, StubProfileView())
  ///   try AppGraph.make(environment: .live).verify(arguments: arguments)
  /// }
  /// ```
  ///
  /// A factory that cannot be built (it needs a missing key, or is part of a cycle) parks the thread
  /// that was building it for the rest of the process, since resolution has no way to back out of a
  /// factory; verify in tests and debug builds.
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open, outermost first; by default every scope a binding or an entry
  ///     point uses that this graph and its ancestors do not open already, in the order the keys were
  ///     created.
  ///   - arguments: Sample arguments for assisted keys.
  ///   - entryPoints: Keys to build besides those the modules bind — keys the app resolves with their
  ///     default factories.
  /// - Returns: What was verified: the keys, the dependencies found, the keys skipped.
  /// - Throws: ``VerificationError`` listing every problem.
  @discardableResult
  public func verify(
    scopes: [Scope]? = nil, arguments: VerificationArguments = VerificationArguments(), entryPoints: [Keys] = []
  ) throws -> VerificationReport {
    let (report, problems) = inspect(scopes: scopes, arguments: arguments, entryPoints: entryPoints)
    guard problems.isEmpty else { throw VerificationError(problems: problems, skipped: report.skipped) }
    return report
  }

  /// Verifies the graph and returns what was found, without throwing.
  func inspect(scopes: [Scope]?, arguments: VerificationArguments, entryPoints: [Keys])
    -> (VerificationReport, [VerificationProblem])
  {
    let recorder = Verification()
    let chain = mirrorChain(openingScopes: scopes ?? unopenedScopes(entryPoints: entryPoints))
    let leaf = chain[chain.count - 1]
    var work: [(Keys, @Sendable () -> Void)] = []
    var skipped: [String] = []
    var seen: Set<ObjectIdentifier> = []
    let bound = chain.flatMap(\.table.boundKeys)
    for key in bound + entryPoints where seen.insert(ObjectIdentifier(key)).inserted {
      if let provided = arguments.provided.first(where: { $0.key === key }) {
        work.append((key, { provided.verify(leaf) }))
        continue
      }
      switch key.verificationStep(in: leaf) {
      case .run(let step): work.append((key, step))
      case .skip(let reason): skipped.append(reason)
      }
    }
    for provided in arguments.provided where !seen.contains(ObjectIdentifier(provided.key)) {
      work.append((provided.key, { provided.verify(leaf) }))
    }
    runProbes(work, recorder: recorder)
    let report = VerificationReport(
      keys: work.map(\.0), edges: recorder.edgeList.map { ($0.fromKey, $0.toKey) }, skipped: skipped)
    return (report, recorder.problems)
  }

  /// Runs the work on probe threads, starting a new probe whenever one parks on a problem. When it
  /// returns, no probe that finished holds any of the work (and so none of the graphs it verifies).
  private func runProbes(_ work: [(Keys, @Sendable () -> Void)], recorder: Verification) {
    let queue = Locked((items: work, next: 0))
    let finished = Locked(false)
    while !finished.withLock({ $0 }) {
      let probe = Thread {
        ResolutionStack.recording(into: recorder) {
          while let step = queue.withLock({ queue -> (@Sendable () -> Void)? in
            guard queue.next < queue.items.count else { return nil }
            queue.next += 1
            return queue.items[queue.next - 1].1
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

  /// A copy of this graph and its ancestors with fresh caches, and children opening `scopes`.
  private func mirrorChain(openingScopes scopes: [Scope]) -> [Graph] {
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
  private func unopenedScopes(entryPoints: [Keys]) -> [Scope] {
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

/// Sample arguments for verifying assisted keys, typed by key.
///
/// ```swift
/// var arguments = VerificationArguments()
/// arguments.provide(.profileViewModel, StubProfileView())
/// try graph.verify(arguments: arguments)
/// ```
public struct VerificationArguments: Sendable {
  /// Each assisted key given an argument, in the order given, with how to build it.
  var provided: [(key: Keys, verify: @Sendable (Graph) -> Void)] = []

  /// Creates an empty set of arguments.
  public init() {}

  /// Verifies `key` by building it with `argument`.
  ///
  /// - Parameters:
  ///   - key: The assisted key.
  ///   - argument: A sample argument, such as a stub view.
  public mutating func provide<Argument: Sendable, Value>(_ key: AssistedKey<Argument, Value>, _ argument: Argument) {
    let verify: @Sendable (Graph) -> Void = { graph in _ = graph.make(key, argument) }
    if let index = provided.firstIndex(where: { $0.key === key }) {
      provided[index].verify = verify
    } else {
      provided.append((key, verify))
    }
  }
}

/// What ``Graph/verify(scopes:arguments:entryPoints:)`` verified.
public struct VerificationReport: Sendable {
  let keys: [Keys]
  let edges: [(Keys, Keys)]

  /// A line for each key that was not verified, saying why and what would verify it.
  public let skipped: [String]

  /// The keys built, by name, in the order they were verified.
  public var verifiedKeys: [String] { keys.map(\.name) }

  /// Every dependency found, as `(from, to)` key names, in the order found.
  public var dependencies: [(from: String, to: String)] { edges.map { ($0.0.name, $0.1.name) } }
}

/// The problems ``Graph/verify(scopes:arguments:entryPoints:)`` found: every one, in the order found.
public struct VerificationError: Error, CustomStringConvertible, Sendable {
  /// The problems.
  public let problems: [VerificationProblem]
  /// A line for each key that was not verified.
  public let skipped: [String]

  /// A header line, every problem's message, and the keys skipped.
  public var description: String {
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    let notes = skipped.isEmpty ? [] : ["\n" + skipped.map { "note: " + $0 }.joined(separator: "\n")]
    return (["Sheath found \(count) in the graph:"] + problems.map { "\n" + $0.description } + notes)
      .joined(separator: "\n")
  }
}

/// One problem ``Graph/verify(scopes:arguments:entryPoints:)`` found.
public struct VerificationProblem: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem this is; new kinds may be added.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// A required key that nothing binds.
    public static let missingBinding = Kind(name: "missing binding")
    /// Keys that need each other.
    public static let dependencyCycle = Kind(name: "dependency cycle")
    /// A shared instance holding a shorter-lived one.
    public static let captiveDependency = Kind(name: "captive dependency")
    /// A scoped key reached from a graph that does not open its scope.
    public static let scopeNotOpen = Kind(name: "scope not open")
    /// A `.weak` key whose factory returns a value type.
    public static let weakValueNotAnObject = Kind(name: "weak value not an object")
    /// A resolution nested so deep that it would run out of stack.
    public static let tooDeep = Kind(name: "too deep")
    /// A provider used after its graph was released.
    public static let graphReleased = Kind(name: "graph released")
    /// A child graph key whose modules cannot be built.
    public static let childGraphNotBuilt = Kind(name: "child graph not built")
    /// A factory that waits for another thread's build, which never finishes.
    public static let buildWaitTimeout = Kind(name: "build wait timeout")

    /// The kind's name.
    public var description: String { name }
  }

  /// What kind of problem this is.
  public let kind: Kind
  /// The name of the key the problem is about.
  public let keyName: String
  let diagnostic: Diagnostic

  /// The full message.
  public var description: String { diagnostic.rendered(prefix: "error: ") }
}

/// What `verify()` does with a key: build it, or say why not.
enum VerificationStep {
  case run(@Sendable () -> Void)
  case skip(String)
}
