/// A key for a value that lives on the main actor — a view model, a presenter that talks to a view —
/// built by a `@MainActor` factory and resolved only from the main actor.
///
/// UI objects are main-actor types, and are rarely `Sendable`. A ``Key`` cannot provide them: its
/// factory runs on whatever thread resolves it, and its shared lifetimes need `Sendable` values. A
/// `MainActorKey`'s factory is `@MainActor`, and the graph resolves it only from the main actor, so
/// the compiler — not a runtime check — keeps every use on the main actor:
///
/// ```swift
/// @MainActor final class ProfileViewModel {
///   init(
///     data: any FollowersDataControlling, presenter: FollowerPresenter
///   ) { … }
/// }
///
/// extension Keys {
///   static var profileViewModel: MainActorKey<ProfileViewModel> {
///     // a nonisolated data controller and a main-actor presenter
///     MainActorKey(.scoped(.flow), .followersData, .presenter) {
///       data, presenter in
///       ProfileViewModel(data: data, presenter: presenter)
///     }
///   }
/// }
///
/// @MainActor func showProfile(in flow: Graph) {
///   // no `await`, no `assumeIsolated`, no cast
///   let viewModel = flow[.profileViewModel]
/// }
///
/// func somewhereElse(graph: Graph) {
///   _ = graph[.profileViewModel]
///   // error: main actor-isolated subscript 'subscript(_:fileID:line:)'
///   // can not be referenced from a nonisolated context
/// }
/// ```
///
/// ## What the factory can resolve
///
/// A factory that declares its dependencies takes the values of main-actor keys and nonisolated
/// ``Key``s alike (its dependencies are ``TypedKey``s), and the graph checks every edge when it is
/// built. A factory that takes a resolver instead receives a ``MainActorResolver``: it resolves other
/// main-actor keys and every nonisolated key (``Key``, ``AssistedKey``, ``CollectionKey``, ``MapKey``).
/// The other direction is closed: a ``Key``'s factory declares ``Key``s, or gets a plain ``Resolver``,
/// which has no way to resolve a main-actor key, so a nonisolated singleton can never capture a view
/// model.
///
/// ## Lifetimes
///
/// ``MainActorLifetime`` offers the same lifetimes as ``Lifetime`` without asking for `Sendable`
/// values: the cached instances are created, read and handed out only on the main actor. Each graph
/// keeps them next to its other shared instances and releases them with the graph — on whichever
/// thread lets go of the graph last, like any other reference; give a main-actor class an
/// `isolated deinit` if its deinitializer must run on the main actor.
///
/// ## From asynchronous code
///
/// Code that is not on the main actor can still `await graph[.key]` when the key's value is
/// `Sendable`: the call hops to the main actor, where the factory runs. A value that is not `Sendable`
/// cannot leave the main actor, so the compiler rejects that call — resolve such values in
/// main-actor code.
///
/// ## Cycles
///
/// Main-actor keys whose declared dependencies need each other are a "dependency cycle" that
/// `Graph(modules:)` reports with its path, before any factory runs. Through resolvers
/// (`{ r in … }`), which the graph cannot read, they stop the program with the same message when
/// resolved. Break such a cycle with a ``MainActorProvider`` — declare `.key.provider`, or call
/// `r.provider(.key)` — and call it after the factory returns.
public final class MainActorKey<Value>:
  BindableKey<
    @MainActor @Sendable (MainActorResolver) -> Value, MainActorLifetime,
    @MainActor @Sendable (MainActorResolver, Value) -> Value, Value
  >, @unchecked Sendable
{
  // @unchecked: immutable; the stored binding is Sendable, and its factory only runs on the main actor.

  /// The lifetime used when a module binds the key without naming one, and by the default factory.
  public let defaultLifetime: MainActorLifetime

  /// Creates a main-actor key with its default factory.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives; ``MainActorLifetime/transient`` unless you say otherwise.
  ///   - test: What the key provides in test graphs instead of `factory`; see ``TestBehavior``.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  ///   - factory: Builds the value on the main actor, resolving its dependencies from the
  ///     ``MainActorResolver``.
  @inlinable @inline(__always)
  public convenience init(
    _ lifetime: MainActorLifetime = .transient,
    test: TestBehavior<@MainActor @Sendable (MainActorResolver) -> Value>? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver) -> Value
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, MainActorKey.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: MainActorKey.made(
          lifetime, test: test, at: KeySite(name, fileID, line, column, function), factory))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    _ lifetime: MainActorLifetime, test: TestBehavior<@MainActor @Sendable (MainActorResolver) -> Value>?,
    at site: consuming KeySite,
    dependencies: DeclaredDependencies? = nil,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver) -> Value
  ) -> Keys {
    site.key(of: MainActorKey.self) {
      MainActorKey(lifetime, test: test, name: $0, declaration: $1, dependencies: dependencies, factory)
    }
  }

  /// A main-actor key whose default factory declared its dependencies.
  init(
    _ lifetime: MainActorLifetime, test: TestBehavior<@MainActor @Sendable (MainActorResolver) -> Value>?,
    name: String?, declaration: CodeLocation, derivedFrom derivation: (base: Keys, suffix: String)? = nil,
    dependencies: DeclaredDependencies?, _ factory: @escaping @MainActor @Sendable (MainActorResolver) -> Value
  ) {
    self.defaultLifetime = lifetime
    super.init(
      shape: .mainActor, defaulting: factory, lifetime: lifetime.kind, test: test, name: name,
      type: .value(Value.self), declaration: declaration, derivedFrom: derivation
    ) { Binding(lifetime: lifetime.kind, source: $0, dependencies: dependencies, factory: factory) }
  }

  private init(
    required lifetime: MainActorLifetime, test: TestBehavior<@MainActor @Sendable (MainActorResolver) -> Value>?,
    name: String?, declaration: CodeLocation
  ) {
    self.defaultLifetime = lifetime
    super.init(
      shape: .mainActor, defaulting: nil, lifetime: lifetime.kind, test: test, name: name,
      type: .value(Value.self), declaration: declaration)
  }

  /// Creates a main-actor key without a default: a module must bind it, as for ``Key/required(_:test:name:fileID:line:column:function:)``.
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
    _ lifetime: MainActorLifetime = .transient,
    test: TestBehavior<@MainActor @Sendable (MainActorResolver) -> Value>? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) -> MainActorKey {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, MainActorKey.self) {
      return MainActorKey(existing: key)
    }
    return MainActorKey(
      existing: MainActorKey.made(required: lifetime, test: test, at: KeySite(name, fileID, line, column, function)))
  }

  /// The key the function above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    required lifetime: MainActorLifetime, test: TestBehavior<@MainActor @Sendable (MainActorResolver) -> Value>?,
    at site: consuming KeySite
  ) -> Keys {
    site.key(of: MainActorKey.self) { MainActorKey(required: lifetime, test: test, name: $0, declaration: $1) }
  }

  override var defaultLifetimeKind: LifetimeKind { defaultLifetime.kind }

  @MainActor
  override package func value(forMainActorFactory r: MainActorResolver, fileID: StaticString, line: UInt) -> Value {
    r[self, fileID: fileID, line: line]
  }

  override func lifetimeKind(_ option: MainActorLifetime?) -> LifetimeKind { (option ?? defaultLifetime).kind }
}
