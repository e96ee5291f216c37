/// What an ``AsyncKey``'s factory receives: resolves async keys with `try await`, and every
/// synchronous key without.
///
/// ```swift
/// static let feed = AsyncKey<Feed> { r in
///   Feed(database: try await r[.database], api: r[.userAPI])
/// }
/// ```
///
/// Besides the graph it carries the async keys being built on the way here, which is how a build
/// that ends up waiting for itself is reported as a cycle instead of waiting forever. It has no way
/// to resolve a ``MainActorKey``: an async factory does not run on the main actor.
public struct AsyncResolver: Sendable {
  let graph: Graph
  let trail: AsyncTrail?

  /// A resolver for the synchronous keys an async factory needs.
  ///
  /// NB: synchronous factories cannot resolve async keys, so a cycle among synchronous keys is closed
  /// among themselves; they start a resolution path of their own.
  public var resolver: Resolver { Resolver(graph: graph, context: .root) }

  // MARK: Async keys

  /// The value for `key`, built or shared as its lifetime says.
  ///
  /// - Parameter key: The async key to resolve.
  /// - Throws: What the key's factory throws, or `CancellationError` when the calling task is cancelled
  ///   while it waits for a shared instance.
  public subscript<Value>(key: AsyncKey<Value>) -> Value {
    get async throws { try await graph.resolveAsync(key, trail) }
  }

  /// A provider that resolves `key` each time it is called.
  ///
  /// Injecting a provider instead of a value breaks a dependency cycle, since nothing is resolved until
  /// the provider is called.
  ///
  /// - Parameter key: The async key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: AsyncKey<Value>) -> AsyncProvider<Value> {
    AsyncProvider(resolver: self, key: key)
  }

  // MARK: Synchronous keys

  /// The value for `key`, built or shared as its lifetime says.
  ///
  /// - Parameter key: The key to resolve.
  public subscript<Value>(key: Key<Value>) -> Value {
    resolver[key]
  }

  /// A function that builds `key`'s value from an argument, to call later.
  ///
  /// - Parameter key: The assisted key.
  public subscript<Argument, Value>(key: AssistedKey<Argument, Value>) -> AssistedFactory<Argument, Value> {
    resolver[key]
  }

  /// Every element contributed to `key`, in module order.
  ///
  /// - Parameter key: The collection key.
  public subscript<Element>(key: CollectionKey<Element>) -> [Element] {
    resolver[key]
  }

  /// Every entry contributed to `key`.
  ///
  /// - Parameter key: The map key.
  public subscript<EntryKey, Value>(key: MapKey<EntryKey, Value>) -> [EntryKey: Value] {
    resolver[key]
  }

  /// Builds `key`'s value with `argument`.
  ///
  /// - Parameters:
  ///   - key: The assisted key.
  ///   - argument: The caller-supplied argument.
  /// - Returns: A new value.
  public func make<Argument, Value>(_ key: AssistedKey<Argument, Value>, _ argument: Argument) -> Value {
    resolver.make(key, argument)
  }

  /// A provider that resolves `key` each time it is called.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: Key<Value>) -> Provider<Value> {
    resolver.provider(key)
  }

  /// A value of `key` resolved on first use and kept after that.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A lazy value of `key`.
  public func lazy<Value>(_ key: Key<Value>) -> Lazy<Value> {
    resolver.lazy(key)
  }
}

extension Graph {
  /// The value for an async `key`, built or shared as its lifetime says.
  ///
  /// ```swift
  /// let database = try await graph[.database]
  /// ```
  ///
  /// A shared instance is built once however many tasks ask at the same time; see ``AsyncKey`` for
  /// what waiters see when the factory throws or a waiter is cancelled.
  ///
  /// - Parameter key: The async key to resolve.
  /// - Throws: What the key's factory throws, or `CancellationError` when the calling task is cancelled
  ///   while it waits for a shared instance.
  public subscript<Value>(key: AsyncKey<Value>) -> Value {
    get async throws { try await resolveAsync(key, nil) }
  }

  /// A provider that resolves an async `key` from this graph each time it is called.
  ///
  /// - Parameter key: The async key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: AsyncKey<Value>) -> AsyncProvider<Value> {
    AsyncProvider(resolver: AsyncResolver(graph: self, trail: nil), key: key)
  }
}
