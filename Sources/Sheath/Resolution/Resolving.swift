/// What a ``Graph`` and a ``Resolver`` have in common: resolving nonisolated keys, written once.
///
/// ``Graph``, ``Resolver``, ``MainActorResolver`` and ``AsyncResolver`` conform, so every one of them
/// resolves ``Key``, ``AssistedKey``, ``CollectionKey`` and ``MapKey`` the same way. Write a helper
/// against `some Resolving` to use it with any of them:
///
/// ```swift
/// func makeSession(_ r: some Resolving) -> Session {
///   Session(api: r[.userAPI], clock: r.provider(.now))
/// }
/// ```
///
/// Its one requirement is a ``Resolver`` for the graph, which every member resolves through: a type
/// of yours that holds one — a coordinator, a screen's environment — can conform by returning it.
public protocol Resolving: Sendable {
  /// A resolver for the graph this resolves from: for a graph, one that owns it; for a resolver,
  /// itself.
  var resolver: Resolver { get }
}

extension Resolving {
  /// The value for `key`, built or shared as its lifetime says: for a ``Key``, and for a
  /// ``CollectionKey`` or ``MapKey`` every element or entry contributed, in module order.
  ///
  /// ```swift
  /// let api = graph[.userAPI]        // `any UserAPI`
  /// let trackers = graph[.trackers]  // `[any AnalyticsTracker]`
  /// ```
  ///
  /// The key's base class says what it builds (see ``BindableKey``), so that a result of the wrong
  /// type is an error naming both types.
  ///
  /// - Parameters:
  ///   - key: The key to resolve.
  ///   - fileID: The file a stop names when the request itself fails (a missing binding, a scope no
  ///     graph opened, a released graph); the caller's, unless you pass another.
  ///   - line: The line a stop names, likewise.
  @inlinable
  public subscript<LifetimeOption, Decorator, Value>(
    key: BindableKey<@Sendable (Resolver) -> Value, LifetimeOption, Decorator, Value>,
    fileID fileID: StaticString = #fileID, line line: UInt = #line
  ) -> Value {
    let site = CallSite(fileID: fileID, line: line)
    return withGraph(resolving: key, fileID: fileID, line: line) { graph in
      graph.resolveKey(
        key, from: self, at: site, fallback: { key.unretainedFallbackBinding(testing: $0) })
    }
  }

  /// A function that builds `key`'s value from an argument, to call later.
  ///
  /// ```swift
  /// let makeViewModel = flow[.profileViewModel]   // an AssistedFactory
  /// let viewModel = makeViewModel(view)
  /// ```
  ///
  /// - Parameter key: The assisted key.
  @inlinable @_disfavoredOverload
  public subscript<Argument, Value>(key: AssistedKey<Argument, Value>) -> AssistedFactory<Argument, Value> {
    let reference = graphReference.kept(toResolveLater: key)
    return AssistedFactory(resolver: Resolver(reference), key: key)
  }

  /// Builds `key`'s value with `argument`.
  ///
  /// ```swift
  /// let viewModel = flow.make(.profileViewModel, view)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The assisted key.
  ///   - argument: The caller-supplied argument, such as the view of a view model.
  ///   - fileID: The file a stop names when the request itself fails; the caller's unless you pass
  ///     another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: A new value.
  @inlinable
  public func make<Argument, Value>(
    _ key: AssistedKey<Argument, Value>, _ argument: Argument, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Value {
    let site = CallSite(fileID: fileID, line: line)
    return withGraph(resolving: key, fileID: fileID, line: line) {
      $0.build(key, argument, from: self, at: site)
    }
  }

  /// A provider that resolves `key` each time it is called: a new value each call for a transient key.
  ///
  /// Injecting a provider instead of a value breaks a dependency cycle, since nothing is resolved until
  /// the provider is called.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A provider of `key`'s values.
  @inlinable
  public func provider<Value>(_ key: Key<Value>) -> Provider<Value> {
    let reference = graphReference.kept(toResolveLater: key)
    return Provider(resolver: Resolver(reference), key: key)
  }

  /// A value of `key` resolved on first use and kept after that.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A lazy value of `key`.
  public func lazy<Value>(_ key: Key<Value>) -> Lazy<Value> {
    let reference = graphReference.kept(toResolveLater: key)
    return Lazy(resolver: Resolver(reference), key: key)
  }
}

extension Graph {
  /// Builds an assisted key's value with `argument`; `source` is what resolves from this graph.
  @inlinable @inline(__always)
  func build<Argument, Value>(
    _ key: AssistedKey<Argument, Value>, _ argument: Argument, from source: some Resolving, at site: CallSite
  ) -> Value {
    resolveAssisted(key, from: source, at: site, fallback: { key.unretainedFallbackBinding(testing: $0) }) {
      $0.build($1, $2, argument)
    }
  }

  /// Builds a main-actor assisted key's value with `argument`, on the main actor.
  @MainActor
  func build<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>, _ argument: Argument, from source: some Resolving,
    at site: CallSite
  ) -> Value {
    resolveAssisted(key, from: source, at: site, fallback: { key.unretainedFallbackBinding(testing: $0) }) {
      $0.factory(MainActorResolver($2), argument)
    }
  }
}

/// What a ``Graph`` and a ``MainActorResolver`` have in common: resolving main-actor keys on the main
/// actor, written once.
public protocol MainActorResolving: Resolving {}

extension MainActorResolving {
  /// The value for a main-actor `key`, built on the main actor or shared as its lifetime says.
  ///
  /// ```swift
  /// @MainActor func showProfile(in flow: Graph) {
  ///   let viewModel = flow[.profileViewModel]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The main-actor key to resolve.
  ///   - fileID: The file a stop names when the request itself fails; the caller's unless you pass
  ///     another.
  ///   - line: The line a stop names, likewise.
  @MainActor @inlinable
  public subscript<LifetimeOption, Decorator, Value>(
    key: BindableKey<@MainActor @Sendable (MainActorResolver) -> Value, LifetimeOption, Decorator, Value>,
    fileID fileID: StaticString = #fileID, line line: UInt = #line
  ) -> Value {
    let site = CallSite(fileID: fileID, line: line)
    return withGraph(resolving: key, fileID: fileID, line: line) { graph in
      graph.resolve(
        key, from: self, at: site, fallback: { key.unretainedFallbackBinding(testing: $0) }
      ) { $0.factory(MainActorResolver($2)) }
    }
  }

  /// A function that builds a main-actor assisted key's value from an argument, to call later on the
  /// main actor.
  ///
  /// - Parameter key: The main-actor assisted key.
  @MainActor @_disfavoredOverload
  public subscript<Argument, Value>(
    key: MainActorAssistedKey<Argument, Value>
  ) -> MainActorAssistedFactory<Argument, Value> {
    let reference = graphReference.kept(toResolveLater: key)
    return MainActorAssistedFactory(resolver: Resolver(reference), key: key)
  }

  /// Builds a main-actor assisted key's value with `argument`, on the main actor.
  ///
  /// ```swift
  /// let viewModel = flow.make(.profileViewModel, view)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The main-actor assisted key.
  ///   - argument: The caller-supplied argument, such as the view of a view model.
  ///   - fileID: The file a stop names when the request itself fails; the caller's unless you pass
  ///     another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: A new value.
  @MainActor
  public func make<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>, _ argument: Argument, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Value {
    let site = CallSite(fileID: fileID, line: line)
    return withGraph(resolving: key, fileID: fileID, line: line) {
      $0.build(key, argument, from: self, at: site)
    }
  }

  /// A provider that resolves a main-actor `key` each time it is called, on the main actor.
  ///
  /// Injecting a provider instead of a value breaks a dependency cycle, since nothing is resolved until
  /// the provider is called.
  ///
  /// - Parameter key: The main-actor key to resolve later.
  /// - Returns: A provider of `key`'s values.
  @MainActor
  public func provider<Value>(_ key: MainActorKey<Value>) -> MainActorProvider<Value> {
    let reference = graphReference.kept(toResolveLater: key)
    return MainActorProvider(resolver: Resolver(reference), key: key)
  }
}

/// What a ``Graph`` and an ``AsyncResolver`` have in common: resolving async keys, written once.
public protocol AsyncResolving: Resolving {}

extension AsyncResolving {
  /// The value for an async `key`, built or shared as its lifetime says.
  ///
  /// ```swift
  /// let database = try await graph[.database]
  /// ```
  ///
  /// A shared instance is built once however many tasks ask at the same time; see ``AsyncKey`` for
  /// what waiters see when the factory throws or a waiter is cancelled.
  ///
  /// - Parameters:
  ///   - key: The async key to resolve.
  ///   - fileID: The file a stop names when the request itself fails; the caller's unless you pass
  ///     another.
  ///   - line: The line a stop names, likewise.
  /// - Throws: What the key's factory throws, or `CancellationError` when the calling task is cancelled
  ///   while it waits for a shared instance.
  public subscript<LifetimeOption, Decorator, Value: Sendable>(
    key: BindableKey<@Sendable (AsyncResolver) async throws -> Value, LifetimeOption, Decorator, Value>,
    fileID fileID: StaticString = #fileID, line line: UInt = #line
  ) -> Value {
    get async throws {
      let reference = graphReference
      let site = CallSite(fileID: fileID, line: line)
      return try await reference.withGraph(resolving: key, at: site) { graph in
        try await graph.resolveAsync(key, from: reference, at: site)
      }
    }
  }

  /// A provider that resolves an async `key` each time it is called.
  ///
  /// Injecting a provider instead of a value breaks a dependency cycle, since nothing is resolved until
  /// the provider is called.
  ///
  /// - Parameter key: The async key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: AsyncKey<Value>) -> AsyncProvider<Value> {
    let reference = graphReference.kept(toResolveLater: key)
    return AsyncProvider(reference: reference, key: key)
  }
}
