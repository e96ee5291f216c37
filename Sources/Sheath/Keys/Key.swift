/// A typed identity for one thing a graph can provide, with its default (live) factory and lifetime.
///
/// The factory travels with the key, so resolving a key can never miss, and the compiler checks that
/// the factory returns the key's type. Modules replace the default where they need to — a fake API for
/// `--mock`, a stub in a test.
///
/// ```swift
/// extension Keys {
///   static let validator: Key<any LoginValidating> = Key { _ in
///     LoginValidator()
///   }
///   static let userAPI: Key<any UserAPI> = Key(.singleton) { r in
///     LiveUserAPI(http: r[.httpClient], baseURL: r[.apiBaseURL])
///   }
///   // No sensible default: a module must bind it, or building the graph
///   // fails.
///   static let apiBaseURL: Key<URL> = .required(.singleton)
/// }
/// ```
///
/// Declare keys as `static let` in an extension of ``Keys``: a key is an identity, created once.
public class Key<Value>:
  BindableKey<@Sendable (Resolver) -> Value, Lifetime<Value>, @Sendable (Resolver, Value) -> Value, Value>,
  @unchecked Sendable
{
  // @unchecked: immutable; the stored bindings are Sendable.

  /// The lifetime used when a module binds the key without naming one, and by the default factory.
  public final let defaultLifetime: Lifetime<Value>

  /// Creates a key with a default factory.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives; ``Lifetime/transient`` unless you say otherwise.
  ///   - test: What the key provides in test graphs instead of `factory`; see ``TestBehavior``.
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - factory: Builds the value, resolving its dependencies from the ``Resolver``.
  public init(
    _ lifetime: Lifetime<Value> = .transient,
    test: TestBehavior<@Sendable (Resolver) -> Value>? = nil,
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    self.defaultLifetime = lifetime
    super.init(
      defaulting: factory, lifetime: lifetime.kind, test: test, name: name, typeName: describeType(Value.self),
      fileID: fileID, filePath: filePath, line: line
    ) { DirectKeyBinding(lifetime: lifetime.kind, source: $0, call: factory) }
  }

  /// A key whose default factory declared its dependencies: what every declared initializer
  /// (`Key(.singleton, .httpClient) { http in … }`) and every key made from another
  /// (``Key/provider``) share.
  init(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, name: String?,
    fileID: String, filePath: String, line: Int, derivedFrom derivation: (base: Keys, suffix: String)? = nil,
    dependencies: DeclaredDependencies, _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    self.defaultLifetime = lifetime
    super.init(
      defaulting: factory, lifetime: lifetime.kind, test: test, name: name, typeName: describeType(Value.self),
      fileID: fileID, filePath: filePath, line: line, derivedFrom: derivation
    ) { DirectKeyBinding(lifetime: lifetime.kind, source: $0, dependencies: dependencies, call: factory) }
  }

  /// A key whose default factory declared `dependencies` and resolves them in `thunk` (see
  /// ``SlotThunk``): what every declared initializer shares.
  @usableFromInline
  convenience init(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, name: String?,
    fileID: StaticString, filePath: StaticString, line: UInt, dependencies: DeclaredDependencies,
    declared thunk: @escaping SlotThunk<Value>
  ) {
    let site = CallSite(fileID: fileID, line: line)
    self.init(
      lifetime, test: test, name: name, fileID: fileID, filePath: filePath, line: line, dependencies: dependencies,
      call: { r in r.runDeclared(dependencies, at: site, thunk) }, declared: thunk)
  }

  /// A key whose default factory declared `dependencies`, as `thunk` (see ``SlotThunk``) and as `call`,
  /// the same factory for a resolver.
  @usableFromInline
  init(
    _ lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, name: String?,
    fileID: StaticString, filePath: StaticString, line: UInt, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver) -> Value, declared thunk: @escaping SlotThunk<Value>
  ) {
    self.defaultLifetime = lifetime
    super.init(
      defaulting: call, lifetime: lifetime.kind, test: test, name: name, typeName: describeType(Value.self),
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line)
    ) { DeclaredKeyBinding(lifetime: lifetime.kind, source: $0, dependencies: dependencies, call: call, thunk: thunk) }
  }

  private init(
    required lifetime: Lifetime<Value>, test: TestBehavior<@Sendable (Resolver) -> Value>?, name: String?,
    fileID: String, filePath: String,
    line: Int
  ) {
    self.defaultLifetime = lifetime
    super.init(
      defaulting: nil, lifetime: lifetime.kind, test: test, name: name, typeName: describeType(Value.self),
      fileID: fileID, filePath: filePath, line: line)
  }

  /// Creates a key without a default: every graph that resolves it must have a module that binds it.
  ///
  /// Use it for values only the app can supply — a base URL, a configuration. A module that needs the
  /// key can say so with ``Bindings/require(_:fileID:line:)``, and building a graph without a binding
  /// for it then fails, naming the key and the module.
  ///
  /// ```swift
  /// static let apiBaseURL: Key<URL> = .required(.singleton)
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime used when a module binds the key without naming one.
  ///   - test: What the key provides in a test graph when no module binds it — a test value, or
  ///     ``TestBehavior/liveOnly(standIn:)`` so that a test that forgets to override it fails; see
  ///     ``TestBehavior``.
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  /// - Returns: A key that modules must bind.
  public static func required(
    _ lifetime: Lifetime<Value> = .transient,
    test: TestBehavior<@Sendable (Resolver) -> Value>? = nil,
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line
  ) -> Key {
    Key(required: lifetime, test: test, name: name, fileID: fileID, filePath: filePath, line: line)
  }

  override var defaultLifetimeKind: LifetimeKind { defaultLifetime.kind }

  @usableFromInline
  override func lifetimeKind(_ option: Lifetime<Value>?) -> LifetimeKind { (option ?? defaultLifetime).kind }

  override func factory(returning value: Value) -> @Sendable (Resolver) -> Value {
    let value = UncheckedSendable(value: value)
    return { _ in value.value }
  }

  override func decorated(
    _ factory: @escaping @Sendable (Resolver) -> Value, with decorator: @escaping @Sendable (Resolver, Value) -> Value
  ) -> @Sendable (Resolver) -> Value {
    { r in decorator(r, factory(r)) }
  }
}
