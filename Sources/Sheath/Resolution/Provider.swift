/// Resolves a key each time it is called: a new value for a transient key, the shared one otherwise.
///
/// Inject a provider where an object needs fresh values over its life, or to break a dependency
/// cycle — nothing is resolved until the provider is called:
///
/// ```swift
/// static let session: Key<Session> = Key(.singleton) { r in
///   Session(makeRequest: r.provider(.request))
/// }
///
/// let request = session.makeRequest()   // a new Request each call
/// ```
///
/// A provider made by a shared instance's factory does not keep the graph alive, so a flow's data
/// controller may hold providers of its own flow and still be released with it; calling one after the
/// graph is gone stops with a message. A provider made anywhere else keeps its graph alive. Each call
/// is a resolution of its own: a provider called after its factory returned starts afresh, with no
/// trace of the resolution that made it.
public struct Provider<Value>: Sendable {
  @usableFromInline let resolver: Resolver
  @usableFromInline let key: Key<Value>

  @inlinable
  init(resolver: Resolver, key: Key<Value>) {
    self.resolver = resolver
    self.key = key
  }

  /// Resolves the key.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The key's value, built or shared as its lifetime says.
  @inlinable
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) -> Value {
    resolver[key, fileID: fileID, line: line]
  }
}

/// Resolves a ``MainActorKey`` each time it is called, on the main actor: a new value for a transient
/// key, the shared one otherwise.
///
/// The main-actor counterpart of ``Provider``, and the way to break a cycle between main-actor keys:
/// nothing is resolved until the provider is called.
///
/// ```swift
/// static let router: MainActorKey<Router> = MainActorKey(.singleton) { r in
///   Router(makeHome: r.provider(.homeViewModel))
/// }
/// ```
@MainActor
public struct MainActorProvider<Value>: Sendable {
  let resolver: Resolver
  let key: MainActorKey<Value>

  nonisolated init(resolver: Resolver, key: MainActorKey<Value>) {
    self.resolver = resolver
    self.key = key
  }

  /// Resolves the key.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The key's value, built or shared as its lifetime says.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) -> Value {
    MainActorResolver(resolver)[key, fileID: fileID, line: line]
  }
}

/// Resolves an ``AsyncKey`` each time it is called: a new value for a transient key, the shared one
/// otherwise.
///
/// The async counterpart of ``Provider``, and the way to break a cycle between async keys: nothing is
/// resolved until the provider is called.
///
/// ```swift
/// static let sync: AsyncKey<SyncEngine> = AsyncKey(.singleton) { r in
///   SyncEngine(database: r.provider(.database))
/// }
///
/// let database = try await engine.database()
/// ```
public struct AsyncProvider<Value: Sendable>: Sendable {
  let reference: _GraphReference
  let key: AsyncKey<Value>

  /// Resolves the key.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The key's value, built or shared as its lifetime says.
  /// - Throws: What the key's factory throws, or `CancellationError` when the calling task is cancelled
  ///   while it waits for a shared instance.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async throws -> Value {
    try await AsyncResolver(reference)[key, fileID: fileID, line: line]
  }
}
