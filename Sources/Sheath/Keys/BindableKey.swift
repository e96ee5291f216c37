/// A key that modules bind to a factory: the common base of ``Key``, ``AssistedKey``,
/// ``MainActorKey``, ``MainActorAssistedKey``, ``AsyncKey``, ``CollectionKey`` and ``MapKey``.
///
/// You never create one directly. It carries, as its generic arguments, every type that goes with
/// the key, so that one method binds, overrides, decorates or resolves every kind of key, and the key
/// alone decides the types the compiler checks:
///
/// ```swift
/// // Key<any UserAPI>
/// b.bind(.userAPI) { _ in FakeUserAPI() }
/// // AssistedKey<any ProfileView, ProfileViewModel>
/// b.bind(.profileViewModel) { r, view in
///   ProfileViewModel(view: view, data: r[.followersData])
/// }
/// // AsyncKey<Database>
/// b.bind(.database) { r in
///   try await Database.open(at: r[.databaseURL])
/// }
/// b.decorate(.userAPI) { r, api in LoggingUserAPI(api, log: r[.log]) }
/// ```
///
/// A mistake is then an error that names both types, such as
/// `cannot convert value of type 'NotAGreeter' to closure result type 'any Greeter'`, or
/// `cannot convert value of type 'Int' to specified type 'String'` for `let name: String = graph[.count]`.
///
/// - `Factory`: the function type of the key's factories, such as `@Sendable (Resolver) -> Value`.
/// - `LifetimeOption`: what a binding may say about lifetimes: ``Lifetime`` for ``Key``,
///   ``AsyncKey`` and the multibinding keys, ``MainActorLifetime`` for ``MainActorKey``, `Never` for
///   assisted keys (always new).
/// - `Decorator`: the function type of the key's decorators, such as
///   `@Sendable (Resolver, Value) -> Value`.
/// - `Value`: what the key's factories build.
public class BindableKey<Factory, LifetimeOption, Decorator, Value>: TypedKey<Value>, @unchecked Sendable {
  // @unchecked: immutable; the stored bindings are Sendable.

  /// The key's own binding, or `nil` for a required key.
  @usableFromInline final let defaultBinding: Binding<Factory>?

  /// What the key provides in a test graph instead of its default, if anything.
  @usableFromInline final let testBinding: Binding<Factory>?

  /// How a fixed value becomes one of the key's factories, and a decorator goes around one: what the
  /// key's kind decides (see ``FactoryShape``).
  final let factoryShape: FactoryShape<Factory, Decorator, Value>

  /// A key whose kind's factories have `factoryShape`, declared at `declaration`, whose default is
  /// `factory` (`nil`: a required key) and whose test behaviour is `test`, both with `lifetime`: what
  /// every kind of key's initializers share.
  ///
  /// `binding`, when given, makes the default binding from its source instead (see
  /// ``DirectKeyBinding``).
  init(
    shape factoryShape: FactoryShape<Factory, Decorator, Value>,
    defaulting factory: Factory?, lifetime: LifetimeKind, test: TestBehavior<Factory>? = nil, name: String?,
    type: KeyType, declaration: CodeLocation,
    derivedFrom derivation: (base: Keys, suffix: String)? = nil,
    binding: ((BindingSource) -> Binding<Factory>)? = nil
  ) {
    self.factoryShape = factoryShape
    let source = BindingSource(modulePath: nil, location: declaration)
    self.defaultBinding = factory.map { binding?(source) ?? Binding(lifetime: lifetime, source: source, factory: $0) }
    self.testBinding = test?.binding(lifetime: lifetime, source: source)
    super.init(
      kind: factoryShape.kind, name: name, type: type, declaration: declaration, hasDefault: factory != nil,
      derivedFrom: derivation)
  }

  /// The lifetime a binding gets when it says `option`, or nothing.
  @usableFromInline
  func lifetimeKind(_ option: LifetimeOption?) -> LifetimeKind {
    defaultLifetimeKind
  }

  override var defaultAnyBinding: AnyBinding? { defaultBinding }

  override func fallbackAnyBinding(testing: Bool) -> AnyBinding? { fallbackBinding(testing: testing) }

  override var defaultLifetimeKind: LifetimeKind { defaultBinding?.lifetime ?? .transient }

  /// Whether the key has no default factory and must be bound by a module.
  public final var isRequired: Bool { defaultBinding == nil }

  /// The binding a graph falls back on when no module binds the key: its test behaviour in a test
  /// graph.
  @inlinable @inline(__always)
  final func fallbackBinding(testing: Bool) -> Binding<Factory>? {
    testing ? testBinding ?? defaultBinding : defaultBinding
  }

  /// ``fallbackBinding(testing:)`` not retained, for the resolution path: the key keeps it alive.
  @inlinable @inline(__always)
  final func unretainedFallbackBinding(testing: Bool) -> Unretained<Binding<Factory>>? {
    if testing, let testBinding { return Unretained(testBinding) }
    guard let defaultBinding else { return nil }
    return Unretained(defaultBinding)
  }
}

/// A value shared across isolation because the API that takes it asked for `Sendable` already.
struct UncheckedSendable<Value>: @unchecked Sendable {
  // @unchecked: it wraps only values the APIs that took them required to be `Sendable`
  // (`bind(_:to:)` and `override(_:to:)` hand them to a key's factory shape), and the empty collection
  // of a `CollectionKey` or `MapKey`, which holds nothing.
  let value: Value
}
