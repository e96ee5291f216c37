/// A key for a way to open child graphs — a flow of screens, a signed-in session — from inside a
/// factory: what a navigator or a coordinator injects instead of the whole ``Graph``.
///
/// The scope the child opens and the modules it installs are fixed where the key is declared, as a
/// Dagger subcomponent's are; the factory that resolves it opens children of the graph it came from:
///
/// ```swift
/// extension Keys {
///   static var checkoutFlow: ChildGraphKey {
///     ChildGraphKey(scope: .flow) {
///       [CheckoutModule()]
///     }
///   }
///   static var navigator: Key<any Navigating> {
///     Key(.singleton) { r in
///       Navigator(openCheckout: r[.checkoutFlow])
///     }
///   }
/// }
///
/// // in the navigator:
/// // a child of the graph the navigator came from
/// let flow = openCheckout.open()
/// let viewModel = flow.make(.cartViewModel, view)
/// ```
///
/// A ``ChildGraphFactory`` made by a shared instance's factory (a singleton navigator) does not keep
/// the graph alive, like a ``Provider``; each child it opens keeps its parent alive, as every child does.
/// A child whose modules cannot be built stops the program with the ``GraphError``'s message, since the
/// modules are fixed in code: `verify()` builds the child graph of every child graph key the graph
/// knows, and reports that instead.
public final class ChildGraphKey: Key<ChildGraphFactory>, @unchecked Sendable {
  // @unchecked: immutable; the origin is Sendable.

  /// The scope each child opens, if any.
  public let scope: Scope?

  /// The scope and modules of each child.
  let origin: ChildGraphOrigin

  /// Creates a key for opening child graphs that open `scope` and install `modules`.
  ///
  /// - Parameters:
  ///   - scope: The scope each child opens, or `nil`.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  ///   - modules: Makes each child's modules; called each time a child is opened.
  @inlinable @inline(__always)
  public convenience init(
    scope: Scope? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function,
    modules: @escaping @Sendable () -> [any Module] = { [] }
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, ChildGraphKey.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: ChildGraphKey.made(
          scope: scope, name: name, fileID: fileID, line: line, column: column, function: function, modules: modules,
          type: ChildGraphKey.self))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    scope: Scope?,
    name: String?,
    fileID: StaticString,
    line: UInt,
    column: UInt,
    function: StaticString,
    modules: @escaping @Sendable () -> [any Module],
    type: Keys.Type
  ) -> Keys {
    KeyRegistry.key(declaredIn: fileID, line: line, column: column, name: name, type: type) {
      let site = KeySite(fileID: fileID, line: line, function: function, name: name)
      return ChildGraphKey(scope: scope, name: site.keyName, declaration: site.location, modules: modules)
    }
  }

  init(
    scope: Scope?,
    name: String?,
    declaration: CodeLocation,
    modules: @escaping @Sendable () -> [any Module]
  ) {
    let origin = ChildGraphOrigin(scope: scope, modules: modules)
    self.scope = scope
    self.origin = origin
    // It needs nothing from the graph but the graph itself: no dependencies to declare.
    super.init(
      .transient, test: nil, name: name, declaration: declaration,
      dependencies: DeclaredDependencies([])
    ) { r in
      let key = origin.key.unsafelyUnwrapped
      let reference = r.graphReference.kept(toResolveLater: key)
      return ChildGraphFactory(reference: reference, origin: origin)
    }
    origin.key = self
  }

}

/// What a ``ChildGraphKey`` fixes: the scope and modules of its children, and the key, for messages.
final class ChildGraphOrigin: @unchecked Sendable {
  // @unchecked: `key` is set once, right after the key is made, before anything can resolve it.
  let scope: Scope?
  let modules: @Sendable () -> [any Module]
  /// The key; it and its origin keep each other, as a key declared `static let` lives for good anyway.
  var key: Keys?

  init(scope: Scope?, modules: @escaping @Sendable () -> [any Module]) {
    self.scope = scope
    self.modules = modules
  }
}
