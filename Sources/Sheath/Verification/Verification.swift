import Foundation

/// What `Graph.verify()` learns while it builds every binding: the dependency edges, and every
/// problem with the paths that lead to it.
///
/// Verification runs every resolution with its thread's ``ResolutionStack`` reporting here, so each
/// key entered — shared instances already built included — calls ``entered(_:)``. A problem that leaves a factory without a value — a missing binding, a cycle —
/// cannot be returned from, since resolution neither throws nor returns an Optional: the probe thread
/// records it, marks the keys it was building as broken, and parks for good (``abandon(_:path:)``),
/// and `verify()` carries on with a new probe. A later probe that reaches a broken key records its
/// path to the same problem and parks too. A broken graph therefore costs a parked thread per path to
/// a problem, for the life of the process: verify in tests and debug builds.
final class Verification: @unchecked Sendable {
  // @unchecked: every mutable property is only accessed under `lock`.

  private let lock = NSLock()
  private var findings: [Finding] = []
  private var findingIndex: [FindingID: Int] = [:]
  private var edgeSet: Set<Edge> = []
  private(set) var edgeList: [Edge] = []
  /// Broken keys: the finding they lead to, and the path from each to the failing key.
  private var broken: [ObjectIdentifier: (finding: Int, suffix: [Keys])] = [:]
  /// Signalled when a probe parks, so `verify()` can start the next one.
  let probeAbandoned = DispatchSemaphore(value: 0)
  /// Called, once, when the next probe parks: how an async step learns that its thread is gone.
  private var onAbandon: (@Sendable () -> Void)?
  /// Dependencies resolved later — through a provider, a lazy value, an assisted factory — in the
  /// order found.
  private var deferredSet: Set<Edge> = []
  private(set) var deferredList: [Edge] = []
  /// Told of each key something will resolve later, with the graph it will resolve from.
  private var onDeferred: (@Sendable (Keys, Graph) -> Void)?
  /// Scopes a key needed but did not find, each with the scope of the graph it was resolved from
  /// (`nil` for one that opened none): the scopes to open, and the order to open them in, outer first.
  private var scopeNeeds: [(outer: Scope, inner: Scope?)] = []

  struct Edge: Hashable {
    let from: ObjectIdentifier
    let to: ObjectIdentifier
    let fromKey: Keys
    let toKey: Keys

    static func == (lhs: Edge, rhs: Edge) -> Bool { lhs.from == rhs.from && lhs.to == rhs.to }
    func hash(into hasher: inout Hasher) {
      hasher.combine(from)
      hasher.combine(to)
    }
  }

  /// One problem, and every path from a verified key to it.
  struct Finding {
    let diagnostic: (_ paths: [[Keys]]) -> Diagnostic
    let kind: VerificationProblem.Kind
    let keyName: String
    var paths: [[Keys]]
  }

  private struct FindingID: Hashable {
    let kind: String
    let keys: [ObjectIdentifier]
  }

  // MARK: Recording

  /// Records that a key scoped to `outer` was needed from a graph inside `inner` (or inside no scope):
  /// `outer` must be opened, outside `inner`.
  func noteScope(_ outer: Scope, neededInside inner: Scope?) {
    lock.withLock {
      if !scopeNeeds.contains(where: { $0.outer == outer && $0.inner == inner }) { scopeNeeds.append((outer, inner)) }
    }
  }

  /// The scope needs recorded so far.
  var scopeOrderNeeds: [(outer: Scope, inner: Scope?)] { lock.withLock { scopeNeeds } }

  /// Records the key a synchronous resolution entered, on top of the thread's `stack` — and, inside
  /// an async factory, of the task's async keys.
  func entered(_ stack: ResolutionStack.Frames) {
    entered(Path(trail: AsyncTrail.current?.frames ?? [], stack: stack, last: nil))
  }

  /// Records the async `key` a task entered, on top of the task's async keys.
  func enteredAsync(_ key: Keys, _ lifetime: LifetimeKind) {
    entered(Path(trail: AsyncTrail.current?.frames ?? [], stack: nil, last: (key, lifetime)))
  }

  /// The frames of a resolution, read in place: a task's async keys, then the thread's stack or one
  /// more key. Verification enters every key of the graph, so this makes an array only for a path
  /// that goes into a finding.
  private struct Path {
    let trail: [(key: Keys, lifetime: LifetimeKind)]
    let stack: ResolutionStack.Frames?
    let last: (key: Keys, lifetime: LifetimeKind)?

    var count: Int { trail.count + (stack?.count ?? 0) + (last == nil ? 0 : 1) }

    subscript(index: Int) -> (key: Keys, lifetime: LifetimeKind) {
      if index < trail.count { return trail[index] }
      if let stack { return stack[index - trail.count] }
      return last.unsafelyUnwrapped
    }

    /// The keys from `start` on, outermost first.
    func keys(from start: Int = 0) -> [Keys] { (start..<count).map { self[$0].key } }
  }

  /// Records the edge into the newest frame's key, and checks it against broken keys and captive
  /// dependencies.
  private func entered(_ frames: Path) {
    let count = frames.count
    guard count > 0 else { return }
    let (key, lifetime) = frames[count - 1]
    let brokenEntry: (finding: Int, suffix: [Keys])? = lock.withLock {
      if count >= 2 {
        let from = frames[count - 2].key
        let edge = Edge(from: ObjectIdentifier(from), to: ObjectIdentifier(key), fromKey: from, toKey: key)
        if edgeSet.insert(edge).inserted { edgeList.append(edge) }
      }
      return broken.isEmpty ? nil : broken[ObjectIdentifier(key)]
    }
    if let brokenEntry {
      let path = frames.keys()
      lock.withLock { findings[brokenEntry.finding].paths.append(path.dropLast() + brokenEntry.suffix) }
      park()
    }
    checkCaptive(frames, key, lifetime)
  }

  /// A shared instance that holds a shorter-lived one, directly or through transient keys.
  private func checkCaptive(_ frames: Path, _ key: Keys, _ lifetime: LifetimeKind) {
    guard lifetime.isShared else { return }
    var holderIndex = frames.count - 2
    while holderIndex >= 0, !frames[holderIndex].lifetime.isShared { holderIndex -= 1 }
    guard holderIndex >= 0, frames[holderIndex].lifetime.rank > lifetime.rank else { return }
    let (holderKey, holderLifetime) = frames[holderIndex]
    let fromHolder = frames.keys(from: holderIndex)
    add(.captiveDependency, [holderKey, key], keyName: holderKey.name, path: fromHolder) { paths in
      Diagnostic(
        summary:
          "captive dependency: \(holderKey.described) is \(holderLifetime), but holds \(key.described), which is \(lifetime)",
        details: paths.map(describePath),
        fix:
          "give \(holderKey.name) a lifetime no longer than \(lifetime), or inject r.provider(\(key.callSiteName)) and resolve it when needed"
      )
    }
  }

  /// Records a problem that verification can go on after.
  func record(_ failure: ResolutionFailure, path: [Keys]) {
    let (kind, keys, named) = Self.identity(of: failure)
    add(kind, keys, keyName: named.name, path: path) { paths in
      var diagnostic = failure.diagnostic
      diagnostic.details += paths.filter { $0.count > 1 }.map { "reached by " + describePath($0) }
      return diagnostic
    }
  }

  /// Records a problem that leaves the probe without a value, marks the keys on `path` as broken,
  /// and parks the probe's thread for good.
  func abandon(_ failure: ResolutionFailure, path: [Keys]) -> Never {
    let (kind, keys, named) = Self.identity(of: failure)
    let index = add(kind, keys, keyName: named.name, path: path) { paths in
      var diagnostic = failure.diagnostic
      if case .missingBinding = failure {
        diagnostic.details += paths.filter { $0.count > 1 }.map { "needed by " + describePath($0) }
      }
      return diagnostic
    }
    lock.withLock {
      for (offset, key) in path.enumerated() where broken[ObjectIdentifier(key)] == nil {
        broken[ObjectIdentifier(key)] = (index, Array(path[offset...]))
      }
    }
    park()
  }

  @discardableResult
  private func add(
    _ kind: VerificationProblem.Kind, _ keys: [Keys], keyName: String, path: [Keys],
    diagnostic: @escaping ([[Keys]]) -> Diagnostic
  ) -> Int {
    let id = FindingID(kind: kind.description, keys: keys.map(ObjectIdentifier.init))
    return lock.withLock {
      if let index = findingIndex[id] {
        if !findings[index].paths.contains(where: { $0.elementsEqual(path, by: ===) }) {
          findings[index].paths.append(path)
        }
        return index
      }
      findings.append(Finding(diagnostic: diagnostic, kind: kind, keyName: keyName, paths: [path]))
      findingIndex[id] = findings.count - 1
      return findings.count - 1
    }
  }

  /// Records a dependency a binding declared: `from` needs `to` while its factory runs, or later.
  func recordDeclared(from: Keys, to: Keys, isDeferred: Bool) {
    let edge = Edge(from: ObjectIdentifier(from), to: ObjectIdentifier(to), fromKey: from, toKey: to)
    lock.withLock {
      if isDeferred {
        if deferredSet.insert(edge).inserted { deferredList.append(edge) }
      } else {
        if edgeSet.insert(edge).inserted { edgeList.append(edge) }
      }
    }
  }

  /// Records that the key the thread is resolving makes something that resolves `key` from `graph`
  /// later, and passes it on to be built on its own.
  func deferred(_ key: Keys, in graph: Graph) {
    let from = ResolutionStack.fullPath.last
    let action: (@Sendable (Keys, Graph) -> Void)? = lock.withLock {
      if let from, from !== key {
        let edge = Edge(from: ObjectIdentifier(from), to: ObjectIdentifier(key), fromKey: from, toKey: key)
        if deferredSet.insert(edge).inserted { deferredList.append(edge) }
      }
      return onDeferred
    }
    action?(key, graph)
  }

  /// Calls `action` for each key found to be resolved later.
  func whenDeferred(_ action: @escaping @Sendable (Keys, Graph) -> Void) {
    lock.withLock { onDeferred = action }
  }

  /// Calls `action` when the next probe parks.
  func whenAbandoned(_ action: @escaping @Sendable () -> Void) {
    lock.withLock { onAbandon = action }
  }

  private func park() -> Never {
    let action = lock.withLock {
      defer { onAbandon = nil }
      return onAbandon
    }
    action?()
    probeAbandoned.signal()
    let never = DispatchSemaphore(value: 0)
    while true { never.wait() }
  }

  /// The problems found, in the order they were found.
  var problems: [VerificationProblem] {
    lock.withLock {
      findings.map { VerificationProblem(kind: $0.kind, keyName: $0.keyName, diagnostic: $0.diagnostic($0.paths)) }
    }
  }

  /// What makes two findings the same (the kind and the keys), and the key the finding is named by.
  private static func identity(of failure: ResolutionFailure) -> (VerificationProblem.Kind, [Keys], named: Keys) {
    switch failure {
    case .cycle(let keys), .crossThreadCycle(let keys):
      // The same cycle found from another key is the same finding, named by the key the first probe
      // to find it entered first.
      return (.dependencyCycle, keys.dropLast().sorted { $0.slot < $1.slot }, keys[0])
    case .missingBinding(let key), .noAmbientGraph(let key, _, _): return (.missingBinding, [key], key)
    case .scopeNotOpen(let key, _): return (.scopeNotOpen, [key], key)
    case .weakValueNotAnObject(let key, _): return (.weakValueNotAnObject, [key], key)
    case .tooDeep(_, let path): return (.tooDeep, [path[path.count - 1]], path[path.count - 1])
    case .graphReleased(let key, _, _), .weakInjectGraphReleased(let key, _, _): return (.graphReleased, [key], key)
    case .buildWaitTimeout(let key, _, _, _), .asyncBuildWaitTimeout(let key, _, _, _):
      return (.buildWaitTimeout, [key], key)
    case .childGraphNotBuilt(let key, _): return (.childGraphNotBuilt, [key], key)
    case .unknownKeyProblems(let key, let problems):
      switch problems.first?.kind {
      case .dependencyCycle?: return (.dependencyCycle, [key], key)
      case .captiveDependency?: return (.captiveDependency, [key], key)
      default: return (.missingBinding, [key], key)
      }
    case .tooManyKeys: failure.trap()
    }
  }
}

/// `Keys.a → Keys.b → Keys.c`.
func describePath(_ path: [Keys]) -> String {
  path.map(\.name).joined(separator: " → ")
}
