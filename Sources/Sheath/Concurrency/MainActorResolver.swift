/// What a ``MainActorKey``'s factory receives: resolves main-actor keys and every nonisolated key,
/// on the main actor.
///
/// ```swift
/// static let profileViewModel = MainActorKey<ProfileViewModel> { r in
///   ProfileViewModel(
///     data: r[.followersData],                 // a Key: built on the main actor, like any caller's
///     makeRow: r[.followerRowViewModel])        // a MainActorAssistedKey
/// }
/// ```
///
/// It wraps a ``Resolver`` — the same graph and the same resolution path, so cycles through main-actor
/// keys are reported like any other — and adds what only the main actor may do. It is `Sendable`
/// because it is isolated to the main actor: it can be stored anywhere, and used only on the main
/// actor.
@MainActor
public struct MainActorResolver: Sendable {
  let base: Resolver

  init(_ base: Resolver) {
    self.base = base
  }

  /// The nonisolated resolver underneath, for code that takes a ``Resolver``.
  public var resolver: Resolver { base }

  // MARK: Main-actor keys

  /// The value for `key`, built on the main actor or shared as its lifetime says.
  ///
  /// - Parameter key: The main-actor key to resolve.
  public subscript<Value>(key: MainActorKey<Value>) -> Value {
    base.graph.resolveOnMainActor(key, base.context)
  }

  /// A function that builds `key`'s value from an argument, to call later on the main actor.
  ///
  /// - Parameter key: The main-actor assisted key.
  public subscript<Argument, Value>(
    key: MainActorAssistedKey<Argument, Value>
  ) -> MainActorAssistedFactory<Argument, Value> {
    MainActorAssistedFactory(resolver: self, key: key)
  }

  /// Builds `key`'s value with `argument`, on the main actor.
  ///
  /// - Parameters:
  ///   - key: The main-actor assisted key.
  ///   - argument: The caller-supplied argument, such as the view of a view model.
  /// - Returns: A new value.
  public func make<Argument, Value>(_ key: MainActorAssistedKey<Argument, Value>, _ argument: Argument) -> Value {
    base.graph.makeOnMainActor(key, argument, base.context)
  }

  /// A provider that resolves `key` each time it is called, on the main actor.
  ///
  /// Injecting a provider instead of a value breaks a dependency cycle, since nothing is resolved until
  /// the provider is called.
  ///
  /// - Parameter key: The main-actor key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: MainActorKey<Value>) -> MainActorProvider<Value> {
    MainActorProvider(resolver: self, key: key)
  }

  // MARK: Nonisolated keys

  /// The value for `key`, built or shared as its lifetime says.
  ///
  /// - Parameter key: The key to resolve.
  public subscript<Value>(key: Key<Value>) -> Value {
    base[key]
  }

  /// A function that builds `key`'s value from an argument, to call later.
  ///
  /// - Parameter key: The assisted key.
  public subscript<Argument, Value>(key: AssistedKey<Argument, Value>) -> AssistedFactory<Argument, Value> {
    base[key]
  }

  /// Every element contributed to `key`, in module order.
  ///
  /// - Parameter key: The collection key.
  public subscript<Element>(key: CollectionKey<Element>) -> [Element] {
    base[key]
  }

  /// Every entry contributed to `key`.
  ///
  /// - Parameter key: The map key.
  public subscript<EntryKey, Value>(key: MapKey<EntryKey, Value>) -> [EntryKey: Value] {
    base[key]
  }

  /// Builds `key`'s value with `argument`.
  ///
  /// - Parameters:
  ///   - key: The assisted key.
  ///   - argument: The caller-supplied argument.
  /// - Returns: A new value.
  public func make<Argument, Value>(_ key: AssistedKey<Argument, Value>, _ argument: Argument) -> Value {
    base.make(key, argument)
  }

  /// A provider that resolves `key` each time it is called.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A provider of `key`'s values.
  public func provider<Value>(_ key: Key<Value>) -> Provider<Value> {
    base.provider(key)
  }

  /// A value of `key` resolved on first use and kept after that.
  ///
  /// - Parameter key: The key to resolve later.
  /// - Returns: A lazy value of `key`.
  public func lazy<Value>(_ key: Key<Value>) -> Lazy<Value> {
    base.lazy(key)
  }
}

/// Resolves a ``MainActorKey`` each time it is called, on the main actor: a new value for a transient
/// key, the shared one otherwise.
///
/// The main-actor counterpart of ``Provider``, and the way to break a cycle between main-actor keys:
/// nothing is resolved until the provider is called.
///
/// ```swift
/// static let router = MainActorKey<Router>(.singleton) { r in Router(makeHome: r.provider(.homeViewModel)) }
/// ```
@MainActor
public struct MainActorProvider<Value>: Sendable {
  let resolver: MainActorResolver
  let key: MainActorKey<Value>

  /// Resolves the key.
  ///
  /// - Returns: The key's value, built or shared as its lifetime says.
  public func callAsFunction() -> Value {
    resolver[key]
  }
}
