/// An immutable graph of bindings that provides values by key: the resolver.
///
/// Build a graph once from your modules; building checks the registrations and throws one
/// ``GraphError`` listing every problem. After that the graph never changes: it resolves a key by an
/// array index, caches shared instances without a global lock, and makes child graphs for scopes and
/// overrides.
///
/// ```swift
/// let graph = try Graph(modules: [AppModule(), environment.isMock ? FakeAPIModule() : LiveAPIModule()])
///
/// let api = graph[.userAPI]                       // `any UserAPI`: no Optional, no cast
/// let flow = graph.child(scope: .flow)            // one FollowersDataController for this flow
/// let viewModel = flow.make(.profileViewModel, view)
/// ```
///
/// A graph is `Sendable`: resolve from any thread. Values live as their ``Lifetime`` says; shared
/// instances live in the graph that binds them (``Lifetime/singleton``) or that opened their scope
/// (``Lifetime/scoped(_:)``), and are released with it.
public final class Graph: @unchecked Sendable {
  // @unchecked: every stored property is immutable or synchronizes itself (SlotTable,
  // BuildCoordinator).

  /// The graph this one was made from, or `nil` for a root graph.
  public let parent: Graph?

  /// The scope this graph opened, if any: scoped keys of this scope are cached here.
  public let scope: Scope?

  /// The environment the graph was built for; child graphs share their parent's.
  public let environment: AppEnvironment

  /// Whether keys' test behaviours replace their defaults: in the ``AppEnvironment/test`` environment.
  let usesTestValues: Bool

  /// What a test graph reports to its test framework.
  let testHooks: TestHooks?

  /// How many ancestors this graph has: 0 for a root.
  let level: Int

  /// Every binding this graph resolves by slot — its own and its ancestors' — with the level of the
  /// graph that owns each binding's shared instances.
  let entries: [Entry?]

  /// Every contribution to a multibinding this graph sees, its ancestors' first, by slot.
  let contributions: [Int: [AnyContribution]]

  /// The keys this graph's own modules bound, in registration order (for `verify()`).
  let boundKeys: [Keys]

  /// Shared instances owned by this graph.
  let instances = SlotTable()

  /// Builds shared instances once across this graph and its relatives.
  let coordinator: BuildCoordinator

  /// Builds a root graph from modules.
  ///
  /// - Parameters:
  ///   - modules: The modules to install, in order; order decides the order of multibinding
  ///     contributions, nothing else.
  ///   - environment: The environment to build for: it decides which ``Module/only(in:)`` modules are
  ///     installed. ``AppEnvironment/live`` unless you say otherwise; see ``AppEnvironment/detect(explicit:custom:arguments:variables:)``.
  /// - Throws: ``GraphError`` listing every problem: duplicate bindings, conflicting overrides,
  ///   overrides of keys nothing binds, required keys that nothing binds, duplicate map entries.
  public convenience init(modules: [any Module], environment: AppEnvironment = .live) throws {
    try self.init(parent: nil, scope: nil, environment: environment, modules: modules)
  }

  /// Builds a test graph: the app's modules, then the test's overrides, reporting to `hooks`.
  package convenience init(
    modules: [any Module], testOverrides: (inout Bindings) -> Void, usage: OverrideUsage, hooks: TestHooks
  ) throws {
    try self.init(parent: nil, scope: nil, environment: .test, modules: modules, hooks: hooks) { bindings in
      bindings.testOverrideUsage = usage
      testOverrides(&bindings)
      bindings.testOverrideUsage = nil
    }
  }

  init(
    parent: Graph?, scope: Scope?, environment: AppEnvironment, modules: [any Module], hooks: TestHooks? = nil,
    registerMore: (inout Bindings) -> Void = { _ in }
  ) throws {
    var bindings = Bindings(environment: environment)
    bindings.install(modules)
    registerMore(&bindings)
    let plan = try BuildPlan(bindings.registrations, parent: parent, scope: scope)
    self.parent = parent
    self.scope = scope
    self.environment = environment
    self.usesTestValues = environment == .test
    self.testHooks = hooks ?? parent?.testHooks
    self.level = parent.map { $0.level + 1 } ?? 0
    self.contributions = plan.contributions
    self.boundKeys = plan.bindings.map(\.key)
    self.coordinator = parent?.coordinator ?? BuildCoordinator()
    self.entries = plan.entries(ownedByLevel: level)
  }

  /// Makes a child graph that opens `scope`: keys scoped to it get one instance per child, released
  /// with the child.
  ///
  /// ```swift
  /// let flow = graph.child(scope: .flow)
  /// let profile = flow.make(.profileViewModel, profileView)
  /// let followers = flow.make(.followersViewModel, followersView)   // same data controller
  /// ```
  ///
  /// - Parameter scope: The scope to open.
  /// - Returns: A graph that sees all of this graph's bindings and shared instances.
  public func child(scope: Scope) -> Graph {
    Graph(parent: self, scope: scope)
  }

  /// Makes a child graph with its own bindings, like a Dagger subcomponent.
  ///
  /// The child sees this graph's bindings and shares its singletons; its modules may add bindings,
  /// contribute to multibindings, and replace the parent's bindings with `override`.
  ///
  /// - Parameters:
  ///   - scope: A scope for the child to open, or `nil`.
  ///   - modules: The child's modules.
  /// - Returns: The child graph.
  /// - Throws: ``GraphError`` listing every problem with the child's registrations.
  public func child(scope: Scope? = nil, modules: [any Module]) throws -> Graph {
    try Graph(parent: self, scope: scope, environment: environment, modules: modules)
  }

  /// A child with no bindings of its own: shares the parent's tables.
  init(parent: Graph, scope: Scope) {
    self.parent = parent
    self.scope = scope
    self.environment = parent.environment
    self.usesTestValues = parent.usesTestValues
    self.testHooks = parent.testHooks
    self.level = parent.level + 1
    self.contributions = parent.contributions
    self.boundKeys = []
    self.coordinator = parent.coordinator
    self.entries = parent.entries
  }

  /// A copy of `original` with fresh caches, under `parent` (a copy of the original's parent).
  init(mirroring original: Graph, parent: Graph?, coordinator: BuildCoordinator) {
    self.parent = parent
    self.scope = original.scope
    self.environment = original.environment
    self.usesTestValues = original.usesTestValues
    self.testHooks = original.testHooks
    self.level = original.level
    self.contributions = original.contributions
    self.boundKeys = original.boundKeys
    self.coordinator = coordinator
    self.entries = original.entries
  }

  /// This graph or the ancestor at `level` (0 is the root).
  @inline(__always)
  func ancestor(atLevel level: Int) -> Graph {
    var graph = self
    for _ in level..<self.level { graph = graph.parent.unsafelyUnwrapped }
    return graph
  }

  /// The nearest graph, from this one up to the root, that opened `scope`.
  func nearest(opening scope: Scope) -> Graph? {
    var graph: Graph? = self
    while let current = graph, current.scope != scope { graph = current.parent }
    return graph
  }
}

/// A binding as a graph sees it: the binding, and the level of the graph that owns its shared
/// instances (the graph whose modules bound it).
struct Entry {
  let binding: AnyBinding
  let ownerLevel: Int
}
