/// A main-actor key whose value is built with an argument the caller supplies: a view model built with
/// its view, on the main actor.
///
/// The main-actor counterpart of ``AssistedKey``: the factory is `@MainActor`, so the argument and the
/// value need not be `Sendable`, and only main-actor code can make one.
///
/// ```swift
/// extension Keys {
///   static var profileViewModel:
///     MainActorAssistedKey<any ProfileView, ProfileViewModel>
///   {
///     MainActorAssistedKey { r, view in
///       ProfileViewModel(
///         view: view, data: r[.followersData], presenter: r[.presenter])
///     }
///   }
/// }
///
/// @MainActor func show(_ view: ProfileViewController, in flow: Graph) {
///   view.viewModel = flow.make(.profileViewModel, view)
///   // a MainActorAssistedFactory to call later
///   let makeViewModel = flow[.profileViewModel]
/// }
/// ```
///
/// Assisted values are always new: the graph never caches them, because each is built for its argument.
public final class MainActorAssistedKey<Argument, Value>:
  BindableKey<
    @MainActor @Sendable (MainActorResolver, Argument) -> Value, Never,
    @MainActor @Sendable (MainActorResolver, Value) -> Value, Value
  >, @unchecked Sendable
{
  // @unchecked: immutable; the stored binding is Sendable, and its factory only runs on the main actor.

  /// Creates a main-actor assisted key with its default factory.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  ///   - factory: Builds the value on the main actor from the resolver and the caller's argument.
  @inlinable @inline(__always)
  public convenience init(
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, MainActorAssistedKey.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: MainActorAssistedKey.made(
          at: KeySite(name, fileID, line, column, function), factory))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    at site: consuming KeySite, dependencies: DeclaredDependencies? = nil,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value
  ) -> Keys {
    site.key(of: MainActorAssistedKey.self) {
      MainActorAssistedKey(name: $0, declaration: $1, dependencies: dependencies, factory)
    }
  }

  /// A main-actor assisted key whose default factory declared its dependencies.
  init(
    name: String?, declaration: CodeLocation, dependencies: DeclaredDependencies?,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value
  ) {
    super.init(
      shape: .mainActorAssisted(), defaulting: factory, lifetime: .transient, name: name,
      type: .assisted(Argument.self, Value.self), declaration: declaration
    ) { Binding(lifetime: .transient, source: $0, dependencies: dependencies, factory: factory) }
  }

  private init(required name: String?, declaration: CodeLocation) {
    super.init(
      shape: .mainActorAssisted(), defaulting: nil, lifetime: .transient, name: name,
      type: .assisted(Argument.self, Value.self), declaration: declaration)
  }

  /// Creates an assisted key without a default: a module must bind it, as for
  /// ``Key/required(_:test:name:fileID:line:column:function:)``.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  /// - Returns: A key that modules must bind.
  @inlinable @inline(__always)
  public static func required(
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) -> MainActorAssistedKey {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, MainActorAssistedKey.self) {
      return MainActorAssistedKey(existing: key)
    }
    return MainActorAssistedKey(
      existing: MainActorAssistedKey.made(requiredAt: KeySite(name, fileID, line, column, function)))
  }

  /// The key the function above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(requiredAt site: consuming KeySite) -> Keys {
    site.key(of: MainActorAssistedKey.self) { MainActorAssistedKey(required: $0, declaration: $1) }
  }
}
