/// An immutable graph of bindings that provides values by key: the resolver.
///
/// Build a graph once from your modules; building checks the registrations and throws one
/// ``GraphError`` listing every problem. After that the graph never changes: it resolves a key by an
/// array index, caches shared instances without a global lock, and makes child graphs for scopes and
/// overrides.
///
/// ```swift
/// let api: any Module = isMock ? FakeAPIModule() : LiveAPIModule()
/// let graph = try Graph(modules: [AppModule(), api])
///
/// // `any UserAPI`: no Optional, no cast
/// let userAPI = graph[.userAPI]
/// // one FollowersDataController for this flow
/// let flow = graph.child(scope: .flow)
/// let viewModel = flow.make(.profileViewModel, view)
/// ```
///
/// A graph is `Sendable`: resolve from any thread. Values live as their ``Lifetime`` says; shared
/// instances live in the graph that binds them (``Lifetime/singleton``) or that opened their scope
/// (``Lifetime/scoped(_:)``), and are released with it.
///
/// ## Who keeps a graph alive
///
/// A graph owns its shared instances, and a child graph keeps its parent alive. What a shared
/// instance holds of its own graph does not keep the graph alive: the ``Provider``s, ``Lazy`` values
/// and assisted factories its factory makes (and those of the transient objects built for it) refer to
/// the graph without owning it, so releasing a flow's graph releases its data controller even when the
/// data controller holds a `Lazy` of something in the flow. Whoever opens a flow keeps its graph for as
/// long as the flow runs; using such a provider after its graph is gone stops with a message naming the
/// key and the graph. Everything else — a graph you hold, a provider made from it, a transient object's
/// providers — keeps the graph alive.
///
/// The resolver a transient value's factory receives is lent by the graph for the factory's call:
/// passing it costs no retain, and keeping it does not keep the graph alive. A kept resolver still
/// resolves, on any thread, while the graph lives, and stops with a message once it is gone; to resolve
/// later, keep a provider, a lazy value or an assisted factory, which own the graph.
public final class Graph: @unchecked Sendable {
  // @unchecked: every stored property is immutable or synchronizes itself (InstanceTable,
  // BuildCoordinator).

  /// The graph this one was made from, or `nil` for a root graph.
  public let parent: Graph?

  /// The scope this graph opened, if any: scoped keys of this scope are cached here.
  public let scope: Scope?

  /// The environment the graph was built for; child graphs share their parent's.
  public var environment: AppEnvironment { table.environment }

  /// Whether keys' test behaviours replace their defaults: in the ``AppEnvironment/test`` environment.
  @usableFromInline let usesTestValues: Bool

  /// What a test graph reports to its test framework. The table keeps it, as the environment: a child
  /// graph shares its parent's, and keeps no copy of either (24 bytes and a retain less per flow).
  var testHooks: TestHooks? { table.testHooks }

  /// How many ancestors this graph has: 0 for a root.
  @usableFromInline let level: Int

  /// Every binding this graph resolves, by slot. Not retained: a child without modules shares its
  /// parent's, which the parent keeps (``ownedTable``), and the child keeps the parent. Two reference
  /// counts fewer on every flow a graph opens.
  @usableFromInline unowned(unsafe) let table: BindingTable

  /// `table`, kept: in a root and in a child with modules of its own, which made it; `nil` in a child
  /// that shares its parent's.
  private let ownedTable: BindingTable?

  /// `table`'s entries (the table keeps them): one load fewer on every resolution.
  @usableFromInline let entries: BindingEntries

  /// `table`'s singletons (``BindingTable/singletons``; the table keeps them), likewise.
  @usableFromInline let singletons: PublishedInstances

  /// What a key's ``Keys/checkedBy`` holds once `table` checked it: a key no module binds that this
  /// graph falls back on skips the check with one compare. -1 in a test graph, which never matches, so
  /// that each fallback there is looked at: a live-only key's stand-in is reported on every use.
  @usableFromInline let fallbackToken: Int

  /// Shared instances owned by this graph.
  @usableFromInline let instances: InstanceTable

  /// What builds shared instances once across this graph and its relatives, not retained: the family's
  /// root keeps it (``ownedCoordinator``), and every graph keeps its parent. ``withCoordinator(_:)``
  /// lends it without a reference count, where reading an `unowned(unsafe)` property would copy it.
  let unretainedCoordinator: Unretained<BuildCoordinator>

  /// `coordinator`, kept: in a root; `nil` in a child.
  private let ownedCoordinator: BuildCoordinator?

  /// The resolver every transient factory of a request made on this graph receives: made once, and
  /// passed without a retain, since the graph holds it (see ``lendingResolver(_:)``). It refers
  /// through the graph's ``anchor``, and is what keeps it: one reference, where a property of its own
  /// made two, a retain and a release more for every graph.
  @usableFromInline let lentResolver: Resolver

  /// What the resolvers of this graph's shared instances hold instead of the graph, and what
  /// ``lentResolver`` refers through; kept by it.
  @inlinable
  var anchor: GraphAnchor { unretainedAnchor.object }

  /// ``anchor``, not retained: ``lentResolver`` keeps it as long as this graph.
  @inlinable @inline(__always)
  var unretainedAnchor: Unretained<GraphAnchor> {
    Unretained(bits: lentResolver.graphReference.address)
  }

  /// Builds a root graph from modules.
  ///
  /// - Parameters:
  ///   - modules: The modules to install, in order; order decides the order of multibinding
  ///     contributions, nothing else.
  ///   - environment: The environment to build for: it decides which ``Module/only(in:)`` modules are
  ///     installed. ``AppEnvironment/live`` unless you say otherwise; see ``AppEnvironment/detect(explicit:custom:arguments:variables:)``.
  ///   - stopsOnUnknownKeys: Whether a request made outside every factory — on the graph, a child
  ///     graph, an `@Inject` property — for a key the graph did not know when it was built stops the
  ///     program, naming the key and the `b.expose` that fixes it. Building the graph checks every key
  ///     its modules bind, expose or require and all those reach; a key none of them names is checked
  ///     only when it is first resolved. Pass `true` in debug builds, so that forgetting to name a
  ///     screen's key cannot pass unseen; requests inside factories (`{ r in … }`) are not stopped.
  ///     Test graphs (SheathTesting) report such keys as test failures whatever this says.
  /// - Throws: ``GraphError`` listing every problem: duplicate bindings, conflicting overrides,
  ///   overrides of keys nothing binds, required keys that nothing binds, duplicate map entries,
  ///   and what the check of the declared dependencies finds: missing bindings, cycles, captive
  ///   dependencies.
  public convenience init(
    modules: [any Module], environment: AppEnvironment = .live, stopsOnUnknownKeys: Bool = false
  ) throws {
    try self.init(
      parent: nil, scope: nil, environment: environment, modules: modules, stopsOnUnknownKeys: stopsOnUnknownKeys)
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
    stopsOnUnknownKeys: Bool = false, registerMore: (inout Bindings) -> Void = { _ in }
  ) throws {
    var bindings = Bindings(environment: environment, inheriting: parent?.table.installedModules ?? [:])
    bindings.install(modules)
    registerMore(&bindings)
    let plan = BuildPlan(bindings, parent: parent, scope: scope, usesTestValues: environment == .test)
    let check = Self.check(
      plan, bindings.registrations, parent: parent, scope: scope, usesTestValues: environment == .test)
    if !plan.problems.isEmpty || !check.problems.isEmpty {
      throw GraphError(problems: plan.problems + check.problems)
    }
    self.parent = parent
    self.scope = scope
    self.usesTestValues = environment == .test
    self.level = parent.map { $0.level + 1 } ?? 0
    let coordinator = parent?.coordinator ?? BuildCoordinator()
    self.unretainedCoordinator = Unretained(coordinator)
    self.ownedCoordinator = parent == nil ? coordinator : nil
    let table = BindingTable(
      plan, over: parent?.table, level: level, check: check, environment: environment,
      hooks: hooks ?? parent?.testHooks, stopsOnUnknownKeys: parent?.table.stopsOnUnknownKeys ?? stopsOnUnknownKeys)
    self.table = table
    self.ownedTable = table
    self.entries = table.entries
    self.singletons = table.singletons
    // -1 never matches a key's token: every fallback is looked at, for a test's reports or for a stop.
    self.fallbackToken = usesTestValues || table.stopsOnUnknownKeys ? -1 : table.checkToken
    let (anchor, lentResolver) = GraphAnchor.make(isRoot: parent == nil, scope: scope)
    self.lentResolver = lentResolver
    self.instances = anchor.with(\.instanceTable)
    attachAnchor()
  }

  /// Reads the graph `plan` makes as data, from every key its parent knows and every key `registrations`
  /// name: what ``GraphCheck`` finds, before any factory runs.
  private static func check(
    _ plan: BuildPlan, _ registrations: [Registration], parent: Graph?, scope: Scope?, usesTestValues: Bool
  ) -> GraphCheck {
    let own = plan.bindingsBySlot()
    var exposedBy: [ObjectIdentifier: BindingSource] = [:]
    for case .expose(let key, let source) in registrations where exposedBy[ObjectIdentifier(key)] == nil {
      exposedBy[ObjectIdentifier(key)] = source
    }
    let roots = (parent?.table.knownKeys ?? []) + registrations.map(\.key)
    // A binding refused only for where it is is read as the modules meant it: its own problems are
    // reported now, not after it moves.
    let misplaced = plan.misplacedBindings
    let level = parent.map { $0.level + 1 } ?? 0
    let lineage = GraphCheck.Lineage(below: parent, scope: scope) { key in
      let slot = key.slot
      if let binding = (slot < own.count ? own[slot] : nil) ?? misplaced[ObjectIdentifier(key)] {
        return (binding, level)
      }
      return parent?.bindingAndOwner(resolving: key) ?? (key.fallbackAnyBinding(testing: usesTestValues), 0)
    }
    return GraphCheck(
      roots: roots, exposedBy: exposedBy, requiredBy: plan.requiredBy,
      skipping: plan.keysWithProblems.subtracting(misplaced.keys), builtWhereBound: Set(misplaced.keys),
      lineage: lineage)
  }

  /// A child with no bindings of its own: shares the parent's table.
  init(parent: Graph, scope: Scope?) {
    // The anchor first: `parent` is then last used where it is stored, which takes it as it was
    // passed. Made after that store, the call kept `parent` alive across it with a retain and a
    // release.
    let (anchor, lentResolver) = GraphAnchor.make(isRoot: false, scope: scope)
    self.lentResolver = lentResolver
    self.scope = scope
    self.usesTestValues = parent.usesTestValues
    self.level = parent.level + 1
    self.unretainedCoordinator = parent.unretainedCoordinator
    self.ownedCoordinator = nil
    self.table = parent.table
    self.ownedTable = nil
    self.entries = parent.entries
    self.singletons = parent.singletons
    self.fallbackToken = parent.fallbackToken
    self.parent = parent
    self.instances = anchor.with(\.instanceTable)
    attachAnchor()
  }

  /// Points the anchor at this graph, once its initializer has set every property. The graph keeps
  /// the anchor, so the call lends it without a retain.
  private func attachAnchor() {
    unretainedAnchor.with { $0.attach(self) }
  }

  /// Builds shared instances once across this graph and its relatives.
  var coordinator: BuildCoordinator { unretainedCoordinator.object }

  /// Runs `body` with ``coordinator``, which this graph keeps alive meanwhile: no reference count.
  func withCoordinator<Result>(_ body: (BuildCoordinator) -> Result) -> Result {
    unretainedCoordinator.with(body)
  }

  deinit {
    unretainedAnchor.with { $0.graphWillRelease() }
    instances.destroy()
  }

  /// Every key this graph knows, in the order it reached them: the keys its modules (and its
  /// ancestors' modules) bind, override, decorate, require, contribute to or expose, and every key
  /// those reach through declared dependencies. Building the graph checked them all, before any
  /// factory ran; see <doc:DeclaringDependencies>.
  public var knownKeys: [Keys] { table.knownKeys }

  /// The known keys whose factories resolve through a ``Resolver`` (`{ r in … }`), or that a decorator
  /// or contribution resolving through one wraps or builds: the graph knows them, but not all they
  /// depend on, so building it did not check all of their dependencies.
  public var uncheckedKeys: [Keys] { table.uncheckedKeys }

  /// Makes a child graph that opens `scope`: keys scoped to it get one instance per child, released
  /// with the child.
  ///
  /// ```swift
  /// let flow = graph.child(scope: .flow)
  /// let profile = flow.make(.profileViewModel, profileView)
  /// // the same data controller
  /// let followers = flow.make(.followersViewModel, followersView)
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

  /// This graph or the ancestor at `level` (0 is the root).
  @inlinable @inline(__always)
  func ancestor(atLevel level: Int) -> Graph {
    var graph = self
    for _ in level..<self.level { graph = graph.parent.unsafelyUnwrapped }
    return graph
  }

  /// This graph or the ancestor at `level`, not retained: the read path looks up instances without
  /// touching reference counts (this graph keeps its ancestors alive).
  @inlinable @inline(__always)
  func unretainedAncestor(atLevel level: Int) -> Unretained<Graph> {
    var graph = Unretained(self)
    for _ in level..<self.level {
      graph = graph.with { Unretained($0.parent.unsafelyUnwrapped) }
    }
    return graph
  }

  /// The nearest graph, from this one up to the root, that opened `scope`, not retained.
  @inlinable @inline(__always)
  func unretainedNearest(opening scope: Scope) -> Unretained<Graph>? {
    var graph = Unretained(self)
    while true {
      let (opens, parent) = graph.with { graph in
        (graph.scope == scope, graph.parent.map(Unretained.init))
      }
      if opens { return graph }
      guard let parent else { return nil }
      graph = parent
    }
  }

  /// The nearest graph, from this one up to the root, that opened `scope`.
  @inlinable
  func nearest(opening scope: Scope) -> Graph? {
    var graph: Graph? = self
    while let current = graph, current.scope != scope { graph = current.parent }
    return graph
  }

  /// How diagnostics describe this graph: `the root graph`, `a child graph that opened .flow`.
  var diagnosticDescription: String {
    Self.describe(isRoot: parent == nil, scope: scope)
  }

  static func describe(isRoot: Bool, scope: Scope?) -> String {
    switch (isRoot, scope) {
    case (true, _): "the root graph"
    case (false, let scope?): "a child graph that opened \(scope)"
    case (false, nil): "a child graph"
    }
  }
}

// MARK: - Introspection

extension Graph {
  /// How many tasks wait for this graph's build of the async `key` in flight, the task that started it
  /// included: for tests that must know every waiter has joined before the build finishes.
  package func asyncWaiterCount(_ key: Keys) -> Int {
    coordinator.asyncBuilds.waiterCount(BuildCoordinator.BuildID(owner: ObjectIdentifier(self), slot: key.slot))
  }
}

extension Graph {
  /// Whether a module of this graph or of an ancestor binds `key` (or contributes to it), without
  /// resolving it. A key's own default does not count, decorated or not.
  ///
  /// ```swift
  /// #expect(graph.binds(.userAPI))          // the mock module bound it
  /// ```
  ///
  /// - Parameter key: Any key.
  /// - Returns: Whether a module binds the key.
  public func binds(_ key: Keys) -> Bool {
    table.contributions[key.slot] != nil || table.binding(at: key.slot).map { !$0.source.isKeyDefault } ?? false
  }

  /// Where the binding this graph would use for `key` comes from — the module and line, or the key's
  /// default — without resolving it: for debug menus, logs and tests.
  ///
  /// ```swift
  /// graph.source(of: .userAPI)?.modulePath    // "AppModule > FakeAPIModule"
  /// graph.source(of: .validator)?.isKeyDefault // true
  /// ```
  ///
  /// - Parameter key: Any key.
  /// - Returns: The binding's source, or `nil` for a required key that nothing binds.
  public func source(of key: Keys) -> BindingSource? {
    (table.binding(at: key.slot) ?? key.defaultAnyBinding)?.source
  }

  /// What the binding this graph would use for `key` declared it needs, in the factory's order —
  /// `Keys.x.provider` for a dependency resolved later — without resolving anything; `nil` when its
  /// factory resolves through a ``Resolver`` (`{ r in … }`), which declares nothing, or when nothing
  /// binds the key.
  ///
  /// ```swift
  /// graph.dependencies(of: .userAPI)?.map(\.name)
  /// // ["Keys.httpClient", "Keys.apiBaseURL"]
  /// ```
  ///
  /// - Parameter key: Any key.
  /// - Returns: The declared dependencies, or `nil`.
  public func dependencies(of key: Keys) -> [Keys]? {
    binding(resolving: key)?.dependencies?.keys.keys
  }

  /// The keys that this graph and `other` resolve with different bindings — another module, or one
  /// binding where the other has none — among every key either knows: live against mock at a glance.
  ///
  /// ```swift
  /// let live = try Graph(modules: [AppModule()], environment: .live)
  /// let mock = try Graph(modules: [AppModule()], environment: .mock)
  /// for difference in live.diff(against: mock) { print(difference) }
  /// // Keys.userAPI: LiveAPIModule (App/Modules.swift:8) here,
  /// //   FakeAPIModule (App/Modules.swift:15) there
  /// ```
  ///
  /// - Parameter other: The graph to compare with, such as the same modules in another environment.
  /// - Returns: Each key whose binding differs, in the order this graph knows them, then `other`'s.
  public func diff(against other: Graph) -> [BindingDifference] {
    var seen: Set<ObjectIdentifier> = []
    var differences: [BindingDifference] = []
    for key in knownKeys + other.knownKeys where seen.insert(ObjectIdentifier(key)).inserted {
      let here = binding(resolving: key)?.source
      let there = other.binding(resolving: key)?.source
      if here != there { differences.append(BindingDifference(key: key, here: here, there: there)) }
    }
    return differences
  }

  /// Whether resolving `key` here finds a binding — a module's, its test behaviour's or its default —
  /// rather than stopping.
  func resolvesToSomething(_ key: Keys) -> Bool {
    binding(resolving: key) != nil
  }

  /// The binding this graph resolves `key` with: a module's, else the key's test behaviour's in a test
  /// graph, else its default; `nil` when nothing binds it.
  func binding(resolving key: Keys) -> AnyBinding? {
    bindingAndOwner(resolving: key).binding
  }

  /// ``binding(resolving:)``, and the level of the graph whose module made it: where its singleton or
  /// `.weak` instance lives (the root, for a key's own binding).
  func bindingAndOwner(resolving key: Keys) -> (binding: AnyBinding?, ownerLevel: Int) {
    let slot = key.slot
    if let bound = table.binding(at: slot) { return (bound, table.entries[slot].ownerLevel) }
    return (key.fallbackAnyBinding(testing: usesTestValues), 0)
  }
}
