/// A key that modules bind to a factory: the common base of ``Key``, ``AssistedKey``,
/// ``MainActorKey``, ``MainActorAssistedKey`` and ``AsyncKey``.
///
/// You never create one directly; it is what ``Bindings/bind(_:_:fileID:line:_:)`` and
/// ``Bindings/override(_:_:fileID:line:_:)`` take, so that one method binds every kind of key and
/// the key decides the factory's type:
///
/// ```swift
/// b.bind(.userAPI) { _ in FakeUserAPI() }                    // Key<any UserAPI>
/// b.bind(.profileViewModel) { r, view in ProfileViewModel(view: view, data: r[.followersData]) }
/// b.bind(.database) { r in try await Database.open(at: r[.databaseURL]) }   // AsyncKey
/// ```
///
/// A factory of the wrong type is then an error that names both types:
/// `cannot convert value of type 'NotAGreeter' to closure result type 'any Greeter'`.
///
/// - `Factory`: the function type of the key's factories, such as `@Sendable (Resolver) -> Value`.
/// - `LifetimeOption`: what a binding may say about lifetimes: ``Lifetime`` for ``Key`` and
///   ``AsyncKey``, ``MainActorLifetime`` for ``MainActorKey``, `Never` for assisted keys (always new).
public class BindableKey<Factory, LifetimeOption>: Keys, @unchecked Sendable {
  // @unchecked: immutable; the stored bindings are Sendable.

  /// The key's own binding, or `nil` for a required key.
  @usableFromInline final let defaultBinding: Binding<Factory>?

  /// What the key provides in a test graph instead of its default, if anything.
  @usableFromInline final let testBinding: Binding<Factory>?

  init(
    defaultBinding: Binding<Factory>?, testBinding: Binding<Factory>? = nil, name: String?, typeName: String,
    declaration: CodeLocation, filePath: String
  ) {
    self.defaultBinding = defaultBinding
    self.testBinding = testBinding
    super.init(
      name: name, typeName: typeName, declaration: declaration, filePath: filePath,
      hasDefault: defaultBinding != nil)
  }

  /// The lifetime a binding gets when it says `option`, or nothing.
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
}
