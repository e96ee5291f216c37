/// How a resolver, provider, lazy value or assisted factory refers to its graph: owning it, or — when
/// a shared instance's factory made it — through the graph's anchor, which does not keep the graph
/// alive. An implementation detail of ``Resolving``; you never make one.
public struct _GraphReference: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    /// Keeps the graph alive: what you get from a graph, and what transient objects' factories get.
    case owning(Graph)
    /// Does not: what a shared instance's factory gets, and everything made from it.
    case anchored(GraphAnchor)
  }

  @usableFromInline let storage: Storage

  @inlinable
  init(_ storage: Storage) {
    self.storage = storage
  }

  /// The graph; `key`, about to be resolved, names the stop when the graph is gone.
  @inlinable @inline(__always)
  func graph(resolving key: Keys, at site: CallSite? = nil) -> Graph {
    switch storage {
    case .owning(let graph): graph
    case .anchored(let anchor): anchor.graph(resolving: key, at: site)
    }
  }

  /// The graph, unretained, when this reference owns it (and so keeps it alive); `nil` when anchored.
  /// Binding `.owning`'s payload where the graph is used would retain the graph for as long.
  @inlinable @inline(__always)
  var unretainedOwnedGraph: Unmanaged<Graph>? {
    switch storage {
    case .owning(let graph): .passUnretained(graph)
    case .anchored: nil
    }
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
    case .anchored(let anchor):
      let graph = anchor.graph(resolving: key, at: site)
      defer { withExtendedLifetime(graph) {} }
      return try await body(graph)
    }
  }
}

extension GraphAnchor {
  /// The graph, or a stop naming `key` and the graph when the graph was released.
  @inlinable @inline(__always)
  func graph(resolving key: Keys, at site: CallSite?) -> Graph {
    guard let graph else { graphReleased(resolving: key, at: site) }
    return graph
  }

  @usableFromInline
  func graphReleased(resolving key: Keys, at site: CallSite?) -> Never {
    ResolutionStack.stop(.graphReleased(key, graphDescription: graphDescription), at: site)
  }
}

extension _GraphReference {
  /// Tells a verification in progress that something will resolve `key` later — a provider, a lazy
  /// value, an assisted factory — so that it draws the dependency and builds the key on its own.
  @inlinable @inline(__always)
  func deferring(_ key: Keys) {
    if case .owning(let graph) = storage, !graph.isVerifying { return }
    deferringSlowly(key)
  }

  @usableFromInline
  func deferringSlowly(_ key: Keys) {
    let graph: Graph? =
      switch storage {
      case .owning(let graph): graph
      case .anchored(let anchor): anchor.graph
      }
    guard let graph, graph.isVerifying, let recorder = ResolutionStack.recorder else { return }
    recorder.deferred(key, in: graph)
  }
}
