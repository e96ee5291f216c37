/// The graph read as data: every key a graph knows, what each one's binding declared it needs, and
/// every problem those declarations show — found when the graph is built, before any factory runs.
///
/// A graph knows the keys its modules (and its ancestors' modules) bind, override, decorate, require,
/// contribute to or expose, and every key those reach through declared dependencies
/// (`Key(.singleton, .httpClient) { http in … }`). For each it finds:
///
/// - required keys that nothing binds, with every path that needs them;
/// - cycles of direct dependencies, with the whole path (a `.provider`, `.lazy` or `.factory`
///   dependency is deferred, and legal in a cycle);
/// - reference cycles through a lazy value: a shared or per-resolution instance that, once a `.lazy`
///   dependency on a transient or per-resolution key is read, holds itself through the value the lazy
///   value keeps;
/// - captive dependencies: a shared instance that needs a shorter-lived one, directly or through any
///   number of transient keys;
/// - direct dependencies whose values their factories cannot take, which a main-actor or an async
///   factory's ``TypedKey`` dependencies let through (see ``UnusableDependency``).
///
/// A factory that resolves through a ``Resolver`` (`{ r in … }`) declares nothing: its key is known,
/// but its edges are not, and ``uncheckedKeys`` lists it — as it lists a key a decorator or a
/// contribution that resolves through a resolver wraps or builds. What a decorator or contribution
/// declared is part of its key's edges.
///
/// A child graph's keys are read where they are built: a node is a key *and* the graph that builds it
/// (see ``Lineage``). A singleton of the root graph that a child reaches is read with the root's
/// bindings, as the root builds it — not with the child's, which it never sees.
///
/// Every walk is a loop over an explicit stack, so a chain of any length is checked without deep
/// recursion.
struct GraphCheck {
  /// A key, as one graph of the lineage builds it, with the binding it resolves with there.
  struct Node {
    let key: Keys
    let binding: AnyBinding?
    /// The level of the graph that builds the key's values here and resolves their dependencies: a
    /// singleton's or `.weak` key's is the graph whose module bound it (the root, for a key's own
    /// binding), a scoped key's the nearest graph that opens its scope, any other key's the graph that
    /// resolves it.
    let level: Int
    /// The declared dependencies, as node indices; `nil` when the binding declared none.
    var edges: [(kind: DeclaredEdge.Kind, target: Int)]?
    /// The node that first reached this one, for the paths in messages; `nil` for a starting key.
    let reachedFrom: Int?
    /// Whether the checked graph resolves the key itself — a starting key, or a dependency of a key it
    /// builds — rather than only a graph above it, for a key that graph builds.
    var isResolvedByCheckedGraph: Bool

    var lifetime: LifetimeKind { binding?.lifetime ?? .transient }
  }

  /// The graph a check reads, and the graphs above it: how each resolves a key, and where it is built.
  struct Lineage {
    /// The scope each graph opens, from the root; the last is the checked graph's.
    let scopes: [Scope?]
    /// The graphs above the checked one, the root first.
    private let ancestors: [Graph]
    /// How the checked graph resolves a key.
    private let checked: (Keys) -> (binding: AnyBinding?, ownerLevel: Int)

    /// The checked graph's level.
    var level: Int { ancestors.count }

    /// A graph, opening `scope`, below `parent` (`nil`: a root graph), that resolves each key with
    /// `binding`; the graphs above it resolve as they were built.
    init(
      below parent: Graph?, scope: Scope?,
      binding: @escaping (Keys) -> (binding: AnyBinding?, ownerLevel: Int)
    ) {
      var ancestors: [Graph] = []
      var next = parent
      while let graph = next {
        ancestors.append(graph)
        next = graph.parent
      }
      self.ancestors = ancestors.reversed()
      self.scopes = self.ancestors.map(\.scope) + [scope]
      self.checked = binding
    }

    /// `graph`, as it was built.
    init(_ graph: Graph) {
      self.init(below: graph.parent, scope: graph.scope) { graph.bindingAndOwner(resolving: $0) }
    }

    /// The binding the graph at `level` resolves `key` with (`nil`: nothing binds it), and the level of
    /// the graph whose module made it (0 for a key's own binding): where its shared instances live.
    func binding(_ key: Keys, _ level: Int) -> (binding: AnyBinding?, ownerLevel: Int) {
      level < ancestors.count ? ancestors[level].bindingAndOwner(resolving: key) : checked(key)
    }

    /// The level of the graph that builds `binding`'s values when the graph at `level` resolves it.
    func home(of binding: AnyBinding?, ownerLevel: Int, resolvedAt level: Int) -> Int {
      switch binding?.lifetime {
      case .singleton?, .weak?: return ownerLevel
      case .scoped(let scope)?: return scopes[...level].lastIndex { $0 == scope } ?? level
      default: return level
      }
    }
  }

  private let lineage: Lineage
  /// Every key the graph knows, in the order they were reached.
  private(set) var nodes: [Node] = []
  /// Each node, at `slot * levels + level` (`-1`: none yet): an array read, not a hash.
  private var index: [Int]
  /// How many graphs the lineage has.
  private let levels: Int
  /// See ``init(roots:exposedBy:requiredBy:skipping:builtWhereBound:lineage:)``.
  private let builtWhereBound: Set<ObjectIdentifier>
  /// The problems found, in a stable order: missing bindings, then cycles, then reference cycles, then
  /// captive dependencies, then unusable dependencies.
  private(set) var problems: [GraphError.Problem] = []
  /// The nodes of keys nothing binds that only dependencies declared `.optional` reach: absent, and
  /// rightly so.
  private var absentOptionals: Set<Int> = []

  /// The keys the graph knows: those it resolves itself, but the absent optional ones.
  var knownKeys: [Keys] {
    // A root graph's check resolves every node itself, and most have no absent optional key.
    if levels == 1, absentOptionals.isEmpty { return nodes.map(\.key) }
    return nodes.indices.filter { nodes[$0].isResolvedByCheckedGraph && !absentOptionals.contains($0) }.map {
      nodes[$0].key
    }
  }

  /// Checks the graph whose keys start from `roots`, resolving each key's binding with `binding`.
  ///
  /// - Parameters:
  ///   - roots: The keys to start from: what the modules registered, in order.
  ///   - exposedBy: Where each key that a module only exposed was exposed, for its message.
  ///   - requiredBy: Where modules required each key that has no default, for its message.
  ///   - skipping: Keys whose registrations are wrong already (reported by the build plan): the check
  ///     says nothing more about them, and reads no dependencies of theirs in the checked graph.
  ///   - builtWhereBound: Keys whose bindings are refused only for where they are (a scoped binding
  ///     below its scope): read as the modules meant them, built by the checked graph.
  ///   - lineage: The checked graph and those above it: how each resolves a key.
  init(
    roots: [Keys], exposedBy: [ObjectIdentifier: BindingSource] = [:],
    requiredBy: [ObjectIdentifier: [BindingSource]] = [:], skipping: Set<ObjectIdentifier> = [],
    builtWhereBound: Set<ObjectIdentifier> = [], lineage: Lineage
  ) {
    self.lineage = lineage
    self.builtWhereBound = builtWhereBound
    self.levels = lineage.level + 1
    self.index = Array(repeating: -1, count: KeyRegistry.shared.count * levels)
    discover(from: roots, skipping: skipping)
    findMissingBindings(exposedBy: exposedBy, requiredBy: requiredBy, skipping: skipping)
    findCycles()
    findLazyReferenceCycles()
    findCaptiveDependencies()
    findUnusableDependencies()
    findWeakValueTypes()
    // A key that two graphs build shows the same problem in each: once is enough.
    if lineage.level > 0, problems.count > 1 {
      var seen: Set<String> = []
      problems = problems.filter { seen.insert($0.description).inserted }
    }
  }

  /// The keys whose factories declared no dependencies (`{ r in … }`), or whose decorators resolve
  /// through a resolver: known, but not every edge of theirs is checked. Each once, though graphs of
  /// the lineage may build it.
  var uncheckedKeys: [Keys] {
    // A root graph's check has one node per key.
    var seen: Set<ObjectIdentifier>? = levels == 1 ? nil : []
    return nodes.filter { node in
      guard let binding = node.binding, node.edges == nil || !binding.uncheckedDecorators.isEmpty else {
        return false
      }
      return seen?.insert(ObjectIdentifier(node.key)).inserted ?? true
    }.map(\.key)
  }

  // MARK: Discovery

  private mutating func discover(from roots: [Keys], skipping: Set<ObjectIdentifier>) {
    for root in roots { _ = node(for: root, resolvedAt: lineage.level, reachedFrom: nil) }
    var next = 0
    while next < nodes.count {
      defer { next += 1 }
      // A key whose registrations are wrong has no binding that wins: its default's dependencies are
      // not what the modules meant.
      guard let dependencies = nodes[next].binding?.dependencies,
        skipping.isEmpty || nodes[next].level != lineage.level
          || !skipping.contains(ObjectIdentifier(nodes[next].key))
      else { continue }
      let level = nodes[next].level
      var edges: [(kind: DeclaredEdge.Kind, target: Int)] = []
      edges.reserveCapacity(dependencies.edges.count)
      for edge in dependencies.edges {
        let target = node(for: edge.key, resolvedAt: level, reachedFrom: next)
        edges.append((edge.kind, target))
        // The graph knows every key its keys reach, a graph above it building some of them: it
        // resolves each itself too, and is checked for it.
        if !nodes[target].isResolvedByCheckedGraph {
          _ = node(for: edge.key, resolvedAt: lineage.level, reachedFrom: next)
        }
      }
      nodes[next].edges = edges
    }
  }

  /// The node of `key` as the graph at `level` resolves it: in the graph that builds it.
  private mutating func node(for key: Keys, resolvedAt level: Int, reachedFrom: Int?) -> Int {
    // A root graph's check, the most common, has one node per key: found without reading its binding.
    if levels == 1, key.slot < index.count, index[key.slot] >= 0 { return index[key.slot] }
    let (binding, ownerLevel) = lineage.binding(key, level)
    let home =
      !builtWhereBound.isEmpty && level == lineage.level && builtWhereBound.contains(ObjectIdentifier(key))
      ? level : lineage.home(of: binding, ownerLevel: ownerLevel, resolvedAt: level)
    let position = key.slot * levels + home
    // A key created since the check began has a slot past the array's end.
    if position >= index.count { index += Array(repeating: -1, count: position + levels - index.count) }
    let resolvedByChecked = level == lineage.level
    if index[position] >= 0 {
      if resolvedByChecked { nodes[index[position]].isResolvedByCheckedGraph = true }
      return index[position]
    }
    nodes.append(
      Node(
        key: key, binding: binding, level: home, edges: nil, reachedFrom: reachedFrom,
        isResolvedByCheckedGraph: resolvedByChecked))
    index[position] = nodes.count - 1
    return nodes.count - 1
  }

  /// The keys from the starting key that first reached `node` down to `node`.
  private func path(to node: Int) -> [Keys] {
    path(toIndex: node).map { nodes[$0].key }
  }

  /// The nodes from the starting key that first reached `node` down to `node`.
  private func path(toIndex node: Int) -> [Int] {
    var path: [Int] = []
    var current: Int? = node
    while let at = current {
      path.append(at)
      current = nodes[at].reachedFrom
    }
    return path.reversed()
  }

  // MARK: Problems

  private mutating func findMissingBindings(
    exposedBy: [ObjectIdentifier: BindingSource], requiredBy: [ObjectIdentifier: [BindingSource]],
    skipping: Set<ObjectIdentifier>
  ) {
    // A sound graph has no key without a binding: what follows is made only for one that has.
    guard nodes.contains(where: { $0.binding == nil }) else { return }
    // Every edge, reversed: the paths to a missing key are walked back from it.
    var dependents = [[Int]](repeating: [], count: nodes.count)
    for (from, node) in nodes.enumerated() {
      for edge in node.edges ?? [] where dependents[edge.target].last != from {
        dependents[edge.target].append(from)
      }
    }
    // Each missing node, with the nodes that need it: one only optional dependencies reach is absent,
    // and rightly so.
    var missing: [(node: Int, declarers: [Int])] = []
    for (at, node) in nodes.enumerated() where node.binding == nil {
      // Those that need it: a dependency declared `.optional` may be absent.
      let declarers = dependents[at].filter { from in
        nodes[from].edges?.contains { $0.target == at && $0.kind != .optional } == true
      }
      // A key the modules name, or that something needs; not one only optional dependencies reach.
      guard node.reachedFrom == nil || !declarers.isEmpty else {
        absentOptionals.insert(at)
        continue
      }
      missing.append((at, declarers))
    }
    var seeds: [ObjectIdentifier: [Keys]]?
    var reported: Set<ObjectIdentifier> = []
    for (at, declarers) in missing {
      let key = nodes[at].key
      let id = ObjectIdentifier(key)
      // A graph above builds what needs the key, where a graph below binds it.
      if nodes[at].level < lineage.level, case (let bound?, let boundAt) = lineage.binding(key, lineage.level) {
        reportUnseenBinding(at, bound, boundAt: boundAt, neededBy: neededBy([(at, declarers)], dependents: dependents))
        continue
      }
      // Every graph of the lineage that misses the key, in one problem.
      guard reported.insert(id).inserted else { continue }
      let required = requiredBy[id] ?? []
      guard !skipping.contains(id) || !required.isEmpty else { continue }
      let exposed = exposedBy[id].map { ["exposed by \($0)"] } ?? []
      let needed = neededBy(missing.filter { nodes[$0.node].key === key }, dependents: dependents)
      var diagnostic = Diagnostic(
        summary: "missing binding for required key \(key.described)",
        details: required.map { "required by \($0)" } + exposed + needed.lines,
        fix: "bind it in one of the installed modules: b.bind(\(key.callSiteName)) { … }")
      if seeds == nil { seeds = seededChildGraphKeys() }
      if let children = seeds?[id] { diagnostic.explainSeed(key, of: children, neededBy: needed.starts) }
      problems.append(GraphError.Problem(kind: .missingBinding, keyName: key.name, diagnostic: diagnostic))
    }
  }

  /// A key that the graph at `missing`'s level has no binding for, though a graph below it binds it
  /// (`bound`, made by the module of the graph at `boundAt`): what needs it there is built there.
  private mutating func reportUnseenBinding(
    _ missing: Int, _ bound: AnyBinding, boundAt: Int,
    neededBy needed: (lines: [String], starts: [Keys], paths: [[Int]])
  ) {
    let key = nodes[missing].key
    let level = nodes[missing].level
    let above = describeGraph(level)
    let below = describeGraph(boundAt)
    // The shared keys on the way that the graph above builds — the first took the resolution there, the
    // others keep it there — each once. A builder a module of that graph bound was checked there: these
    // are keys' own bindings.
    var builders: [Int] = []
    for path in needed.paths {
      for node in path.dropLast() where nodes[node].level == level && nodes[node].lifetime.isShared {
        if !builders.contains(node) { builders.append(node) }
      }
    }
    // Bound as the graph below binds it, the key may be one the nearest builder may not hold: a
    // captive dependency wherever it is bound, reported as such (binding it above would not help).
    let boundLifetime = bound.lifetime
    for path in needed.paths {
      guard let start = path.dropLast().lastIndex(where: { nodes[$0].level == level && nodes[$0].lifetime.isShared })
      else { continue }
      let holder = nodes[path[start]]
      let deferred = path[start...].indices.dropLast().first { index in
        nodes[path[index]].edges?.contains { $0.kind == .deferred && $0.target == path[index + 1] } == true
      }
      guard holder.lifetime.isCaptive(holding: boundLifetime), deferred == nil || boundLifetime.isScoped else {
        continue
      }
      reportCaptive(
        path[start...].map { nodes[$0].key }, holder.lifetime, boundLifetime,
        laterThrough: deferred.map { nodes[path[$0]].key },
        provenance: ["\(key.name) is \(boundLifetime) as \(bound.source) binds it in \(below)"],
        holderIsKeysOwn: holder.binding?.source.isKeyDefault ?? true)
      return
    }
    let names = builders.map { nodes[$0].key.name }
    let lifetimes = Set(builders.map { nodes[$0].lifetime.description }).sorted().joined(separator: " or ")
    let (subject, them) = names.count == 1 ? (names[0], "it") : (listed(names), "them")
    let why =
      names.count == 1
      ? "\(subject) is \(lifetimes), so \(above) builds it and resolves what it needs there"
      : "\(subject) are \(lifetimes), so \(above) builds them and resolves what they need there"
    // A scoped key is built where its scope opens, wherever it is bound.
    var fix = "move the binding of \(key.name) to a module of \(above)"
    if !builders.contains(where: { nodes[$0].lifetime.isScoped }) {
      fix += ", or bind \(subject) in a module of \(below), so that that graph builds \(them)"
    }
    problems.append(
      GraphError.Problem(
        kind: .missingBinding, keyName: key.name,
        diagnostic: Diagnostic(
          summary: "missing binding for required key \(key.described) in \(above)",
          details: needed.lines + [why, "\(bound.source) binds \(key.name) in \(below), which \(above) does not see"],
          fix: fix)))
  }

  /// `A, B and C`.
  private func listed(_ names: [String]) -> String {
    names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  /// ` in the root graph`, for a problem among the keys a graph above the checked one builds — only a
  /// key of the checked graph's reached them — and nothing for the checked graph's own.
  private func graphSuffix(_ node: Int) -> String {
    nodes[node].level < lineage.level ? " in \(describeGraph(nodes[node].level))" : ""
  }

  /// How messages name the graph at `level` of the lineage.
  private func describeGraph(_ level: Int) -> String {
    Graph.describe(isRoot: level == 0, scope: lineage.scopes[level])
  }

  /// The seeded child graph keys the graph knows, by their seed key: a key that needs a seed belongs in
  /// the child graph, where the seed is bound.
  private func seededChildGraphKeys() -> [ObjectIdentifier: [Keys]] {
    var seeds: [ObjectIdentifier: [Keys]] = [:]
    for node in nodes {
      guard let child = node.key as? any SeededChildGraph, let seed = child.seedKey else { continue }
      seeds[ObjectIdentifier(seed), default: []].append(node.key)
    }
    return seeds
  }

  /// The most paths a missing key's message lists; a line says how many more there are.
  static let pathLimit = 10

  /// `needed by …` lines for the missing key at `missing`: for each key that declared it, a path from
  /// each key the modules named that reaches that one — the shortest — so that every screen that
  /// needs the key is named. A path that another one ends with is left out. A declaring key that a
  /// module bound, rather than its default, names the module: the need is that binding's.
  private func neededBy(
    _ missingNodes: [(node: Int, declarers: [Int])], dependents: [[Int]]
  ) -> (lines: [String], starts: [Keys], paths: [[Int]]) {
    var paths: [[Int]] = []
    for (missing, declarers) in missingNodes {
      for declarer in declarers {
        // Back from the declarer to every starting key, each reached by its shortest way.
        var towardDeclarer = [Int: Int]()
        var queue = [declarer]
        towardDeclarer[declarer] = declarer
        var next = 0
        while next < queue.count {
          let node = queue[next]
          next += 1
          if nodes[node].reachedFrom == nil {
            var path = [node]
            while let last = path.last, last != declarer, let step = towardDeclarer[last] { path.append(step) }
            paths.append(path + [missing])
          }
          for from in dependents[node] where towardDeclarer[from] == nil {
            towardDeclarer[from] = node
            queue.append(from)
          }
        }
      }
    }
    // A path that only repeats the end of a longer one says nothing more: every proper end, once. Paths
    // are compared by their keys: two graphs may build the same keys.
    let keyPaths = paths.map { $0.map { ObjectIdentifier(nodes[$0].key) } }
    var ends: Set<[ObjectIdentifier]> = []
    for path in keyPaths where path.count > 2 {
      for start in 1..<(path.count - 1) { ends.insert(Array(path[start...])) }
    }
    var seen: Set<[ObjectIdentifier]> = []
    let unique = paths.indices.filter { !ends.contains(keyPaths[$0]) && seen.insert(keyPaths[$0]).inserted }.map {
      paths[$0]
    }
    var lines = unique.prefix(Self.pathLimit).map { path in
      let declarer = nodes[path[path.count - 2]]
      let line = "needed by " + describePath(path.map { nodes[$0].key })
      if let decorator = decorator(from: path[path.count - 2], to: path[path.count - 1]) {
        return line + ", as \(decorator) decorates \(declarer.key.name)"
      }
      guard let source = declarer.binding?.source, !source.isKeyDefault else { return line }
      return line + ", as \(source) binds \(declarer.key.name)"
    }
    if unique.count > Self.pathLimit {
      lines.append("and \(unique.count - Self.pathLimit) more paths")
    }
    var starts: [Keys] = []
    for path in unique where !starts.contains(where: { $0 === nodes[path[0]].key }) {
      starts.append(nodes[path[0]].key)
    }
    return (lines, starts, unique)
  }

  /// Where the decorator that declared the edge from node `from` to node `to` was registered; `nil`
  /// when the binding's own factory declared it.
  private func decorator(from: Int, to: Int) -> BindingSource? {
    guard let dependencies = nodes[from].binding?.dependencies,
      let index = nodes[from].edges?.firstIndex(where: { $0.target == to })
    else { return nil }
    return dependencies.decorator(ofEdge: index)
  }

  /// What a module did to the keys of a path that their declarations do not show: a lifetime that a
  /// module's binding gave `lifetimes`' keys, and an edge a decorator declared.
  private func provenance(of path: [Int], lifetimes: [Int]) -> [String] {
    var lines: [String] = []
    for node in lifetimes {
      guard let binding = nodes[node].binding, !binding.source.isKeyDefault else { continue }
      lines.append("\(nodes[node].key.name) is \(binding.lifetime) as \(binding.source) binds it")
    }
    for (from, to) in zip(path, path.dropFirst()) {
      guard let decorator = decorator(from: from, to: to) else { continue }
      lines.append("\(nodes[from].key.name) needs \(nodes[to].key.name) through its decorator in \(decorator)")
    }
    return lines
  }

  /// Cycles of direct edges, each reported once, from its member reached first.
  private mutating func findCycles() {
    enum Mark { case unvisited, onPath, done }
    var marks = [Mark](repeating: .unvisited, count: nodes.count)
    var reported: Set<[ObjectIdentifier]> = []
    for start in nodes.indices where marks[start] == .unvisited {
      // The walk's path: each node with the index of its next edge to follow.
      var stack: [(node: Int, nextEdge: Int)] = [(start, 0)]
      marks[start] = .onPath
      while let (node, nextEdge) = stack.last {
        let edges = nodes[node].edges ?? []
        guard nextEdge < edges.count else {
          marks[node] = .done
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].nextEdge += 1
        let edge = edges[nextEdge]
        guard edge.kind != .deferred else { continue }
        switch marks[edge.target] {
        case .unvisited:
          marks[edge.target] = .onPath
          stack.append((edge.target, 0))
        case .onPath:
          guard let from = stack.firstIndex(where: { $0.node == edge.target }) else { continue }
          let members = stack[from...].map(\.node)
          // Once per cycle of keys: the checked graph and a graph above may both build it.
          guard reported.insert(members.map { ObjectIdentifier(nodes[$0].key) }.sorted()).inserted else { continue }
          reportCycle(members)
        case .done:
          continue
        }
      }
    }
  }

  private mutating func reportCycle(_ members: [Int]) {
    // From the member reached first, so that the message does not depend on the walk.
    let first = members.indices.min { members[$0] < members[$1] } ?? 0
    let ordered = Array(members[first...] + members[..<first])
    let keys = (ordered + [ordered[0]]).map { nodes[$0].key }
    problems.append(
      GraphError.Problem(
        kind: .dependencyCycle, keyName: keys[0].name,
        diagnostic: Diagnostic(
          summary: "dependency cycle" + graphSuffix(ordered[0]),
          details: cyclePath(keys) + provenance(of: ordered + [ordered[0]], lifetimes: []),
          fix:
            "declare one of these dependencies as \(deferredForms(of: ordered[1 % ordered.count], inCycle: ordered)) (\(declaration(of: keys[0], nodes[ordered[0]].lifetime, needing: keys[1]))) and resolve it after the factory returns, or split a type so the cycle disappears"
        )))
  }

  /// `.provider or .lazy`; or `.provider` alone where the node's key has no lazy form (a main-actor or
  /// async key), or where a lazy value of it, kept by the cycle's member before it, would close a
  /// reference cycle (see ``findLazyReferenceCycles()``).
  private func deferredForms(of node: Int, inCycle cycle: [Int]) -> String {
    guard nodes[node].key.kind == .plain else { return ".provider" }
    let holder = cycle[((cycle.firstIndex(of: node) ?? 1) + cycle.count - 1) % cycle.count]
    return referenceCycle(ifLazy: node, keptBy: holder) == nil ? ".provider or .lazy" : ".provider"
  }

  /// Whether the value of the key at `node` is one instance wherever a resolution meets it again: a
  /// shared instance's; or a per-resolution one's, since a lazy value read while the resolution that
  /// built it runs resolves within that resolution.
  private func recurs(_ node: Int) -> Bool {
    nodes[node].lifetime.isShared || nodes[node].lifetime == .perResolution
  }

  /// What the value of the key at `node` holds: its direct and optional dependencies, and, for a key's
  /// `.lazy`, the value it keeps once read — unless the graph owns it (a shared key's).
  private func holds(_ node: Int) -> [Int] {
    let isLazy = nodes[node].key.isLazyValue
    return (nodes[node].edges ?? []).compactMap { edge in
      edge.kind != .deferred || (isLazy && !nodes[edge.target].lifetime.isShared) ? edge.target : nil
    }
  }

  /// What holds each node: ``holds(_:)`` reversed.
  private func holders() -> [[Int]] {
    var heldBy = [[Int]](repeating: [], count: nodes.count)
    for node in nodes.indices {
      for target in holds(node) { heldBy[target].append(node) }
    }
    return heldBy
  }

  /// The cycle `holder → … → value → … → holder` of what holds what, through a recurring instance,
  /// that a lazy value of `value` kept by `holder` would close; `nil` when there is none, or when a
  /// lazy value of `value` keeps nothing (a shared key's). `holders`, what holds each node, is made
  /// when not given.
  private func referenceCycle(ifLazy value: Int, keptBy holder: Int, holders given: [[Int]]? = nil) -> [Int]? {
    guard !nodes[value].lifetime.isShared else { return nil }
    let heldBy = given ?? holders()
    // Each node that holds `holder`, with its next step toward it.
    var towardHolder = [holder: holder]
    var queue = [holder]
    var next = 0
    while next < queue.count {
      let node = queue[next]
      next += 1
      for other in heldBy[node] where towardHolder[other] == nil {
        towardHolder[other] = node
        queue.append(other)
      }
    }
    // From the kept value, breadth first, to the nearest recurring node that holds `holder`.
    var reachedFrom = [value: value]
    queue = [value]
    next = 0
    // The value itself, when it is a per-resolution one that holds `holder`.
    var recurring: Int? = recurs(value) && towardHolder[value] != nil ? value : nil
    while next < queue.count, recurring == nil {
      let node = queue[next]
      next += 1
      for target in holds(node) where reachedFrom[target] == nil {
        reachedFrom[target] = node
        queue.append(target)
        if recurs(target), towardHolder[target] != nil {
          recurring = target
          break
        }
      }
    }
    guard let recurring else { return nil }
    // recurring → … → holder → value → … → recurring
    var cycle = [recurring]
    while let last = cycle.last, last != holder, let step = towardHolder[last] { cycle.append(step) }
    guard recurring != value else { return cycle + [value] }
    var back: [Int] = []
    var at = recurring
    while at != value, let from = reachedFrom[at] {
      back.append(from)
      at = from
    }
    return cycle + [value] + back.reversed().dropFirst() + [recurring]
  }

  /// Instances that would hold themselves once a lazy value is read. A `.lazy` dependency on a shared
  /// key resolves it from the graph at each read, and keeps nothing; on a transient or per-resolution
  /// key, it keeps the value it resolved. When that value holds, directly or through what it holds, the
  /// instance that holds the lazy value — a shared one, or a per-resolution one when the lazy value is
  /// read while its resolution runs — the two hold each other: releasing the graph cannot free them.
  /// Each such cycle is reported once, from its member nearest the lazy value's value whose instance
  /// recurs.
  private mutating func findLazyReferenceCycles() {
    var kept: [(lazy: Int, value: Int)] = []
    for node in nodes.indices where nodes[node].edges?.contains(where: { $0.kind == .deferred }) == true {
      guard nodes[node].key.isLazyValue else { continue }
      for value in holds(node) { kept.append((node, value)) }
    }
    // Most graphs keep no lazy value of a key the graph does not own: one pass, and nothing else.
    guard !kept.isEmpty else { return }
    let heldBy = holders()
    var reported: Set<[ObjectIdentifier]> = []
    for (lazy, value) in kept {
      guard let cycle = referenceCycle(ifLazy: value, keptBy: lazy, holders: heldBy),
        reported.insert(Set(cycle.map { ObjectIdentifier(nodes[$0].key) }).sorted()).inserted
      else { continue }
      reportReferenceCycle(cycle, lazy: lazy, value: value)
    }
  }

  private mutating func reportReferenceCycle(_ cycle: [Int], lazy: Int, value: Int) {
    let keys = cycle.map { nodes[$0].key }
    let holder = nodes[cycle[0]]
    let kept = nodes[value]
    problems.append(
      GraphError.Problem(
        kind: .referenceCycle, keyName: holder.key.name,
        diagnostic: Diagnostic(
          summary:
            "reference cycle\(graphSuffix(cycle[0])): \(holder.key.name) is \(holder.lifetime), and holds itself through \(nodes[lazy].key.name) once it is read",
          details: cyclePath(keys) + provenance(of: cycle, lifetimes: [cycle[0], value]) + [
            "a lazy value keeps the value it resolved unless the graph owns it, and \(kept.key.name) is \(kept.lifetime): neither \(holder.key.name) nor that value would ever be released"
          ]
            + (holder.lifetime == .perResolution
              ? [
                "a lazy value read while the resolution that built \(holder.key.name) runs resolves within it, and gets that \(holder.key.name) again"
              ] : []),
          fix:
            "declare \(kept.key.callSiteName).provider in place of \(kept.key.callSiteName).lazy (a provider keeps nothing it resolves), or split a type so the cycle disappears"
        )))
  }

  /// `Key(.scoped(.flow), .b.provider) { … }`: how `holder`, of `lifetime`, declares a provider of
  /// `dependency`, written with `holder`'s kind of key and lifetime.
  private func declaration(of holder: Keys, _ lifetime: LifetimeKind, needing dependency: Keys) -> String {
    let provider = dependency.callSiteName + ".provider"
    switch holder.kind {
    case .plain: return "Key(\(lifetime), \(provider)) { … }"
    case .mainActor: return "MainActorKey(\(lifetime), \(provider)) { … }"
    case .async: return "AsyncKey(\(lifetime), \(provider)) { … }"
    case .assisted: return "AssistedKey(\(provider)) { … }"
    case .mainActorAssisted: return "MainActorAssistedKey(\(provider)) { … }"
    }
  }

  /// Shared instances that need, directly or through transient keys, a shorter-lived shared one; and
  /// shared instances whose providers, lazy values or factories would resolve, later, a scoped key
  /// from the graph that owns the instance, where that scope is not open.
  private mutating func findCaptiveDependencies() {
    var walk = HeldWalk(nodeCount: nodes.count)
    for holder in nodes.indices {
      let holderLifetime = nodes[holder].lifetime
      guard holderLifetime.isShared, let holderEdges = nodes[holder].edges, !holderEdges.isEmpty else { continue }
      walk.walk(from: holder, in: nodes) { held, later, path in
        let lifetime = nodes[held].lifetime
        guard holderLifetime.isCaptive(holding: lifetime) else { return }
        // Called later, a provider does not hold what it resolves: only a scope the holder's graph
        // cannot see is wrong (a `.weak` or a singleton, from a provider of a singleton, is fine).
        if later {
          guard case .scoped = lifetime else { return }
        }
        let path = path()
        // The key whose value resolves later: the first on the path with a deferred edge to the next.
        let deferred =
          later
          ? path.indices.dropLast().first { index in
            nodes[path[index]].edges?.contains { $0.kind == .deferred && $0.target == path[index + 1] } == true
          }.map { nodes[path[$0]].key } : nil
        reportCaptive(
          path.map { nodes[$0].key }, holderLifetime, lifetime, laterThrough: deferred,
          provenance: provenance(of: path, lifetimes: [holder, held]),
          holderIsKeysOwn: nodes[holder].binding?.source.isKeyDefault ?? true)
      }
    }
  }

  /// `holderIsKeysOwn`: the holder resolves with its key's own binding, whose instances the root
  /// graph owns — where no scope is open.
  private mutating func reportCaptive(
    _ path: [Keys], _ holderLifetime: LifetimeKind, _ lifetime: LifetimeKind, laterThrough deferred: Keys?,
    provenance: [String], holderIsKeysOwn: Bool
  ) {
    guard let holder = path.first, let held = path.last else { return }
    // A `.weak` instance is shared by every graph below the one that binds it: shorter is not enough.
    let isWeakHoldingScoped = holderLifetime == .weak && lifetime != .weak
    var why =
      isWeakHoldingScoped && deferred == nil
      ? [
        "a .weak instance lives in the graph that binds \(holder.name) and is shared by every graph below it, so it cannot hold one graph's \(lifetime) instance"
      ] : []
    let lifetimeFix =
      isWeakHoldingScoped
      ? "give \(holder.name) the lifetime \(lifetime)" : "give \(holder.name) a lifetime no longer than \(lifetime)"
    // A provider of a scoped key, kept by a holder that outlives the scope, resolves from the holder's
    // graph, where the scope is not open: it is no fix.
    let otherFix: String
    if case .scoped(let scope) = lifetime {
      otherFix = "resolve \(held.name) from a graph that opens \(scope) and pass it to the method that needs it"
    } else {
      otherFix = "declare \(held.callSiteName).provider and resolve it when needed"
    }
    let summary: String
    if let deferred, case .scoped(let scope) = lifetime {
      summary =
        "captive dependency: \(holder.described) is \(holderLifetime), but resolves \(held.described), which is \(lifetime), later through \(deferred.name)"
      // A module's binding may be a child graph's, which may open the scope: the rule holds all the same.
      why.append(
        holderIsKeysOwn
          ? "a provider, lazy value or factory that \(holder.name)'s factory keeps resolves from the graph that owns \(holder.name), and no graph from there to the root opens \(scope)"
          : "a provider, lazy value or factory that \(holder.name)'s factory keeps resolves from the graph that owns \(holder.name), and a \(holderLifetime) key may not reach a \(lifetime) key even that way, wherever it is bound"
      )
    } else {
      summary =
        "captive dependency: \(holder.described) is \(holderLifetime), but holds \(held.described), which is \(lifetime)"
    }
    problems.append(
      GraphError.Problem(
        kind: .captiveDependency, keyName: holder.name,
        diagnostic: Diagnostic(
          summary: summary, details: [describePath(path)] + provenance + why, fix: "\(lifetimeFix), or \(otherFix)")
      ))
  }
}

extension GraphCheck {
  /// Direct dependencies whose values their factories cannot take (see ``UnusableDependency``), each
  /// reported once, with the path from the starting key that reached its holder.
  private mutating func findUnusableDependencies() {
    for (holder, node) in nodes.enumerated() {
      var reported: Set<Int> = []
      for edge in node.edges ?? [] where edge.kind != .deferred {
        let dependency = nodes[edge.target].key
        guard let unusable = UnusableDependency(dependency, declaredBy: node.key.isolation),
          reported.insert(edge.target).inserted
        else { continue }
        problems.append(unusable.problem(declaredBy: path(to: holder)))
      }
    }
  }
}

extension GraphCheck {
  /// `.weak` keys whose value type cannot be an object: a struct, an enum, a tuple or a function — or
  /// an optional of one. A protocol's existential may hold a class instance or not: resolving checks
  /// the value the factory returns.
  private mutating func findWeakValueTypes() {
    for node in nodes where node.binding?.lifetime == .weak {
      guard let type = node.key.valueType, let notAnObject = Self.valueTypeNotAnObject(type) else { continue }
      let key = node.key
      problems.append(
        GraphError.Problem(
          kind: .weakValueNotAnObject, keyName: key.name,
          diagnostic: Diagnostic(
            summary:
              "\(key.name) has a .weak lifetime, but its values are of type \(notAnObject), which is not a class: a .weak lifetime shares an object while someone holds it",
            details: [key.described],
            fix: "provide a class instance, or use .transient or .singleton for a value type")))
    }
  }

  /// The name of `type`, or of the type it wraps, when no value of it is an object; `nil` when its
  /// values are objects, or may be (a protocol's existential, `Any`).
  static func valueTypeNotAnObject(_ type: Any.Type) -> String? {
    if let optional = type as? any OptionalValue.Type { return valueTypeNotAnObject(optional.wrappedType) }
    // An existential's values' types are known only at run time.
    if type is AnyObject.Type || type == Any.self || isExistential(type) { return nil }
    return describeType(type)
  }
}

/// A dependency declared direct whose value its factory cannot take when it runs: an assisted key's,
/// built from an argument its caller passes; an async key's, which only an async factory can await;
/// or a main-actor key's, built on the main actor, where only a main-actor factory runs.
///
/// Only a main-actor or an async factory can declare one: its dependencies are ``TypedKey``s, so that
/// it can take a ``MainActorKey``'s or an ``AsyncKey``'s value as well as a ``Key``'s. Every other
/// factory declares ``Key``s, and the compiler keeps the rest out.
struct UnusableDependency {
  let dependency: Keys
  /// Why the value cannot be taken.
  let reason: String
  /// What to declare instead.
  let fix: String

  /// `nil` when a factory of `holder`'s isolation can take `dependency`'s value.
  ///
  /// NB: the key's name as code is read in the cases that report, not before the switch: it walks the
  /// name's characters, and the check asks this of every direct edge (half of a child graph's build,
  /// measured, when it was read for every edge).
  init?(_ dependency: Keys, declaredBy holder: KeyIsolation) {
    self.dependency = dependency
    switch (dependency.kind, holder) {
    case (.plain, _), (.mainActor, .mainActor), (.async, .async):
      return nil
    case (.assisted, _), (.mainActorAssisted, _):
      reason = "an assisted key builds its value from an argument its caller passes"
      fix = "declare \(dependency.callSiteName).factory and call it with the argument"
    case (.async, _):
      let factory = holder == .mainActor ? "a main-actor factory" : "a synchronous factory"
      reason = "an async key's value is awaited, and \(factory) cannot wait"
      fix = "declare \(dependency.callSiteName).provider and await it where the value is needed"
    case (.mainActor, _):
      let factory = holder == .async ? "an async factory" : "this factory"
      reason = "a main-actor key's value is built on the main actor, where \(factory) does not run"
      fix = "declare \(dependency.callSiteName).provider and call it on the main actor"
    }
  }

  /// The problem, for a dependency that `path`'s last key declared.
  func problem(declaredBy path: [Keys]) -> GraphError.Problem {
    let holder = path.last ?? dependency
    return GraphError.Problem(
      kind: .unusableDependency, keyName: holder.name,
      diagnostic: Diagnostic(
        summary: "\(holder.name) cannot take the value of \(dependency.described): \(reason)",
        details: ["needed by " + describePath(path + [dependency])],
        fix: fix))
  }
}

/// What a shared instance holds while its factory runs, and what it resolves later: from one node,
/// the edges needed at once — direct and optional — through transient nodes, to the shared nodes
/// beyond them; then, past the deferred edges on the way (`.provider`, `.lazy`, `.factory`), what
/// those resolve when called, the same way.
///
/// Both resolve from the graph that owns the holder's instance: what its factory holds is subject to
/// the captive rule, and what its providers resolve later must be visible from that graph.
///
/// One walk per holder, sharing two arrays: `visitedBy[n]` is the holder whose walk last reached node
/// `n`, and `reachedFrom[n]` the node it came from, for the path. A node reached at once is not
/// reached again later: what it needs was walked already.
struct HeldWalk {
  private var visitedBy: [Int]
  private var reachedFrom: [Int]
  private var queue: [Int] = []
  /// The next node of `queue` to walk: breadth first, so that each path is a shortest one.
  private var head = 0
  /// Deferred edges met on the way, `(from, to)`: walked once everything needed at once has been.
  private var deferred: [(from: Int, to: Int)] = []

  init(nodeCount: Int) {
    visitedBy = [Int](repeating: -1, count: nodeCount)
    reachedFrom = [Int](repeating: -1, count: nodeCount)
  }

  /// Calls `reach` with each shared node `holder` holds (`later` false), then with each shared node
  /// its providers, lazy values and factories resolve when called (`later` true), and a way to make
  /// the path from `holder` to it.
  mutating func walk(
    from holder: Int, in nodes: [GraphCheck.Node],
    _ reach: (_ held: Int, _ later: Bool, _ path: () -> [Int]) -> Void
  ) {
    visitedBy[holder] = holder
    queue.removeAll(keepingCapacity: true)
    head = 0
    deferred.removeAll(keepingCapacity: true)
    queue.append(holder)
    expand(holder, in: nodes, later: false, reach)
    // Later: every deferred edge met, and what it reaches. Few graphs have many.
    var next = 0
    while next < deferred.count {
      let (from, to) = deferred[next]
      next += 1
      visit(to, from: from, holder: holder, in: nodes, later: true, reach)
      expand(holder, in: nodes, later: true, reach)
    }
  }

  /// Walks the queue: the edges needed at once of each node on it.
  private mutating func expand(
    _ holder: Int, in nodes: [GraphCheck.Node], later: Bool, _ reach: (Int, Bool, () -> [Int]) -> Void
  ) {
    while head < queue.count {
      let node = queue[head]
      head += 1
      for edge in nodes[node].edges ?? [] {
        if edge.kind == .deferred {
          deferred.append((node, edge.target))
        } else {
          visit(edge.target, from: node, holder: holder, in: nodes, later: later, reach)
        }
      }
    }
  }

  /// Reaches `target` from `from`, once per holder: a shared node is reported, any other walked on.
  private mutating func visit(
    _ target: Int, from: Int, holder: Int, in nodes: [GraphCheck.Node], later: Bool,
    _ reach: (Int, Bool, () -> [Int]) -> Void
  ) {
    guard visitedBy[target] != holder else { return }
    visitedBy[target] = holder
    reachedFrom[target] = from
    guard nodes[target].lifetime.isShared else {
      queue.append(target)
      return
    }
    // The path is made only when asked for: most reaches need none.
    reach(target, later) {
      var path = [target]
      while let last = path.last, last != holder { path.append(self.reachedFrom[last]) }
      return path.reversed()
    }
  }
}

extension Diagnostic {
  /// Says that `seed`, missing, is what `children` — seeded child graph keys — bind in each child they
  /// open, and that the keys that need it (`starts`) belong in those children's modules.
  mutating func explainSeed(_ seed: Keys, of children: [Keys], neededBy starts: [Keys]) {
    let names = children.map(\.name).joined(separator: ", ")
    let them = starts.isEmpty ? "the keys that need it" : starts.map(\.name).joined(separator: ", ")
    details.append(
      "\(seed.name) is the seed of \(names): each child graph \(children.count == 1 ? "it opens" : "they open") binds it to the value the child is opened with, and no graph above binds it"
    )
    fix =
      "name \(them) in a module of \(children[0].name) — ChildGraphKey(scope: …, seeding: \(seed.callSiteName)) { [ModuleThatExposesIt()] } — where the seed is bound, not in this graph's modules; or bind \(seed.callSiteName) here if this graph has a value for it"
  }
}
