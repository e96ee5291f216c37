/// A key for a value whose factory is asynchronous and may fail: open a database, load a remote
/// configuration, warm up a model.
///
/// Resolve it with `try await`, from a graph or from another async factory:
///
/// ```swift
/// extension Keys {
///   static var database: AsyncKey<Database> {
///     // .databaseURL is a Key
///     AsyncKey(.singleton, .databaseURL) { url in
///       try await Database.open(at: url)
///     }
///   }
///   static var feed: AsyncKey<Feed> {
///     // .database is awaited before the factory runs
///     AsyncKey(.transient, .database, .userAPI) { database, api in
///       Feed(database: database, api: api)
///     }
///   }
/// }
///
/// let feed = try await graph[.feed]
/// ```
///
/// The spelling is the subscript, as for every other key: `try await graph[.database]` reads as what
/// it is — the same lookup, which may suspend and may throw. An async factory's declared dependencies
/// are ``TypedKey``s: a ``Key``'s value or an async key's, awaited. A synchronous factory cannot
/// await: it declares ``Key``s, and its ``Resolver`` has no way to resolve an async key, so a
/// synchronous key can never depend on an asynchronous one by accident: the compiler says so.
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
/// Async keys whose declared dependencies need each other are a "dependency cycle" that
/// `Graph(modules:)` reports with its path, before any factory runs. Through resolvers
/// (`{ r in … }`), which the graph cannot read, async factories waiting for each other would wait
/// forever, so the graph tracks which builds wait for which: a key that waits for its own build — in
/// one task or across several — stops the program with the same message, instead of hanging. Break
/// such a cycle with an ``AsyncProvider`` — declare `.key.provider`, or call `r.provider(.key)` — and
/// call it after the factory returns.
public final class AsyncKey<Value: Sendable>:
  BindableKey<
    @Sendable (AsyncResolver) async throws -> Value, Lifetime<Value>,
    @Sendable (AsyncResolver, Value) async throws -> Value, Value
  >, @unchecked Sendable
{
  // @unchecked: immutable; the stored binding is Sendable.

  /// The lifetime used when a module binds the key without naming one, and by the default factory.
  public let defaultLifetime: Lifetime<Value>

  /// Creates an async key with its default factory.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives; ``Lifetime/transient`` unless you say otherwise.
  ///   - test: What the key provides in test graphs instead of `factory`; see ``TestBehavior``.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  ///   - factory: Builds the value, resolving its dependencies from the ``AsyncResolver``; may suspend
  ///     and may throw.
  @inlinable @inline(__always)
  public convenience init(
    _ lifetime: Lifetime<Value> = .transient,
    test: TestBehavior<@Sendable (AsyncResolver) async throws -> Value>? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function,
    _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, AsyncKey.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: AsyncKey.made(
          lifetime, test: test, at: KeySite(name, fileID, line, column, function), factory))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (AsyncResolver) async throws -> Value>?,
    at site: consuming KeySite,
    dependencies: DeclaredDependencies? = nil,
    _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) -> Keys {
    site.key(of: AsyncKey.self) {
      AsyncKey(lifetime, test: test, name: $0, declaration: $1, dependencies: dependencies, factory)
    }
  }

  /// An async key whose default factory declared its dependencies.
  init(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (AsyncResolver) async throws -> Value>?,
    name: String?, declaration: CodeLocation, derivedFrom derivation: (base: Keys, suffix: String)? = nil,
    dependencies: DeclaredDependencies?, _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    self.defaultLifetime = lifetime
    super.init(
      shape: .asynchronous, defaulting: factory, lifetime: lifetime.kind, test: test, name: name,
      type: .value(Value.self), declaration: declaration, derivedFrom: derivation
    ) { Binding(lifetime: lifetime.kind, source: $0, dependencies: dependencies, factory: factory) }
  }

  private init(
    required lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (AsyncResolver) async throws -> Value>?,
    name: String?, declaration: CodeLocation
  ) {
    self.defaultLifetime = lifetime
    super.init(
      shape: .asynchronous, defaulting: nil, lifetime: lifetime.kind, test: test, name: name,
      type: .value(Value.self), declaration: declaration)
  }

  /// Creates an async key without a default: a module must bind it, as for ``Key/required(_:test:name:fileID:line:column:function:)``.
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime used when a module binds the key without naming one.
  ///   - test: What the key provides in a test graph when no module binds it — a test value, or
  ///     ``TestBehavior/liveOnly(standIn:)-(Factory)`` so that a test that forgets to override it
  ///     fails; see ``TestBehavior``.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  /// - Returns: A key that modules must bind.
  @inlinable @inline(__always)
  public static func required(
    _ lifetime: Lifetime<Value> = .transient,
    test: TestBehavior<@Sendable (AsyncResolver) async throws -> Value>? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) -> AsyncKey {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, AsyncKey.self) {
      return AsyncKey(existing: key)
    }
    return AsyncKey(
      existing: AsyncKey.made(required: lifetime, test: test, at: KeySite(name, fileID, line, column, function)))
  }

  /// The key the function above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    required lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (AsyncResolver) async throws -> Value>?,
    at site: consuming KeySite
  ) -> Keys {
    site.key(of: AsyncKey.self) { AsyncKey(required: lifetime, test: test, name: $0, declaration: $1) }
  }

  override var defaultLifetimeKind: LifetimeKind { defaultLifetime.kind }

  override package func value(forAsyncFactory r: AsyncResolver, fileID: StaticString, line: UInt) async throws -> Value
  {
    try await r[self, fileID: fileID, line: line]
  }

  override func lifetimeKind(_ option: Lifetime<Value>?) -> LifetimeKind { (option ?? defaultLifetime).kind }
}
