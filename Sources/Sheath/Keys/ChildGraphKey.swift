/// A key for a way to open child graphs — a flow of screens, a signed-in session — from inside a
/// factory: what a navigator or a coordinator injects instead of the whole ``Graph``.
///
/// The scope the child opens and the modules it installs are fixed where the key is declared, as a
/// Dagger subcomponent's are; the factory that resolves it opens children of the graph it came from.
/// `Seed` is what each child is opened with: `Void` for a flow that needs nothing,
///
/// ```swift
/// extension Keys {
///   static var checkoutFlow: ChildGraphKey<Void> {
///     ChildGraphKey(scope: .flow) {
///       [CheckoutModule()]
///     }
///   }
///   static var navigator: Key<any Navigating> {
///     Key(.singleton, .checkoutFlow) { openCheckout in
///       Navigator(openCheckout: openCheckout)
///     }
///   }
/// }
///
/// // in the navigator: a child of the graph the navigator came from
/// let flow = openCheckout.open()
/// let viewModel = flow.make(.cartViewModel, view)
/// ```
///
/// or a value that a key of the child is bound to — a flow for *this* user — as a Dagger subcomponent
/// factory's `@BindsInstance` argument is:
///
/// ```swift
/// extension Keys {
///   static var currentUser: Key<User> { .required(.scoped(.account)) }
///   static var accountFlow: ChildGraphKey<User> {
///     ChildGraphKey(scope: .account, seeding: .currentUser) {
///       [AccountModule()]
///     }
///   }
/// }
///
/// // in the navigator:
/// let account = openAccount.open(user)
/// let viewModel = account[.accountViewModel]  // built for `user`
/// ```
///
/// Each seeded child binds the seed key to its own value — or overrides it, when the graph it came
/// from binds it too.
///
/// A ``ChildGraphFactory`` made by a shared instance's factory (a singleton navigator) does not keep
/// the graph alive, like a ``Provider``; each child it opens keeps its parent alive, as every child does.
/// `verify()` reads the modules of every child graph key the graph knows, with the seed key bound,
/// before any child is opened, and reports a child that cannot be built; each child's modules are
/// checked again when it is opened, and one that cannot be built then stops the program with the
/// ``GraphError``'s message, since the modules are fixed in code.
public final class ChildGraphKey<Seed: Sendable>: Key<ChildGraphFactory<Seed>>, @unchecked Sendable {
  // @unchecked: immutable; the origin is Sendable.

  /// The scope each child opens, if any.
  public let scope: Scope?

  /// The scope and modules of each child.
  let origin: ChildGraphOrigin
  /// The key each child binds to its seed, read when first needed (see ``DeclaredDependencies``);
  /// `nil` for a key declared without one.
  let seed: (@Sendable () -> Key<Seed>)?

  /// Creates a key for opening child graphs that open `scope`, install `modules`, and bind `seed` to
  /// the value each is opened with.
  ///
  /// - Parameters:
  ///   - scope: The scope each child opens, or `nil`.
  ///   - seed: The key each child binds to the value it is opened with.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  ///   - modules: Makes each child's modules; called each time a child is opened.
  @inlinable @inline(__always)
  public convenience init(
    scope: Scope? = nil,
    seeding seed: @autoclosure @escaping @Sendable () -> Key<Seed>,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function,
    modules: @escaping @Sendable () -> [any Module] = { [] }
  ) {
    self.init(
      scope: scope, seed: seed, name: name, fileID: fileID, line: line, column: column, function: function,
      modules: modules)
  }

  /// What both public initializers do: returns the key declared at the site, found or made there;
  /// `seed` is `nil` for a key declared without one.
  @usableFromInline @inline(__always)
  convenience init(
    scope: Scope?,
    seed: (@Sendable () -> Key<Seed>)?,
    name: String?,
    fileID: StaticString,
    line: UInt,
    column: UInt,
    function: StaticString,
    modules: @escaping @Sendable () -> [any Module]
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, ChildGraphKey.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: ChildGraphKey.made(
          scope: scope, seed: seed, at: KeySite(name, fileID, line, column, function), modules: modules))
    }
  }

  /// The key the initializers declare: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    scope: Scope?, seed: (@Sendable () -> Key<Seed>)?, at site: consuming KeySite,
    modules: @escaping @Sendable () -> [any Module]
  ) -> Keys {
    site.key(of: ChildGraphKey.self) {
      ChildGraphKey(scope: scope, seed: seed, name: $0, declaration: $1, modules: modules)
    }
  }

  init(
    scope: Scope?,
    seed: (@Sendable () -> Key<Seed>)?,
    name: String?,
    declaration: CodeLocation,
    modules: @escaping @Sendable () -> [any Module]
  ) {
    let origin = ChildGraphOrigin(scope: scope, modules: modules)
    self.scope = scope
    self.origin = origin
    self.seed = seed
    // It needs nothing from the graph but the graph itself: no dependencies to declare.
    super.init(
      .transient, test: nil, name: name, declaration: declaration,
      dependencies: DeclaredDependencies([])
    ) { r in
      let key = origin.key.unsafelyUnwrapped
      let reference = r.graphReference.kept(toResolveLater: key)
      return ChildGraphFactory(reference: reference, origin: origin, seed: seed)
    }
    origin.key = self
  }
}

extension ChildGraphKey where Seed == Void {
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
    self.init(
      scope: scope, seed: nil, name: name, fileID: fileID, line: line, column: column, function: function,
      modules: modules)
  }
}

/// What a ``ChildGraphKey`` fixes: the scope and modules of its children, and the key, for messages.
final class ChildGraphOrigin: @unchecked Sendable {
  // @unchecked: `key` is set once, right after the key is made, before anything can resolve it.
  let scope: Scope?
  let modules: @Sendable () -> [any Module]
  /// The key, which keeps this origin; the key registry keeps the key for good. Weak: two threads
  /// that make one site's key at once each make one, and the registry drops the second, which a
  /// strong reference here would have kept, with its origin, as a cycle nothing refers to (the
  /// LeakSanitizer run found it).
  weak var key: Keys?

  init(scope: Scope?, modules: @escaping @Sendable () -> [any Module]) {
    self.scope = scope
    self.modules = modules
  }
}

/// A key whose value opens child graphs: `verify()` builds a child of each it knows, with
/// ``modulesForReading(in:)``, and reads it.
protocol ChildGraphOpening: Keys {
  /// The scope each child opens, if any.
  var childScope: Scope? { get }
  /// The modules a child of `graph` is built with to be read as data.
  func modulesForReading(in graph: Graph) -> [any Module]
}

extension ChildGraphKey: ChildGraphOpening {
  var childScope: Scope? { scope }

  func modulesForReading(in graph: Graph) -> [any Module] {
    guard let seed else { return origin.modules() }
    let seedKey = seed()
    return origin.modules() + [
      ChildGraphSeed<Seed>(key: seedKey, value: nil, bindsAbove: graph.binds(seedKey), source: declaration)
    ]
  }
}

/// A child graph key seen without its seed type: the graph check names it when a key that needs its
/// seed is named outside its child graphs.
protocol SeededChildGraph {
  /// The key each child binds to its seed, or `nil` for a key declared without one.
  var seedKey: Keys? { get }
}

extension ChildGraphKey: SeededChildGraph {
  var seedKey: Keys? { seed?() }
}
