/// How a resolver, provider, lazy value or assisted factory refers to its graph: owning it, or
/// through the graph's anchor, which does not keep the graph alive — when a shared instance's factory
/// made it, or when the graph lent it to a transient factory.
///
/// The rule users hold is ProviderAndLazy's "What a provider keeps alive": a graph owns its shared
/// instances; whatever resolves from it later owns it, unless it was made from the resolver a shared
/// instance's factory received; a factory's resolver is for the call, and kept, never resolves from
/// another graph. Each case below is
/// there for a reason measured or tested:
/// - `owning` is the rule;
/// - `anchored` and `kept` keep a graph from owning itself through its instances, which leaked (issue
///   11: OwnershipTests opens 10,000 flows whose data controllers hold providers and finds each
///   released); `kept`, what a shared instance keeps to resolve later, may resolve from a live graph
///   above once its own is gone, where the factory's resolver (`anchored`), kept, stops as every kept
///   resolver does (ReleasedGraphFallbackTests, `keptResolverOfSharedInstance`);
/// - `lent` saves a retain and a release of the graph per request: an owning resolver per request
///   measured leaf 511 → 564 (+10.4%), resolve one key 95 → 146 (+54%), graph 1,464 → 1,515
///   (`Benchmarks/scripts/instructions.sh`; Benchmarks/README, "A runtime in proportion").
@usableFromInline
struct GraphReference: Sendable {
  @usableFromInline
  enum Storage: @unchecked Sendable {
    // @unchecked: a graph is `Sendable`, and so is an anchor in fact (see ``GraphAnchor``), but as a
    // `ManagedBuffer` it cannot say so itself.
    /// Keeps the graph alive: what you get from a graph, and what a provider, lazy value or assisted
    /// factory made from a lent resolver keeps.
    case owning(Graph)
    /// Does not: the resolver a shared instance's factory gets, and a transient factory it runs — or
    /// that what it kept runs (``forFactories(of:)``).
    case anchored(GraphAnchor)
    /// Does not either: what a shared instance's factory made from its resolver to resolve later — a
    /// provider, a lazy value, an assisted or child-graph factory. Once the graph is gone, it resolves
    /// from the nearest live graph above when that gives exactly what the graph would have.
    case kept(GraphAnchor)
    /// Does not either: the resolver a graph lends the transient factories of a request made on it
    /// (``Graph/lentResolver``). What keeps it — a provider, a lazy value — owns the graph instead.
    case lent(GraphAnchor)
  }

  @usableFromInline let storage: Storage

  /// `storage`'s object as an address, read without touching the object — binding the payload of
  /// `storage` would retain it: the graph's with the low bit set when owning, else the anchor's.
  @usableFromInline let address: UInt

  @inlinable
  init(_ storage: Storage) {
    self.storage = storage
    switch storage {
    case .owning(let graph):
      address = Unretained(graph).bits | 1
    case .anchored(let anchor), .lent(let anchor), .kept(let anchor):
      address = Unretained(anchor).bits
    }
  }

  /// The graph, retained; `key`, about to be resolved, names the stop when the graph is gone. Not
  /// inlined: resolvers come here only when ``unretainedGraph`` cannot vouch for the graph (a resolver
  /// kept, or handed to another thread), and a resolution inlines what it calls.
  @usableFromInline @inline(never)
  func graph(resolving key: Keys, at site: CallSite? = nil) -> Graph {
    switch storage {
    case .owning(let graph): graph
    case .anchored(let anchor): anchor.graph(resolving: key, at: site, as: .sharedInstanceResolver)
    case .lent(let anchor): anchor.graph(resolving: key, at: site, as: .lentResolver)
    case .kept(let anchor): anchor.graph(resolving: key, at: site, as: .keptBySharedInstance)
    }
  }

  /// The graph, unretained, when something keeps it alive: this reference owns it, or a request made
  /// on it runs on this thread (the thread's `lentAnchor` is this reference's anchor). `nil`
  /// otherwise.
  @inlinable @inline(__always)
  var unretainedGraph: Unretained<Graph>? {
    // A factory's resolver is lent, or a shared instance's: that case first. An owning reference's
    // address has its low bit set, so it never equals an anchor's (objects are aligned).
    if let lent = ResolutionStack.lentGraph(anchoredAt: address) { return lent }
    guard address & 1 != 0 else { return nil }
    return Unretained(bits: address &- 1)
  }

  /// This reference, for what keeps it to resolve `key` later — a provider, a lazy value, an assisted
  /// or child-graph factory: one that owns the graph when the graph was lent (`key` names the stop
  /// when the graph is gone).
  @inlinable
  func kept(toResolveLater key: Keys) -> GraphReference {
    switch storage {
    case .lent(let anchor):
      return GraphReference(.owning(anchor.graph(resolving: key, at: nil, as: .lentResolver)))
    case .anchored(let anchor):
      // A shared instance's resolver, kept and used once its graph is gone, stops: what it makes then
      // would otherwise resolve from another graph.
      _ = anchor.graph(resolving: key, at: nil, as: .sharedInstanceResolver)
      // Made while the graph lives: once it is gone, it may resolve from a live graph above.
      anchor.keepForFallback()
      return GraphReference(.kept(anchor))
    case .owning, .kept: return self
    }
  }

  /// What a factory run through this reference in `graph` refers to: for what a shared instance kept
  /// to resolve later (`kept`), resolving from its own graph, the reference the instance's factory got
  /// (`anchored`), so that a factory that keeps its resolver never resolves from another graph;
  /// otherwise this one (a `kept` one already resolving from the graph above stays as it is). Not
  /// inlined: only what a shared instance kept comes here.
  @usableFromInline @inline(never)
  func forFactories(of graph: Graph) -> GraphReference {
    guard case .kept(let anchor) = storage, anchor.graph === graph else { return self }
    return GraphReference(.anchored(anchor))
  }

  /// Whether the graph resolves `key` to something — a module's binding, or the key's own default —
  /// as a dependency declared `.optional` asks.
  func binds(_ key: Keys) -> Bool {
    withGraph(resolving: key) { graph in graph.resolvesToSomething(key) }
  }

  /// Runs `body` with the graph; `key`, about to be resolved, names the stop when the graph is gone.
  @inlinable @inline(__always)
  func withGraph<Result>(resolving key: Keys, at site: CallSite? = nil, _ body: (Graph) -> Result) -> Result {
    body(graph(resolving: key, at: site))
  }

  /// Runs `body` with the graph; `key`, about to be resolved, names the stop when the graph is gone.
  @inlinable
  func withGraph<Result>(
    resolving key: Keys, at site: CallSite? = nil, _ body: (Graph) async throws -> Result
  ) async throws -> Result {
    switch storage {
    case .owning(let graph):
      return try await body(graph)
    case .anchored, .lent, .kept:
      let graph = graph(resolving: key, at: site)
      defer { withExtendedLifetime(graph) {} }
      return try await body(graph)
    }
  }
}

/// What refers to a graph that was released, for what it may do then and for its message.
@usableFromInline
enum ReleasedGraphUse: Sendable {
  /// The resolver the graph lent a transient factory of a request, kept.
  case lentResolver
  /// The resolver a shared instance's factory received, kept.
  case sharedInstanceResolver
  /// A provider, lazy value or factory a shared instance's factory made to resolve later.
  case keptBySharedInstance
}

extension GraphAnchor {
  /// The graph — or, once it was released, the nearest live graph above it when `key` resolves there
  /// exactly as it would have in the released graph and `use` is what a shared instance kept — else a
  /// stop naming `key`, what asked (`use`) and why.
  @inlinable @inline(__always)
  func graph(resolving key: Keys, at site: CallSite?, as use: ReleasedGraphUse) -> Graph {
    guard let graph else { return graphReleased(resolving: key, at: site, as: use) }
    return graph
  }

  @usableFromInline
  func graphReleased(resolving key: Keys, at site: CallSite?, as use: ReleasedGraphUse) -> Graph {
    // A kept resolver never resolves from another graph; what a shared instance kept may.
    guard use == .keptBySharedInstance else {
      ResolutionStack.stop(.graphReleased(key, graphDescription: graphDescription, use: use, reason: nil), at: site)
    }
    switch liveAncestor(resolving: key) {
    case .success(let graph): return graph
    case .failure(let reason):
      ResolutionStack.stop(
        .graphReleased(key, graphDescription: graphDescription, use: use, reason: reason.text), at: site)
    }
  }

  /// How `key`'s binding in a released graph differs from the live graph's: contributions or
  /// decorators its modules added, named where they were registered, or another binding.
  private static func difference(
    of key: Keys, released: (table: BindingTable, binding: AnyBinding?),
    live: (table: BindingTable, binding: AnyBinding?)
  ) -> String {
    let contributed = released.table.contributions[key.slot] ?? []
    let contributedAbove = live.table.contributions[key.slot]?.count ?? 0
    if contributed.count > contributedAbove {
      let sources = contributed.dropFirst(contributedAbove).map { "\($0.source)" }
      return
        "has contributions in the released graph that the graph above has not, by \(sources.joined(separator: ", "))"
    }
    if let there = released.binding, let here = live.binding, there.source == here.source,
      there.decorators.count > here.decorators.count
    {
      let sources = there.decorators.dropFirst(here.decorators.count).map { "\($0)" }
      return "is decorated in the released graph, by \(sources.joined(separator: ", "))"
    }
    return "is bound differently in the released graph, by \(released.binding.map(\.source.description) ?? "nothing")"
  }

  /// Why a key cannot be resolved from a live graph above a released one.
  struct CannotResolveAbove: Error {
    let text: String
  }

  /// The nearest live graph above this released one, when everything `key` needs — every key it
  /// declares it needs, all the way down — has the binding it had in the released graph there, and
  /// none of it is scoped to a scope a released graph opened: then resolving it there gives what the
  /// released graph would have given.
  func liveAncestor(resolving key: Keys) -> Result<Graph, CannotResolveAbove> {
    guard !graphIsRoot else { return .failure(CannotResolveAbove(text: "it was the root graph")) }
    guard let fallback else {
      return .failure(
        CannotResolveAbove(
          text: "only a provider, lazy value or factory that a shared instance made keeps what that needs"))
    }
    var releasedScopes: [Scope] = graphScope.map { [$0] } ?? []
    for anchor in fallback.ancestors {
      if let graph = anchor.graph {
        if let reason = Self.needsReleasedGraph(key, fallback.table, releasedScopes, from: graph) {
          return .failure(CannotResolveAbove(text: reason))
        }
        return .success(graph)
      }
      if let scope = anchor.graphScope { releasedScopes.append(scope) }
    }
    return .failure(CannotResolveAbove(text: "no graph above it is alive either"))
  }

  /// Why `key` needs the released graph whose bindings `released` holds, when resolved from `graph`
  /// instead; `nil` when it does not.
  private static func needsReleasedGraph(
    _ key: Keys, _ released: BindingTable, _ releasedScopes: [Scope], from graph: Graph
  ) -> String? {
    var pending = [key]
    var seen: Set<ObjectIdentifier> = []
    while let next = pending.popLast() {
      guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
      // A child graph opened from the released graph would have had its bindings and its scopes.
      if next is any ChildGraphOpening, !releasedScopes.isEmpty || released !== graph.table {
        return
          "\(next.name) opens a child graph, which would have had the released graph's bindings and scopes, not those of the live graph above"
      }
      let fallback = next.fallbackAnyBinding(testing: graph.usesTestValues)
      let there = released.binding(at: next.slot) ?? fallback
      let here = graph.table.binding(at: next.slot) ?? fallback
      // Nothing binds it in either: resolving it stops with its missing binding, as it would have.
      guard let binding = here ?? there else { continue }
      guard here === there else {
        return "\(next.name) " + difference(of: next, released: (released, there), live: (graph.table, here))
      }
      if case .scoped(let scope) = binding.lifetime, releasedScopes.contains(scope) {
        return "\(next.name) is scoped to \(scope), which a released graph opened"
      }
      guard let dependencies = binding.dependencies else {
        return "\(next.name)'s factory resolves through a resolver, so what it needs is unknown"
      }
      pending += dependencies.keys.keys
    }
    return nil
  }
}
