/// What a factory receives: resolves the factory's dependencies from the graph that is building it.
///
/// ```swift
/// static var followersData: Key<any FollowersDataControlling> {
///   Key(.scoped(.flow)) { r in
///     FollowersDataController(api: r[.userAPI], clock: r.provider(.now))
///   }
/// }
/// ```
///
/// Its members — subscripts for every nonisolated key, `make`, `provider`, `lazy` — are those of
/// ``Resolving``, shared with ``Graph``. A resolver is for the factory's call: to resolve later, keep a
/// ``Provider``, a ``Lazy`` or an ``AssistedFactory`` instead, which say what they will resolve. A
/// factory's resolver does not keep the graph alive: the graph lends it, so that passing it costs
/// nothing. Kept anyway, it resolves while the graph lives — on any thread — and stops with a message
/// naming the key and the graph once the graph is released. (A factory run by a provider's, a lazy
/// value's or an assisted factory's call receives that caller's resolver instead, which keeps the
/// graph alive as the caller did.) What a transient value's factory makes from it keeps the graph
/// alive; what a shared instance's factory makes does not (see ``Graph``).
public struct Resolver: Resolving {
  /// The graph this resolver resolves from.
  @usableFromInline let graphReference: GraphReference

  @inlinable
  init(_ reference: GraphReference) {
    self.graphReference = reference
  }

  /// This resolver: ``Resolving``'s requirement.
  @inlinable public var resolver: Resolver { self }

  /// Runs `body` with the graph; `key`, about to be resolved, and the caller's `fileID` and `line`
  /// name the stop when the graph was released. A graph this resolver owns, or one whose request lent
  /// it and runs on this thread, is alive: it is borrowed, and resolving retains nothing.
  @inlinable @inline(__always)
  func withGraph<Result>(
    resolving key: Keys, fileID: StaticString, line: UInt, _ body: (Graph) -> Result
  ) -> Result {
    if let graph = graphReference.unretainedGraph { return graph.with(body) }
    return body(graphReference.graph(resolving: key, at: CallSite(fileID: fileID, line: line)))
  }
}

extension Graph: MainActorResolving, AsyncResolving {
  /// A resolver that owns this graph: ``Resolving``'s requirement, and what code that takes a
  /// ``Resolver`` can be given.
  @inlinable public var resolver: Resolver { Resolver(GraphReference(.owning(self))) }
}

/// What a ``MainActorKey``'s factory receives: resolves main-actor keys and every nonisolated key,
/// on the main actor.
///
/// ```swift
/// static var profileViewModel: MainActorKey<ProfileViewModel> {
///   MainActorKey { r in
///     ProfileViewModel(
///       // a Key: built on the main actor, like any caller's
///       data: r[.followersData],
///       // a MainActorAssistedKey
///       makeRow: r[.followerRowViewModel])
///   }
/// }
/// ```
///
/// Its members are those of ``MainActorResolving`` and ``Resolving``, shared with ``Graph``. It is
/// `Sendable` because it is isolated to the main actor: it can be stored anywhere, and used only on
/// the main actor. Like a ``Resolver``, it is for the factory's call: kept, it does not keep the graph
/// alive; keep a ``MainActorProvider`` to resolve later.
@MainActor
public struct MainActorResolver: MainActorResolving {
  /// The graph this resolver resolves from.
  @usableFromInline nonisolated let graphReference: GraphReference

  @usableFromInline
  nonisolated init(_ base: Resolver) {
    self.graphReference = base.graphReference
  }

  /// The nonisolated resolver underneath: ``Resolving``'s requirement, and what code that takes a
  /// ``Resolver`` can be given.
  @inlinable public nonisolated var resolver: Resolver { Resolver(graphReference) }
}

/// What an ``AsyncKey``'s factory receives: resolves async keys with `try await`, and every
/// synchronous key without.
///
/// ```swift
/// static var feed: AsyncKey<Feed> {
///   AsyncKey { r in
///     Feed(database: try await r[.database], api: r[.userAPI])
///   }
/// }
/// ```
///
/// Its members are those of ``AsyncResolving`` and ``Resolving``, shared with ``Graph``. It has no
/// way to resolve a ``MainActorKey``: an async factory does not run on the main actor.
public struct AsyncResolver: AsyncResolving {
  /// The graph this resolver resolves from.
  @usableFromInline let graphReference: GraphReference

  init(_ reference: GraphReference) {
    self.graphReference = reference
  }

  /// A resolver for the same graph, for the synchronous keys an async factory needs: ``Resolving``'s
  /// requirement, and what code that takes a ``Resolver`` can be given.
  @inlinable public var resolver: Resolver { Resolver(graphReference) }
}
