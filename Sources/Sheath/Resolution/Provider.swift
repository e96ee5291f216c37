/// Resolves a key each time it is called: a new value for a transient key, the shared one otherwise.
///
/// Inject a provider where an object needs fresh values over its life, or to break a dependency
/// cycle — nothing is resolved until the provider is called:
///
/// ```swift
/// static var session: Key<Session> {
///   Key(.singleton) { r in
///     Session(makeRequest: r.provider(.request))
///   }
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
///
/// A unit test hands a type a provider made from a closure, with no graph, which calls the closure
/// each time it is called:
///
/// ```swift
/// let printer = ReceiptPrinter(makeJob: Provider { PrintJob() })
/// ```
public struct Provider<Value>: Sendable {
  /// What a provider resolves from: a graph's key, or a closure.
  @usableFromInline enum Source: Sendable {
    case graph(Resolver, Key<Value>)
    case closure(@Sendable () -> Value)
  }

  @usableFromInline let source: Source

  @inlinable
  init(resolver: Resolver, key: Key<Value>) {
    self.source = .graph(resolver, key)
  }

  /// Creates a provider that calls `make` each time it is called, with no graph: a stand-in for a
  /// graph's provider in a unit test.
  ///
  /// ```swift
  /// let printer = ReceiptPrinter(makeJob: Provider { PrintJob() })
  /// ```
  ///
  /// - Parameter make: Returns a value; called on each call of the provider.
  public init(_ make: @escaping @Sendable () -> Value) {
    self.source = .closure(make)
  }

  /// Resolves the key, or calls the closure the provider was made from.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The key's value, built or shared as its lifetime says; or what the closure returns.
  @inlinable
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) -> Value {
    switch source {
    case .graph(let resolver, let key): resolver[key, fileID: fileID, line: line]
    case .closure(let make): make()
    }
  }
}

/// Resolves a ``MainActorKey`` each time it is called, on the main actor: a new value for a transient
/// key, the shared one otherwise.
///
/// The main-actor counterpart of ``Provider``, and the way to break a cycle between main-actor keys:
/// nothing is resolved until the provider is called.
///
/// ```swift
/// static var router: MainActorKey<Router> {
///   MainActorKey(.singleton) { r in
///     Router(makeHome: r.provider(.homeViewModel))
///   }
/// }
/// ```
///
/// A unit test makes one from a closure, which runs on the main actor each time the provider is
/// called: `MainActorProvider { FakeNavigator() }`.
@MainActor
public struct MainActorProvider<Value>: Sendable {
  /// What a provider resolves from: a graph's key, or a closure.
  enum Source: Sendable {
    case graph(Resolver, MainActorKey<Value>)
    case closure(@MainActor @Sendable () -> Value)
  }

  let source: Source

  nonisolated init(resolver: Resolver, key: MainActorKey<Value>) {
    self.source = .graph(resolver, key)
  }

  /// Creates a provider that calls `make` on the main actor each time it is called, with no graph: a
  /// stand-in for a graph's provider in a unit test.
  ///
  /// ```swift
  /// let router = Router(makeHome: MainActorProvider { HomeViewModel() })
  /// ```
  ///
  /// - Parameter make: Returns a value; called on each call of the provider.
  public nonisolated init(_ make: @escaping @MainActor @Sendable () -> Value) {
    self.source = .closure(make)
  }

  /// Resolves the key, or calls the closure the provider was made from.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The key's value, built or shared as its lifetime says; or what the closure returns.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) -> Value {
    switch source {
    case .graph(let resolver, let key): MainActorResolver(resolver)[key, fileID: fileID, line: line]
    case .closure(let make): make()
    }
  }
}

/// Resolves an ``AsyncKey`` each time it is called: a new value for a transient key, the shared one
/// otherwise.
///
/// The async counterpart of ``Provider``, and the way to break a cycle between async keys: nothing is
/// resolved until the provider is called.
///
/// ```swift
/// static var sync: AsyncKey<SyncEngine> {
///   AsyncKey(.singleton) { r in
///     SyncEngine(database: r.provider(.database))
///   }
/// }
///
/// let database = try await engine.database()
/// ```
///
/// A unit test makes one from a closure, awaited each time the provider is called:
/// `AsyncProvider { try await FakeDatabase.open() }`. Each call builds anew; to stand in for a shared
/// instance, make it first and return it: `let store = InMemoryBookStore()`, `AsyncProvider { store }`.
public struct AsyncProvider<Value: Sendable>: Sendable {
  /// What a provider resolves from: a graph's key, or a closure.
  enum Source: Sendable {
    case graph(GraphReference, AsyncKey<Value>)
    case closure(@Sendable () async throws -> Value)
  }

  let source: Source

  init(reference: GraphReference, key: AsyncKey<Value>) {
    self.source = .graph(reference, key)
  }

  /// Creates a provider that awaits `make` each time it is called, with no graph: a stand-in for a
  /// graph's provider in a unit test.
  ///
  /// ```swift
  /// let engine = SyncEngine(database: AsyncProvider { FakeDatabase() })
  /// ```
  ///
  /// - Parameter make: Returns a value, or throws; called on each call of the provider.
  public init(_ make: @escaping @Sendable () async throws -> Value) {
    self.source = .closure(make)
  }

  /// Resolves the key, or calls the closure the provider was made from.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The key's value, built or shared as its lifetime says; or what the closure returns.
  /// - Throws: What the key's factory throws, or `CancellationError` when the calling task is cancelled
  ///   while it waits for a shared instance; or what the closure throws.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async throws -> Value {
    switch source {
    case .graph(let reference, let key): try await AsyncResolver(reference)[key, fileID: fileID, line: line]
    case .closure(let make): try await make()
    }
  }
}
