/// What `verify()` and `dot()` read, as data, with no factory run: every key a graph knows, the keys
/// `entryPoints` add, and the keys of the child graphs its ``ChildGraphKey``s open — each with its
/// binding and what that binding declared it needs — and every problem those show.
///
/// Keys scoped to a scope that neither the graph nor an ancestor opens are read as from child graphs
/// that open those scopes, in the order their keys need them (a `.flow` key that needs a `.session`
/// key: `.session` outside), as an app resolves a flow's keys inside the flow. A child graph key's
/// child is built — its modules made and checked — under the graph that knows the key, and read the
/// same way; its own keys (those it binds differently from its parent, or only it knows) join the
/// reading.
struct GraphReading {
  private(set) var keys: [VerificationReport.CheckedKey] = []
  private(set) var problems: [GraphError.Problem] = []
  /// The scopes the reading opened below the graph, outermost first.
  private(set) var openedScopes: [Scope] = []
  /// Each child graph key whose child was read, by name.
  private(set) var childGraphs: [String] = []
  /// Each child graph key read, with the level of the graph it was read under.
  private var openedChildKeys: Set<OpenedChild> = []
  private struct OpenedChild: Hashable {
    let key: ObjectIdentifier
    let level: Int
  }
  /// The child graph keys whose children are being read, outermost first: a child's reading meets its
  /// own key again, and does not open it under itself.
  private var readingChildKeys: [ObjectIdentifier] = []
  private var reportedProblems: Set<String> = []

  init(_ graph: Graph, scopes: [Scope]?, entryPoints: [Keys]) {
    read(graph, scopes: scopes, entryPoints: entryPoints, childGraphKey: nil, parentBindings: [:])
  }

  private mutating func read(
    _ graph: Graph, scopes: [Scope]?, entryPoints: [Keys], childGraphKey: Keys?,
    parentBindings: [ObjectIdentifier: AnyBinding]
  ) {
    let check = GraphCheck(roots: graph.knownKeys + entryPoints, lineage: GraphCheck.Lineage(graph))
    for problem in check.problems { add(problem) }
    let plan = ScopePlan(check.nodes, in: graph, scopes: scopes, childGraphKey: childGraphKey)
    for problem in plan.problems() { add(problem) }
    if childGraphKey == nil { openedScopes = plan.opened }

    var bindings: [ObjectIdentifier: AnyBinding] = [:]
    // Each key as the graph resolves it; and, named with that graph, a key a graph above builds in a
    // way of its own for a key that graph builds (`Keys.token in the root graph`).
    for node in check.nodes {
      let id = ObjectIdentifier(node.key)
      if node.isResolvedByCheckedGraph, let binding = node.binding { bindings[id] = binding }
      // A child's reading adds what it binds differently from its parent, or that only it knows.
      if childGraphKey != nil, let binding = node.binding, parentBindings[id] === binding { continue }
      keys.append(Self.checkedKey(node, nodes: check.nodes, in: graph, childGraphKey: childGraphKey))
    }
    // A child graph key opens its child under the graph that resolves it — the one that builds what
    // holds it — read once for each such graph.
    for node in check.nodes {
      guard let key = node.key as? any ChildGraphOpening, !readingChildKeys.contains(ObjectIdentifier(key)),
        openedChildKeys.insert(OpenedChild(key: ObjectIdentifier(key), level: node.level)).inserted
      else { continue }
      readingChildKeys.append(ObjectIdentifier(key))
      let opener = graph.ancestor(atLevel: node.level)
      // Opened above the graph read: say which key took it there.
      let holder = node.reachedFrom.map { check.nodes[$0] }.flatMap { $0.level == node.level ? $0.key : nil }
      let openedAbove =
        node.level < graph.level
        ? "\(opener.diagnosticDescription) opens it\(holder.map { ", as it builds \($0.name), which holds it" } ?? "")"
        : nil
      readChild(of: key, in: opener, openedAbove: openedAbove, parentBindings: bindings)
      readingChildKeys.removeLast()
    }
  }

  /// Builds `key`'s child graph under `graph` — its modules checked as building any graph checks
  /// them — and reads it, or records why it cannot be built. `openedAbove` says why `graph` is above
  /// the graph read, when it is.
  private mutating func readChild(
    of key: any ChildGraphOpening, in graph: Graph, openedAbove: String?,
    parentBindings: [ObjectIdentifier: AnyBinding]
  ) {
    let modules = key.modulesForReading(in: graph)
    let child: Graph
    if modules.isEmpty {
      child = Graph(parent: graph, scope: key.childScope)
    } else {
      do {
        child = try graph.child(scope: key.childScope, modules: modules)
      } catch {
        add(
          GraphError.Problem(
            kind: .childGraphNotBuilt, keyName: key.name,
            diagnostic: ResolutionFailure.childGraphNotBuilt(
              key, (openedAbove.map { $0 + "\n" } ?? "") + String(describing: error)
            ).diagnostic))
        return
      }
    }
    if !childGraphs.contains(key.name) { childGraphs.append(key.name) }
    read(child, scopes: nil, entryPoints: [], childGraphKey: key, parentBindings: parentBindings)
  }

  private mutating func add(_ problem: GraphError.Problem) {
    // A child reads its parent's keys again: a problem among them is reported once.
    if reportedProblems.insert(problem.description).inserted { problems.append(problem) }
  }

  private static func checkedKey(
    _ node: GraphCheck.Node, nodes: [GraphCheck.Node], in graph: Graph, childGraphKey: Keys?
  ) -> VerificationReport.CheckedKey {
    let key = node.key
    let lifetime = node.binding?.lifetime ?? key.defaultLifetimeKind
    // A key a graph above builds differently from the graph read is named with that graph.
    func name(of node: GraphCheck.Node) -> String {
      node.isResolvedByCheckedGraph
        ? node.key.name : "\(node.key.name) in \(graph.ancestor(atLevel: node.level).diagnosticDescription)"
    }
    var scope: String?
    if case .scoped(let scoped) = lifetime { scope = scoped.description }
    return VerificationReport.CheckedKey(
      name: name(of: node), type: key.typeName, lifetime: lifetime.description, scope: scope,
      boundBy: node.binding.map { $0.source.description },
      // A key nothing binds has nothing to read: its missing binding is the problem reported.
      dependencies: node.binding == nil
        ? []
        : node.edges.map { edges in
          edges.map {
            VerificationReport.Dependency(
              key: name(of: nodes[$0.target]), isDeferred: $0.kind == .deferred, isOptional: $0.kind == .optional)
          }
        },
      decoratedBy: (node.binding?.decorators ?? []).map(\.description),
      uncheckedDecoratedBy: (node.binding?.uncheckedDecorators ?? []).map(\.description),
      isLiveOnly: node.binding?.isLiveOnlyStandIn ?? false,
      childGraph: childGraphKey?.name)
  }
}

/// The scopes a reading opens below its graph, and the order their keys need.
///
/// A key scoped to `.flow` that needs — directly or through transient keys — a key scoped to
/// `.session` lives in the `.flow` graph, and resolves the `.session` key from there: `.session`
/// must be open at or above `.flow`'s graph.
private struct ScopePlan {
  /// A scoped key's need for a key of another scope, with the path between them.
  private struct Need {
    let holder: Keys
    let inner: Scope
    let outer: Scope
    let path: [Keys]
  }

  private let graph: Graph
  private let nodes: [GraphCheck.Node]
  private let needs: [Need]
  /// Whether the caller chose the scopes to open.
  private let given: Bool
  /// The scopes opened below the graph, outermost first.
  let opened: [Scope]
  /// The child graph key whose child `graph` is, when the reading is of one: it opens its scope under
  /// whichever graph resolves it, so a scope its keys need outside that one must be open there.
  private let childGraphKey: Keys?

  init(_ nodes: [GraphCheck.Node], in graph: Graph, scopes: [Scope]?, childGraphKey: Keys?) {
    self.graph = graph
    self.childGraphKey = childGraphKey
    self.nodes = nodes
    self.needs = Self.needs(nodes)
    self.given = scopes != nil
    var used: [Scope] = []
    for node in nodes {
      guard case .scoped(let scope) = node.lifetime, graph.nearest(opening: scope) == nil else { continue }
      if !used.contains(scope) { used.append(scope) }
    }
    if let scopes {
      var opened: [Scope] = []
      for scope in scopes where graph.nearest(opening: scope) == nil && !opened.contains(scope) {
        opened.append(scope)
      }
      self.opened = opened
    } else {
      self.opened = Self.order(used, by: needs)
    }
  }

  /// `scopes`, each after the scopes its keys need open outside it; in their first use's order where
  /// the needs allow, and where they contradict each other, as they come (the problems say why).
  private static func order(_ scopes: [Scope], by needs: [Need]) -> [Scope] {
    var remaining = scopes
    var ordered: [Scope] = []
    while !remaining.isEmpty {
      let next =
        remaining.firstIndex { scope in
          !needs.contains { $0.inner == scope && $0.outer != scope && remaining.contains($0.outer) }
        } ?? 0
      ordered.append(remaining.remove(at: next))
    }
    return ordered
  }

  /// For each scoped key, the keys of other scopes it needs: while its factory runs, through direct
  /// edges and transient keys on the way, and later, through the providers, lazy values and factories
  /// it keeps, which resolve from its graph too.
  private static func needs(_ nodes: [GraphCheck.Node]) -> [Need] {
    var needs: [Need] = []
    var walk = HeldWalk(nodeCount: nodes.count)
    for holder in nodes.indices {
      guard case .scoped(let inner) = nodes[holder].lifetime else { continue }
      walk.walk(from: holder, in: nodes) { held, _, path in
        guard case .scoped(let outer) = nodes[held].lifetime, outer != inner else { return }
        needs.append(Need(holder: nodes[holder].key, inner: inner, outer: outer, path: path().map { nodes[$0].key }))
      }
    }
    return needs
  }

  /// Where `scope` is open, counted in graphs from the root: an ancestor's level, or below the graph
  /// in the order opened; `nil` when no graph opens it.
  private func depth(of scope: Scope) -> Int? {
    if let home = graph.nearest(opening: scope) { return home.level }
    return opened.firstIndex(of: scope).map { graph.level + 1 + $0 }
  }

  /// Scoped keys whose scope the caller left out, and keys that need a scope not open where their
  /// own scope is.
  func problems() -> [GraphError.Problem] {
    var problems: [GraphError.Problem] = []
    if given {
      for node in nodes {
        guard case .scoped(let scope) = node.lifetime, depth(of: scope) == nil else { continue }
        let key = node.key
        problems.append(
          GraphError.Problem(
            kind: .scopeNotOpen, keyName: key.name,
            diagnostic: Diagnostic(
              summary: "\(key.name) is scoped to \(scope), but no graph from here to the root opens \(scope)",
              details: [key.described, "verify() was told to open \(list(opened))"],
              fix: "add \(scope) to verify(scopes:), or leave scopes: out to open every scope the keys use")))
      }
    }
    for need in needs {
      guard let inner = depth(of: need.inner), let outer = depth(of: need.outer), outer > inner else { continue }
      let held = need.path[need.path.count - 1]
      if let childGraphKey, need.inner == graph.scope {
        problems.append(childScopeProblem(need, held, opened: childGraphKey))
        continue
      }
      problems.append(
        GraphError.Problem(
          kind: .scopeNotOpen, keyName: need.holder.name,
          diagnostic: Diagnostic(
            summary:
              "\(need.holder.name) is scoped to \(need.inner), but needs \(held.name), scoped to \(need.outer), which is not open where \(need.inner) is",
            details: [describePath(need.path), "verify() opened \(list(opened))"],
            fix:
              "open \(need.outer) outside \(need.inner) (graph.child(scope: \(need.outer)).child(scope: \(need.inner))), or resolve \(held.name) from a graph that opens \(need.outer) and pass it to the method that needs it"
          )))
    }
    return problems
  }

  /// A key of a child graph key's child, scoped to the scope the key opens, that needs a scope open
  /// outside it: the key opens its scope under whichever graph resolves it, so the fix is where the key
  /// is resolved.
  private func childScopeProblem(_ need: Need, _ held: Keys, opened key: Keys) -> GraphError.Problem {
    let below = opened.isEmpty ? "" : ", and opened \(list(opened)) below it"
    return GraphError.Problem(
      kind: .scopeNotOpen, keyName: need.holder.name,
      diagnostic: Diagnostic(
        summary:
          "\(need.holder.name) is scoped to \(need.inner), but needs \(held.name), scoped to \(need.outer), which is not open where \(need.inner) is",
        details: [
          describePath(need.path),
          "\(key.name) opens \(need.inner) under whichever graph resolves it; verify() read its child graph under a graph that does not open \(need.outer)\(below)",
        ],
        fix:
          "resolve \(key.name) only from a graph that opens \(need.outer), and verify that graph (graph.child(scope: \(need.outer)).verify()); or resolve \(held.name) from a graph that opens \(need.outer) and pass it to the method that needs it"
      ))
  }

  private func list(_ scopes: [Scope]) -> String {
    scopes.isEmpty ? "no scope" : scopes.map(\.description).joined(separator: ", then ")
  }
}
