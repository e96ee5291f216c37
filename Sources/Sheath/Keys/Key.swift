/// A typed identity for one thing a graph can provide, with its default (live) factory and lifetime.
///
/// The factory travels with the key, so resolving a key can never miss, and the compiler checks that
/// the factory returns the key's type. Modules replace the default where they need to — a fake API for
/// `--mock`, a stub in a test.
///
/// ```swift
/// extension Keys {
///   static var validator: Key<any LoginValidating> {
///     Key { LoginValidator() }
///   }
///   static var userAPI: Key<any UserAPI> {
///     Key(.singleton, .httpClient, .apiBaseURL) { http, url in
///       LiveUserAPI(http: http, baseURL: url)
///     }
///   }
///   // No sensible default: a module must bind it, or building the graph
///   // fails.
///   static var apiBaseURL: Key<URL> { .required(.singleton) }
/// }
/// ```
///
/// Declare keys as computed static properties in an extension of ``Keys``: a key is its declaration,
/// made once, and named by its property (see ``Keys``).
public class Key<Value>:
  BindableKey<@Sendable (Resolver) -> Value, Lifetime<Value>, @Sendable (Resolver, Value) -> Value, Value>,
  @unchecked Sendable
{
  // @unchecked: immutable; the stored bindings are Sendable.

  /// The lifetime used when a module binds the key without naming one, and by the default factory.
  public final let defaultLifetime: Lifetime<Value>

  /// Creates a key whose default factory resolves what it needs through a ``Resolver``: the escape
  /// hatch for a factory that declares no dependencies (see <doc:DeclaringDependencies>), whose edges
  /// the graph cannot check.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives; ``Lifetime/transient`` unless you say otherwise.
  ///   - test: What the key provides in test graphs instead of `factory`; see ``TestBehavior``.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  ///   - factory: Builds the value, resolving its dependencies from the ``Resolver``.
  @inlinable @inline(__always)
  public convenience init(
    _ lifetime: Lifetime<Value> = .transient,
    test: TestBehavior<@Sendable (Resolver) -> Value>? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, Key.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: Key.made(
          lifetime, test: test, at: KeySite(name, fileID, line, column, function), factory))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, at site: consuming KeySite,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) -> Keys {
    site.key(of: Key.self) { Key(lifetime, test: test, name: $0, declaration: $1, dependencies: nil, factory) }
  }

  /// A key with a default factory: what every initializer that makes one (`Key(.singleton,
  /// .httpClient) { http in … }`, `Key(.singleton) { r in … }`) and every key made from another
  /// (``Key/provider``) share. `dependencies` is `nil` for a factory that resolves through a resolver.
  init(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, name: String?,
    declaration: CodeLocation, derivedFrom derivation: (base: Keys, suffix: String)? = nil,
    dependencies: DeclaredDependencies?, _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    self.defaultLifetime = lifetime
    super.init(
      shape: .synchronous, defaulting: factory, lifetime: lifetime.kind, test: test, name: name,
      type: .value(Value.self), declaration: declaration, derivedFrom: derivation
    ) { DirectKeyBinding(lifetime: lifetime.kind, source: $0, dependencies: dependencies, call: factory) }
  }

  /// The key a declared initializer declares (`Key(.singleton, .httpClient) { http in … }`): found, or
  /// made and recorded the first time it runs where it is written. `thunk` resolves the dependencies by
  /// slot (see ``SlotThunk``).
  @usableFromInline
  static func made(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, at site: consuming KeySite,
    dependencies: DeclaredDependencies, declared thunk: @escaping SlotThunk<Value>
  ) -> Keys {
    let callSite = CallSite(fileID: site.fileID, line: site.line)
    return made(
      lifetime, test: test, at: site, dependencies: dependencies,
      call: { r in r.runDeclared(dependencies, at: callSite, thunk) }, declared: thunk)
  }

  /// The key a declared initializer declares, with `call`, the same factory as `thunk` for a resolver:
  /// for a factory that needs nothing from the graph.
  ///
  /// NB: `call` is not optional. An optional closure is passed in its most general form, and a key's
  /// factory kept from one is called through two reabstraction thunks on every resolution.
  @usableFromInline
  static func made(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, at site: consuming KeySite,
    dependencies: DeclaredDependencies, call: @escaping @Sendable (Resolver) -> Value,
    declared thunk: @escaping SlotThunk<Value>
  ) -> Keys {
    site.key(of: Key.self) {
      Key(lifetime, test: test, name: $0, declaration: $1, dependencies: dependencies, call: call, declared: thunk)
    }
  }

  /// A key whose default factory declared `dependencies`, as `thunk` (see ``SlotThunk``) and as `call`,
  /// the same factory for a resolver.
  init(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, name: String?,
    declaration: CodeLocation, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver) -> Value, declared thunk: @escaping SlotThunk<Value>
  ) {
    self.defaultLifetime = lifetime
    super.init(
      shape: .synchronous, defaulting: call, lifetime: lifetime.kind, test: test, name: name,
      type: .value(Value.self), declaration: declaration
    ) { DeclaredKeyBinding(lifetime: lifetime.kind, source: $0, dependencies: dependencies, call: call, thunk: thunk) }
  }

  /// A key without a default.
  init(
    required lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, name: String?,
    declaration: CodeLocation
  ) {
    self.defaultLifetime = lifetime
    super.init(
      shape: .synchronous, defaulting: nil, lifetime: lifetime.kind, test: test, name: name,
      type: .value(Value.self), declaration: declaration)
  }

  /// Creates a key without a default: every graph that resolves it must have a module that binds it.
  ///
  /// Use it for values only the app can supply — a base URL, a configuration. A module that needs the
  /// key can say so with ``Bindings/require(_:fileID:line:)``, and building a graph without a binding
  /// for it then fails, naming the key and the module.
  ///
  /// ```swift
  /// static var apiBaseURL: Key<URL> { .required(.singleton) }
  /// ```
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
    test: TestBehavior<@Sendable (Resolver) -> Value>? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) -> Key {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, Key.self) {
      return Key(existing: key)
    }
    return Key(existing: Key.made(required: lifetime, test: test, at: KeySite(name, fileID, line, column, function)))
  }

  /// The key the function above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    required lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, at site: consuming KeySite
  ) -> Keys {
    site.key(of: Key.self) { Key(required: lifetime, test: test, name: $0, declaration: $1) }
  }

  override var defaultLifetimeKind: LifetimeKind { defaultLifetime.kind }

  @usableFromInline
  override func lifetimeKind(_ option: Lifetime<Value>?) -> LifetimeKind { (option ?? defaultLifetime).kind }
}
