/// A key whose value is built with an argument the caller supplies, and the rest from the graph.
///
/// The classic case is a view model built with its view: the view exists only when the screen does,
/// while the data controller and presenter come from the graph. The argument's type is checked by the
/// compiler; pass a tuple for several arguments.
///
/// ```swift
/// extension Keys {
///   static var profileViewModel:
///     AssistedKey<any ProfileView, ProfileViewModel>
///   {
///     AssistedKey { r, view in
///       ProfileViewModel(
///         view: view, data: r[.followersData], presenter: r[.presenter])
///     }
///   }
/// }
///
/// let viewModel = flow.make(.profileViewModel, view)
/// // an AssistedFactory to call later
/// let makeViewModel = flow[.profileViewModel]
/// ```
///
/// Assisted values are always new: the graph never caches them, because each is built for its argument.
public final class AssistedKey<Argument, Value>:
  BindableKey<@Sendable (Resolver, Argument) -> Value, Never, @Sendable (Resolver, Value) -> Value, Value>,
  @unchecked Sendable
{
  // @unchecked: immutable; the stored binding is Sendable.

  /// Creates an assisted key with its default factory.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  ///   - factory: Builds the value from the resolver and the caller's argument.
  @inlinable @inline(__always)
  public convenience init(
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function,
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, AssistedKey.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: AssistedKey.made(at: KeySite(name, fileID, line, column, function), factory))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    at site: consuming KeySite, _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) -> Keys {
    site.key(of: AssistedKey.self) { AssistedKey(name: $0, declaration: $1, dependencies: nil, factory) }
  }

  /// An assisted key whose default factory declared its dependencies.
  init(
    name: String?, declaration: CodeLocation, dependencies: DeclaredDependencies?,
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    super.init(
      shape: .assisted(), defaulting: factory, lifetime: .transient, name: name,
      type: .assisted(Argument.self, Value.self), declaration: declaration
    ) { DirectAssistedKeyBinding(source: $0, dependencies: dependencies, call: factory) }
  }

  /// An assisted key whose default factory declared `dependencies`, as `thunk` (see
  /// ``AssistedSlotThunk``) and as `call`, the same factory for a resolver.
  init(
    name: String?, declaration: CodeLocation, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver, Argument) -> Value,
    declared thunk: @escaping AssistedSlotThunk<Argument, Value>
  ) {
    super.init(
      shape: .assisted(), defaulting: call, lifetime: .transient, name: name,
      type: .assisted(Argument.self, Value.self), declaration: declaration
    ) { DeclaredAssistedKeyBinding(source: $0, dependencies: dependencies, call: call, thunk: thunk) }
  }

  /// The key a declared initializer declares (`AssistedKey(.data) { view, data in … }`): found, or
  /// made and recorded the first time it runs where it is written. `thunk` resolves the dependencies by
  /// slot (see ``AssistedSlotThunk``).
  ///
  /// Inlinable, so that the resolver form below is specialized where the key is declared: unspecialized,
  /// taking the argument's address costs a generic metadata lookup on every call.
  @inlinable
  static func made(
    at site: consuming KeySite, dependencies: DeclaredDependencies,
    declared thunk: @escaping AssistedSlotThunk<Argument, Value>
  ) -> Keys {
    let callSite = CallSite(fileID: site.fileID, line: site.line)
    return made(
      at: site, dependencies: dependencies,
      call: { r, argument in r.runDeclared(dependencies, at: callSite, argument, thunk) }, declared: thunk)
  }

  /// The key a declared initializer declares, with `call`, the same factory as `thunk` for a resolver.
  @usableFromInline
  static func made(
    at site: consuming KeySite, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver, Argument) -> Value,
    declared thunk: @escaping AssistedSlotThunk<Argument, Value>
  ) -> Keys {
    site.key(of: AssistedKey.self) {
      AssistedKey(name: $0, declaration: $1, dependencies: dependencies, call: call, declared: thunk)
    }
  }

  /// The key a declared initializer declares when its factory, `call`, needs nothing from the graph.
  ///
  /// NB: neither this nor the function above takes an optional closure. One is passed in its most
  /// general form, and a key's factory kept from it is called through two reabstraction thunks.
  @usableFromInline
  static func made(
    at site: consuming KeySite, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver, Argument) -> Value
  ) -> Keys {
    site.key(of: AssistedKey.self) { AssistedKey(name: $0, declaration: $1, dependencies: dependencies, call) }
  }

  private init(required name: String?, declaration: CodeLocation) {
    super.init(
      shape: .assisted(), defaulting: nil, lifetime: .transient, name: name,
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
  ) -> AssistedKey {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, AssistedKey.self) {
      return AssistedKey(existing: key)
    }
    return AssistedKey(existing: AssistedKey.made(requiredAt: KeySite(name, fileID, line, column, function)))
  }

  /// The key the function above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(requiredAt site: consuming KeySite) -> Keys {
    site.key(of: AssistedKey.self) { AssistedKey(required: $0, declaration: $1) }
  }
}
