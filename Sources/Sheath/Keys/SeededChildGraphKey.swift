/// A key for a way to open child graphs seeded with a value — a flow for *this* user — from inside a
/// factory: `openFlow.open(user)` gives a child graph in which the seed key is bound to `user`, as a
/// Dagger subcomponent factory's `@BindsInstance` argument is.
///
/// The scope, the modules and the key the seed is bound to are fixed where the key is declared:
///
/// ```swift
/// extension Keys {
///   static var currentUser: Key<User> { .required(.scoped(.account)) }
///   static var accountFlow: SeededChildGraphKey<User> {
///     SeededChildGraphKey(scope: .account, seeding: .currentUser) {
///       [AccountModule()]
///     }
///   }
/// }
///
/// // in the navigator, given r[.accountFlow]:
/// let account = openAccount.open(user)
/// let viewModel = account[.accountViewModel]  // built for `user`
/// ```
///
/// Each child binds the seed key to its own value — or overrides it, when the graph it came from binds
/// it too. `verify()` reads the children's modules with the seed key bound, before any child is
/// opened; each child's modules are checked again when it is opened. Like a ``ChildGraphFactory``, the factory a shared instance's factory
/// made does not keep the graph alive; each child keeps its parent alive.
public final class SeededChildGraphKey<Seed: Sendable>: Key<SeededChildGraphFactory<Seed>>, @unchecked Sendable {
  // @unchecked: immutable; the origin is Sendable.

  /// The scope each child opens, if any.
  public let scope: Scope?

  /// The scope and modules of each child.
  let origin: ChildGraphOrigin
  /// The key each child binds to its seed, read when first needed (see ``DeclaredDependencies``).
  let seed: @Sendable () -> Key<Seed>

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
    if name == nil, let key = KeyRegistry.found(fileID, line, column, SeededChildGraphKey.self) {
      self.init(existing: key)
    } else {
      self.init(
        existing: SeededChildGraphKey.made(
          scope: scope, seeding: seed, name: name, fileID: fileID, line: line, column: column, function: function,
          modules: modules, type: SeededChildGraphKey.self))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(
    scope: Scope?,
    seeding seed: @escaping @Sendable () -> Key<Seed>,
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
      return SeededChildGraphKey(
        scope: scope, seeding: seed, name: site.keyName, declaration: site.location, modules: modules)
    }
  }

  init(
    scope: Scope?,
    seeding seed: @escaping @Sendable () -> Key<Seed>,
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
      return SeededChildGraphFactory(reference: reference, origin: origin, seed: seed)
    }
    origin.key = self
  }
}

extension SeededChildGraphKey: ChildGraphOpening {
  var childScope: Scope? { scope }

  func modulesForReading(in graph: Graph) -> [any Module] {
    let seedKey = seed()
    return origin.modules() + [
      ChildGraphSeed<Seed>(key: seedKey, value: nil, bindsAbove: graph.binds(seedKey), source: declaration)
    ]
  }
}

/// Opens child graphs of the graph it came from, each with the scope and modules its
/// ``SeededChildGraphKey`` declares and its seed key bound to the value it is opened with.
///
/// ```swift
/// final class Navigator {
///   private let openAccount: SeededChildGraphFactory<User>
///
///   init(openAccount: SeededChildGraphFactory<User>) {
///     self.openAccount = openAccount
///   }
///
///   func signIn(_ user: User) -> Graph {
///     openAccount.open(user)  // Keys.currentUser is `user` in it
///   }
/// }
/// ```
public struct SeededChildGraphFactory<Seed: Sendable>: Sendable {
  let reference: GraphReference
  let origin: ChildGraphOrigin
  let seed: @Sendable () -> Key<Seed>

  /// The scope each child opens, if any.
  public var scope: Scope? { origin.scope }

  /// Opens a new child graph with `seed` bound to its seed key: it sees the graph's bindings and
  /// shared instances, opens the key's scope and installs its modules.
  ///
  /// - Parameters:
  ///   - seed: The value the child's seed key resolves to.
  ///   - fileID: The file a stop names (the graph was released, or the child cannot be built), and
  ///     where the seed's binding says it was made; the caller's unless you pass another.
  ///   - line: The line, likewise.
  /// - Returns: The child graph; keep it for as long as what it builds is in use.
  public func open(_ seed: Seed, fileID: StaticString = #fileID, line: UInt = #line) -> Graph {
    let key = origin.key.unsafelyUnwrapped
    return reference.withGraph(resolving: key, at: CallSite(fileID: fileID, line: line)) { graph in
      let seedKey = self.seed()
      let module = ChildGraphSeed(
        key: seedKey, value: seed, bindsAbove: graph.binds(seedKey),
        source: CodeLocation(fileID: "\(fileID)", line: Int(line)))
      do {
        return try graph.child(scope: origin.scope, modules: origin.modules() + [module])
      } catch {
        ResolutionStack.stop(
          .childGraphNotBuilt(key, String(describing: error)), at: CallSite(fileID: fileID, line: line))
      }
    }
  }
}

/// The module that binds a seeded child's seed key: to the value it was opened with, or — for reading
/// the child as data, before any is opened — to a factory that never runs.
struct ChildGraphSeed<Seed: Sendable>: Module {
  let key: Key<Seed>
  let value: Seed?
  /// Whether a graph above binds the key, so the child overrides it rather than binding it again.
  let bindsAbove: Bool
  let source: CodeLocation

  func register(into b: inout Bindings) {
    guard let value else {
      // Needs nothing: the graph reads it as data, and no factory runs while it does.
      b.register(
        key, key.lifetimeKind(nil), isOverride: bindsAbove, b.source(source.fileID, source.line),
        DeclaredDependencies([])
      ) { _ in preconditionFailure("Sheath: the seed of a child graph read as data was resolved") }
      return
    }
    if bindsAbove {
      b.override(key, to: value, fileID: source.fileID, line: source.line)
    } else {
      b.bind(key, to: value, fileID: source.fileID, line: source.line)
    }
  }
}

/// A key whose value opens child graphs: `verify()` builds a child of each it knows, with
/// ``modulesForReading()``, and reads it.
protocol ChildGraphOpening: Keys {
  /// The scope each child opens, if any.
  var childScope: Scope? { get }
  /// The modules a child of `graph` is built with to be read as data.
  func modulesForReading(in graph: Graph) -> [any Module]
}

extension ChildGraphKey: ChildGraphOpening {
  var childScope: Scope? { scope }

  func modulesForReading(in graph: Graph) -> [any Module] { origin.modules() }
}
