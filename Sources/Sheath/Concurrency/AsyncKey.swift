/// A key for a value whose factory is asynchronous and may fail: open a database, load a remote
/// configuration, warm up a model.
///
/// Resolve it with `try await`, from a graph or from another async factory:
///
/// ```swift
/// extension Keys {
///   static let database = AsyncKey<Database>(.singleton) { r in
///     try await Database.open(at: r[.databaseURL])          // a Key: resolved without `await`
///   }
///   static let feed = AsyncKey<Feed> { r in
///     Feed(database: try await r[.database], api: r[.userAPI])
///   }
/// }
///
/// let feed = try await graph[.feed]
/// ```
///
/// The spelling is the subscript, as for every other key: `try await graph[.database]` reads as what
/// it is — the same lookup, which may suspend and may throw. A synchronous factory cannot await, and
/// its ``Resolver`` has no way to resolve an async key, so a synchronous key can never depend on an
/// asynchronous one by accident: the compiler says so.
///
/// ## Lifetimes and single flight
///
/// An async key takes the same ``Lifetime`` as a ``Key``; shared lifetimes need a `Sendable` value.
///
/// - ``Lifetime/transient`` runs the factory in the caller's task for every resolution, so the
///   caller's cancellation reaches the factory.
/// - ``Lifetime/singleton``, ``Lifetime/scoped(_:)`` and ``Lifetime/weak`` share one instance. However
///   many tasks ask at the same moment, the factory runs **once**, in a task of its own, and every
///   waiter gets the same instance. (That task lets go of a `.weak` instance a moment after handing it
///   over, so the instance is freed then if no one else holds it.)
/// - If that factory throws, every waiter gets the error and **nothing is cached**: the next
///   resolution runs the factory again. Retrying is the caller's decision.
/// - A waiter whose task is cancelled stops waiting at once and throws `CancellationError`. The build
///   is not cancelled: the other waiters still get the instance, and a singleton is still kept for
///   the next resolution. (One waiter cannot tell whether the others still need the value, so it does
///   not get to cancel it for them.)
///
/// Once a singleton or scoped instance is built, resolving it again reads it without taking a lock.
/// Building never holds a lock while a factory runs, and there is no global lock: builds are
/// coordinated per family of graphs (a root and its children).
///
/// ## Cycles
///
/// Async factories waiting for each other would wait forever, so the graph tracks which builds wait
/// for which. A key that, through its dependencies, waits for its own build — in one task or across
/// several — stops the program with a "dependency cycle" message naming the path, instead of hanging.
/// Break such a cycle by injecting an ``AsyncProvider`` (`r.provider(.key)`) and calling it after the
/// factory returns.
public final class AsyncKey<Value: Sendable>: Keys, @unchecked Sendable {
  // @unchecked: immutable; the stored binding is Sendable.

  /// The lifetime used when a module binds the key without naming one, and by the default factory.
  public let defaultLifetime: Lifetime<Value>

  let defaultBinding: AsyncBinding<Value>

  override var defaultAnyBinding: AnyBinding? { defaultBinding }

  override var defaultLifetimeKind: LifetimeKind { defaultLifetime.kind }

  /// Creates an async key with its default factory.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives; ``Lifetime/transient`` unless you say otherwise.
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - factory: Builds the value, resolving its dependencies from the ``AsyncResolver``; may suspend
  ///     and may throw.
  public init(
    _ lifetime: Lifetime<Value> = .transient,
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    let declaration = CodeLocation(fileID: fileID, line: line)
    self.defaultLifetime = lifetime
    self.defaultBinding = AsyncBinding(
      lifetime: lifetime.kind, source: BindingSource(modulePath: nil, location: declaration), factory: factory)
    super.init(name: name, typeName: describeType(Value.self), declaration: declaration, filePath: filePath)
  }
}

/// Resolves an ``AsyncKey`` each time it is called: a new value for a transient key, the shared one
/// otherwise.
///
/// The async counterpart of ``Provider``, and the way to break a cycle between async keys: nothing is
/// resolved until the provider is called.
///
/// ```swift
/// static let sync = AsyncKey<SyncEngine>(.singleton) { r in SyncEngine(database: r.provider(.database)) }
///
/// let database = try await engine.database()
/// ```
public struct AsyncProvider<Value: Sendable>: Sendable {
  let resolver: AsyncResolver
  let key: AsyncKey<Value>

  /// Resolves the key.
  ///
  /// - Returns: The key's value, built or shared as its lifetime says.
  /// - Throws: What the key's factory throws, or `CancellationError` when the calling task is cancelled
  ///   while it waits for a shared instance.
  public func callAsFunction() async throws -> Value {
    try await resolver[key]
  }
}

/// A binding of an ``AsyncKey``.
final class AsyncBinding<Value: Sendable>: AnyBinding, @unchecked Sendable {
  // @unchecked: immutable; the factory is a Sendable closure.
  let factory: @Sendable (AsyncResolver) async throws -> Value

  init(
    lifetime: LifetimeKind, source: BindingSource,
    factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    self.factory = factory
    super.init(lifetime: lifetime, source: source)
  }

  // NB: `verify()` builds bindings synchronously on probe threads; an async factory would have to be
  // waited for there, and may fail for reasons that are not wiring (a database that is not reachable).
  override func verificationSkipReason(_ key: Keys) -> String? {
    "skipped \(key.name) (async): verify() builds synchronous keys only; resolve it in a test with try await graph[\(key.callSiteName)]"
  }
}
