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
/// Only Sheath's types conform; the requirements are implementation details.
public protocol Resolving: Sendable {
  /// The graph this resolves from. An implementation detail: use the subscripts and methods.
  var _graphReference: _GraphReference { get }

  /// Runs `body` with the graph and this reference to it; `key`, about to be resolved, names the stop
  /// when the graph was released. An implementation detail: use the subscripts and methods.
  func _withGraph<Result>(resolving key: Keys, at site: _CallSite, _ body: (Graph, _GraphReference) -> Result) -> Result
}

extension Resolving {
  /// Runs `body` with the graph and this reference to it.
  @inlinable @inline(__always)
  public func _withGraph<Result>(
    resolving key: Keys, at site: _CallSite, _ body: (Graph, _GraphReference) -> Result
  ) -> Result {
    _graphReference.resolve(key, at: site, body)
  }
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
    return _withGraph(resolving: key, at: site) { graph, reference in
      graph.resolve(
        key, from: reference, at: site, fallback: key.unretainedFallbackBinding(testing: graph.usesTestValues)
      ) { $0($1) }
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
  @inlinable
  public subscript<Argument, Value>(key: AssistedKey<Argument, Value>) -> AssistedFactory<Argument, Value> {
    _graphReference.deferring(key)
    return AssistedFactory(reference: _graphReference, key: key)
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
    return _withGraph(resolving: key, at: site) { $0.build(key, argument, from: $1, at: site) }
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
    _graphReference.deferring(key)
    return Provider(reference: _graphReference, key: key)
  }

  /// A value of `key` resolved on first use and kept after that.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A lazy value of `key`.
  public func lazy<Value>(_ key: Key<Value>) -> Lazy<Value> {
    _graphReference.deferring(key)
    return Lazy(reference: _graphReference, key: key)
  }
}

extension _GraphReference {
  /// Runs `body` with the graph and this reference, which is what the values it builds get.
  @inlinable @inline(__always)
  func resolve<Result>(_ key: Keys, at site: CallSite?, _ body: (Graph, _GraphReference) -> Result) -> Result {
    // A switch borrows the owned graph; `graph(resolving:)` would copy it.
    switch storage {
    case .owning(let graph): body(graph, self)
    case .anchored(let anchor): body(anchor.graph(resolving: key, at: site), self)
    }
  }

  /// Builds an assisted key's value with `argument`.
  @inlinable
  func make<Argument, Value>(_ key: AssistedKey<Argument, Value>, _ argument: Argument, at site: CallSite) -> Value {
    resolve(key, at: site) { $0.build(key, argument, from: $1, at: site) }
  }
}

extension Graph {
  /// Builds an assisted key's value with `argument`; `reference` is how the caller refers to this
  /// graph.
  @inlinable @inline(__always)
  func build<Argument, Value>(
    _ key: AssistedKey<Argument, Value>, _ argument: Argument, from reference: _GraphReference, at site: CallSite
  ) -> Value {
    resolve(key, from: reference, at: site, fallback: key.unretainedFallbackBinding(testing: usesTestValues)) {
      $0($1, argument)
    }
  }

  /// Builds a main-actor assisted key's value with `argument`, on the main actor.
  @MainActor
  func build<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>, _ argument: Argument, from reference: _GraphReference,
    at site: CallSite
  ) -> Value {
    resolve(key, from: reference, at: site, fallback: key.unretainedFallbackBinding(testing: usesTestValues)) {
      $0(MainActorResolver($1), argument)
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
    return _withGraph(resolving: key, at: site) { graph, reference in
      graph.resolve(
        key, from: reference, at: site, fallback: key.unretainedFallbackBinding(testing: graph.usesTestValues)
      ) { $0(MainActorResolver($1)) }
    }
  }

  /// A function that builds a main-actor assisted key's value from an argument, to call later on the
  /// main actor.
  ///
  /// - Parameter key: The main-actor assisted key.
  @MainActor
  public subscript<Argument, Value>(
    key: MainActorAssistedKey<Argument, Value>
  ) -> MainActorAssistedFactory<Argument, Value> {
    _graphReference.deferring(key)
    return MainActorAssistedFactory(reference: _graphReference, key: key)
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
    return _withGraph(resolving: key, at: site) { $0.build(key, argument, from: $1, at: site) }
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
    _graphReference.deferring(key)
    return MainActorProvider(reference: _graphReference, key: key)
  }
}

extension _GraphReference {
  /// Builds a main-actor assisted key's value with `argument`.
  @MainActor
  func make<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>, _ argument: Argument, at site: CallSite
  ) -> Value {
    resolve(key, at: site) { $0.build(key, argument, from: $1, at: site) }
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
      let reference = _graphReference
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
    _graphReference.deferring(key)
    return AsyncProvider(reference: _graphReference, key: key)
  }
}
