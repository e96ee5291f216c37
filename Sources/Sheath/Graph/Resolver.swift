/// What a factory receives: resolves the factory's dependencies from the graph that is building it.
///
/// ```swift
/// static let followersData = Key<any FollowersDataControlling>(.scoped(.flow)) { r in
///   FollowersDataController(api: r[.userAPI], clock: r.provider(.now))
/// }
/// ```
///
/// A resolver is a small value: it carries the graph and how deep the resolution is nested, which is
/// how Sheath reports a dependency cycle with its path instead of overflowing the stack. It may be
/// kept (an object can hold one to resolve later), but prefer ``Provider`` or ``Lazy`` for that: they
/// say what they will resolve.
public struct Resolver: Sendable {
  let graph: Graph
  let context: ResolutionContext

  /// The value for `key`, built or shared as its lifetime says.
  ///
  /// - Parameter key: The key to resolve.
  public subscript<Value>(key: Key<Value>) -> Value {
    graph.resolve(key, default: graph.defaultBinding(of: key), context)
  }

  /// A function that builds `key`'s value from an argument, to call later.
  ///
  /// - Parameter key: The assisted key.
  public subscript<Argument, Value>(key: AssistedKey<Argument, Value>) -> AssistedFactory<Argument, Value> {
    AssistedFactory(resolver: self, key: key)
  }

  /// Every element contributed to `key`, in module order.
  ///
  /// - Parameter key: The collection key.
  public subscript<Element>(key: CollectionKey<Element>) -> [Element] {
    graph.resolve(key, default: key.emptyBinding, context)
  }

  /// Every entry contributed to `key`.
  ///
  /// - Parameter key: The map key.
  public subscript<EntryKey, Value>(key: MapKey<EntryKey, Value>) -> [EntryKey: Value] {
    graph.resolve(key, default: key.emptyBinding, context)
  }

  /// Builds `key`'s value with `argument`.
  ///
  /// - Parameters:
  ///   - key: The assisted key.
  ///   - argument: The caller-supplied argument, such as the view of a view model.
  /// - Returns: A new value.
  public func make<Argument, Value>(_ key: AssistedKey<Argument, Value>, _ argument: Argument) -> Value {
    graph.make(key, argument, context)
  }

  /// A provider that resolves `key` each time it is called: a new value each call for a transient key.
  ///
  /// Injecting a provider instead of a value breaks a dependency cycle, since nothing is resolved until
  /// the provider is called.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: Key<Value>) -> Provider<Value> {
    Provider(resolver: self, key: key)
  }

  /// A value of `key` resolved on first use and kept after that.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A lazy value of `key`.
  public func lazy<Value>(_ key: Key<Value>) -> Lazy<Value> {
    Lazy(provider(key))
  }
}

extension Graph {
  /// A resolver for this graph, for code that takes one.
  public var resolver: Resolver { Resolver(graph: self, context: .root) }

  /// The value for `key`, built or shared as its lifetime says.
  ///
  /// ```swift
  /// let api = graph[.userAPI]   // `any UserAPI`
  /// ```
  ///
  /// - Parameter key: The key to resolve.
  public subscript<Value>(key: Key<Value>) -> Value {
    resolve(key, default: defaultBinding(of: key), .root)
  }

  /// A function that builds `key`'s value from an argument, to call later.
  ///
  /// - Parameter key: The assisted key.
  public subscript<Argument, Value>(key: AssistedKey<Argument, Value>) -> AssistedFactory<Argument, Value> {
    AssistedFactory(resolver: resolver, key: key)
  }

  /// Every element contributed to `key`, in module order.
  ///
  /// - Parameter key: The collection key.
  public subscript<Element>(key: CollectionKey<Element>) -> [Element] {
    resolve(key, default: key.emptyBinding, .root)
  }

  /// Every entry contributed to `key`.
  ///
  /// - Parameter key: The map key.
  public subscript<EntryKey, Value>(key: MapKey<EntryKey, Value>) -> [EntryKey: Value] {
    resolve(key, default: key.emptyBinding, .root)
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
  /// - Returns: A new value.
  public func make<Argument, Value>(_ key: AssistedKey<Argument, Value>, _ argument: Argument) -> Value {
    make(key, argument, .root)
  }

  /// A provider that resolves `key` from this graph each time it is called.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: Key<Value>) -> Provider<Value> {
    resolver.provider(key)
  }

  /// A value of `key` resolved from this graph on first use and kept after that.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A lazy value of `key`.
  public func lazy<Value>(_ key: Key<Value>) -> Lazy<Value> {
    resolver.lazy(key)
  }
}
