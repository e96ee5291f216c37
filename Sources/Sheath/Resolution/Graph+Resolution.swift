// How a graph resolves a key, in the order a request goes: the subscript, the binding found by slot
// in the binding table, the lifetime's path, the resolver a factory is lent, and a declared factory's
// dependencies read by slot. CONTRIBUTING.md ("What `graph[.greeting]` goes through") walks it.

// MARK: - A request on a graph

extension Graph {
  /// The value for `key`, built or shared as its lifetime says: the request ``Resolving``'s subscript
  /// makes, made on a graph (`graph[.userAPI]`).
  ///
  /// A singleton a request through the graph's table has read before is read here, where the request
  /// is written, with no call; anything else is one call.
  ///
  /// - Parameters:
  ///   - key: The key to resolve.
  ///   - fileID: The file a stop names when the request itself fails (a missing binding, a scope no
  ///     graph opened, a released graph); the caller's, unless you pass another.
  ///   - line: The line a stop names, likewise.
  @inlinable
  public subscript<LifetimeOption, Decorator, Value>(
    key: BindableKey<@Sendable (Resolver) -> Value, LifetimeOption, Decorator, Value>,
    fileID fileID: StaticString = #fileID, line line: UInt = #line
  ) -> Value {
    if let instance = recordedSingleton(at: key.slot) {
      // Recorded from `key`'s own binding, which builds a `Value`.
      return instance.value(as: Value.self)
    }
    return request(key, at: CallSite(fileID: fileID, line: line))
  }

  /// The rest of a request made on this graph: one function per value type, called where the request
  /// is written.
  @inlinable @inline(never)
  func request<LifetimeOption, Decorator, Value>(
    _ key: BindableKey<@Sendable (Resolver) -> Value, LifetimeOption, Decorator, Value>, at site: CallSite
  ) -> Value {
    resolveKey(key, from: self, at: site, fallback: { key.unretainedFallbackBinding(testing: $0) })
  }
}

// MARK: - The binding, and where the value comes from

/// The resolution path, one for every kind of key: one array read finds the binding, the lifetime
/// decides where the value comes from, and a factory runs only with its key on the thread's
/// ``ResolutionStack``.
///
/// Each flavour passes `run`, which calls a binding's factory with the graph that builds the value and
/// a resolver for it: `{ $0.build($1, $2) }` for a ``Key`` (see `DirectKeyBinding`; a declared factory
/// reads its dependencies from the graph by slot), `{ $0.factory(MainActorResolver($2)) }` for a
/// ``MainActorKey``, `{ $0.build($2, argument) }` for an assisted key. The transient and cached
/// singleton paths are inlined, so callers get them specialized for their value type; scoped and weak
/// resolutions are specialized but not inlined; the builds of shared instances, which
/// happen once, are neither.
///
/// Nothing on the way retains the graph. A resolver keeps its graph alive, so it reads it unretained
/// and hands itself to the factories it runs; a request made on a ``Graph`` hands them the resolver
/// the graph lends (``Graph/lendingResolver(_:)``).
extension Graph {
  /// Resolves `key` from this graph. `source` is what the caller resolves with — this graph or a
  /// resolver for it — and gives transient values' factories their resolver; `fallback` gives the key's
  /// own binding, for when no module bound it; `run` calls a factory with a resolver.
  @inlinable @inline(__always)
  func resolve<Factory, Value>(
    _ key: Keys, from source: some Resolving, at site: CallSite,
    fallback: (_ testing: Bool) -> Unretained<Binding<Factory>>?, _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    let (found, ownerLevel) = binding(of: key, at: site, fallback: fallback)
    // One read of the binding for every way a key is bound, so that this stays small enough to inline.
    return found.with { binding in
      switch binding.path {
      case .transient:
        return buildTransient(key, binding, from: source, run)
      case .singleton:
        return singletonInstance(key, binding, ownerLevel: ownerLevel, run)
      case .shared:
        return resolveShared(key, binding, ownerLevel: ownerLevel, from: source, site, run)
      }
    }
  }

  /// Resolves a ``Key``: ``resolve(_:from:at:fallback:_:)`` with a transient value built by a direct
  /// call of ``Binding/build(_:_:)``.
  ///
  /// NB: not through `run`. A closure that takes the graph and the resolver is not inlined into the
  /// request once it is passed on to the shared paths too, and the request then calls it through a
  /// pointer: 16 to 19 instructions a request (`Benchmarks/scripts/profile.sh resolve-10 sheath`).
  @inlinable @inline(__always)
  func resolveKey<Value>(
    _ key: Keys, from source: some Resolving, at site: CallSite,
    fallback: (_ testing: Bool) -> Unretained<Binding<@Sendable (Resolver) -> Value>>?
  ) -> Value {
    let (found, ownerLevel) = binding(of: key, at: site, fallback: fallback)
    // One closure for both shared paths. The optimizer merges a request's specializations for several
    // value types into one function that takes each differing closure as an argument: with two, the
    // graph row of `../shared/bench-floor` (three `r[…]` requests) cost 8 instructions more.
    let build: (Binding<@Sendable (Resolver) -> Value>, Graph, Resolver) -> Value = { $0.build($1, $2) }
    return found.with { binding in
      switch binding.path {
      case .transient:
        let state = ResolutionStack.enter(key, .transient, binding, in: self)
        defer { ResolutionStack.exit(state) }
        if _slowPath(binding.tracksUsage) { binding.markUsed(key) }
        return source.withResolver(of: self) { binding.build(self, $0) }
      case .singleton:
        return singletonInstance(key, binding, ownerLevel: ownerLevel, build)
      case .shared:
        return resolveShared(key, binding, ownerLevel: ownerLevel, from: source, site, build)
      }
    }
  }

  /// Builds a new value of an assisted `key`, whose bindings are all transient.
  @inlinable @inline(__always)
  func resolveAssisted<Factory, Value>(
    _ key: Keys, from source: some Resolving, at site: CallSite,
    fallback: (_ testing: Bool) -> Unretained<Binding<Factory>>?, _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    binding(of: key, at: site, fallback: fallback).binding.with { binding in
      buildTransient(key, binding, from: source, run)
    }
  }

  /// `key`'s binding in this graph, unretained, and the level of the graph that owns its shared
  /// instances. `fallback` gives the key's own binding — its test behaviour's when passed `true` — which
  /// the key keeps alive.
  @inlinable @inline(__always)
  func binding<Factory>(
    of key: Keys, at site: CallSite, fallback: (_ testing: Bool) -> Unretained<Binding<Factory>>?
  ) -> (binding: Unretained<Binding<Factory>>, ownerLevel: Int) {
    let slot = key.slot
    if entries.contains(slot), let bound = entries[slot].binding(as: Factory.self) {
      return (bound, entries[slot].ownerLevel)
    }
    // Checked by this graph's table before, in a graph that is not a test's: one compare, and the key
    // has a default, since only a key with one is recorded.
    if _fastPath(key.checkedBy.load() == fallbackToken) {
      return (fallback(false).unsafelyUnwrapped, 0)
    }
    let found = checkFallback(key, fallback(usesTestValues)?.known(as: AnyBinding.self), at: site)
    return (found.known(as: Binding<Factory>.self), 0)
  }

  /// Looks at `key`, which this graph falls back on to `binding` (its own, or `nil` if it has none),
  /// as the first fallback in a graph sharing this table does and every fallback in a test graph:
  /// stops if there is no binding, checks the key if the table has not (``checkUnknownKey(_:at:)``),
  /// reports a live-only key's stand-in to a test, and else records in the key that the table checked
  /// it. Returns `binding`.
  @usableFromInline @inline(never)
  func checkFallback(_ key: Keys, _ binding: Unretained<AnyBinding>?, at site: CallSite) -> Unretained<AnyBinding> {
    guard let binding else { missingBinding(key, at: site) }
    if !table.checked.contains(key.slot) { checkUnknownKey(key, at: site) }
    if table.stopsOnUnknownKeys { stopIfRequestedOutsideFactories(key, at: site) }
    if usesTestValues {
      if binding.object.isLiveOnlyStandIn { reportLiveOnly(key, at: site) }
    } else if !table.stopsOnUnknownKeys {
      key.checkedBy.store(fallbackToken)
    }
    return binding
  }

  /// Whether the thread (or task) is outside every factory: a request made there is the app's own.
  var isOutsideFactories: Bool {
    ResolutionStack.currentPath.isEmpty && AsyncTrail.current == nil
  }

  /// Stops a request for `key`, which the graph did not know when it was built, when it was made
  /// outside every factory, in a graph made to (``init(modules:environment:stopsOnUnknownKeys:)``).
  func stopIfRequestedOutsideFactories(_ key: Keys, at site: CallSite) {
    if isOutsideFactories { ResolutionStack.stop(.unknownKeyRequested(key), at: site) }
  }

  /// Checks, before its first factory runs, a key the graph did not know when it was built — one no
  /// module names and no known key declares — with everything it declares it needs, as building the
  /// graph checks the keys it knows: it stops with the problems found, and a test graph reports a key
  /// its test resolved that way, since building the app's graph does not check it.
  ///
  /// A key whose factory resolves through a resolver declares nothing to check: it is only recorded.
  @usableFromInline @inline(never)
  func checkUnknownKey(_ key: Keys, at site: CallSite) {
    let table = self.table
    let usesTestValues = self.usesTestValues
    if key.fallbackAnyBinding(testing: usesTestValues)?.dependencies == nil {
      table.checked.insert(key.slot)
    } else {
      var problems: [GraphError.Problem] = []
      // The resolving thread may be deep in a chain, or have a small stack: check where there is room.
      onAmpleStack {
        let check = GraphCheck(roots: [key], lineage: GraphCheck.Lineage(self))
        problems = check.problems
        // What a graph above builds is checked again when that graph resolves it itself.
        if problems.isEmpty { for key in check.knownKeys { table.checked.insert(key.slot) } }
      }
      if !problems.isEmpty { ResolutionStack.stop(.unknownKeyProblems(key, problems), at: site) }
    }
    // Only a request outside every factory — a synchronous or an async one's — is the test's own.
    if let testHooks, testHooks.reportsUnknownKeys, isOutsideFactories {
      testHooks.reportUnknownKey(key, at: site)
    }
  }

  /// Runs a transient binding's factory with `key` on the thread's resolution stack.
  @inlinable @inline(__always)
  func buildTransient<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, from source: some Resolving,
    _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    let state = ResolutionStack.enter(key, .transient, binding, in: self)
    defer { ResolutionStack.exit(state) }
    if _slowPath(binding.tracksUsage) { binding.markUsed(key) }
    return source.withResolver(of: self) { run(binding, self, $0) }
  }

  /// Resolves a scoped, weak or per-resolution `key`: specialized for the caller, but not inlined into
  /// it.
  @inlinable @inline(never)
  func resolveShared<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, ownerLevel: Int, from source: some Resolving, _ site: CallSite,
    _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    switch binding.lifetime {
    case .perResolution:
      // The caller's resolver, for a value the resolution was asked for (see `perResolutionInstance`).
      return source.withResolver(of: self) { resolver in perResolutionInstance(key, binding, resolver, run) }
    case .transient, .singleton:
      // `resolve` handles both itself; shared here all the same.
      return sharedInstance(in: unretainedAncestor(atLevel: ownerLevel), key, binding, run)
    case .scoped(let scope):
      guard let home = unretainedNearest(opening: scope) else {
        scopeNotOpen(key, scope, at: site)
      }
      return sharedInstance(in: home, key, binding, run)
    case .weak:
      return ancestor(atLevel: ownerLevel).weakInstance(key, binding, run)
    }
  }

  /// A singleton's instance: read from the table's ``singletons`` by slot once a request through the
  /// table has seen it; else from the graph that owns it, at `ownerLevel` — built there on first use —
  /// and then recorded in the table.
  @inlinable @inline(__always)
  func singletonInstance<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, ownerLevel: Int, _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    let slot = key.slot
    let inTable = entries.contains(slot)
    if inTable, let instance = singletons.load(slot) {
      // The owner keeps the value, and this graph keeps the owner.
      return instance.value(as: Value.self)
    }
    let owner = unretainedAncestor(atLevel: ownerLevel)
    let value = sharedInstance(in: owner, key, binding, run)
    if inTable { recordSingleton(at: slot, of: owner) }
    return value
  }

  /// The address of the singleton in `slot` that a request through this graph's table read or built
  /// (``singletonInstance(_:_:ownerLevel:_:)``), or `nil`: its owner keeps it, and this graph keeps
  /// its owner.
  @inlinable @inline(__always)
  func recordedSingleton(at slot: Int) -> StoredInstance? {
    guard entries.contains(slot) else { return nil }
    return singletons.load(slot)
  }

  /// Records in the table the address of the value `owner` keeps for the singleton in `slot`.
  @usableFromInline @inline(never)
  func recordSingleton(at slot: Int, of owner: Unretained<Graph>) {
    if let instance = owner.with({ $0.instances.load(slot) }) {
      singletons.store(instance, at: slot)
    }
  }

  /// The instance `owner` — this graph or an ancestor, which this graph keeps alive — caches for
  /// `key`, built on first use. Reading a cached instance retains nothing but the instance.
  @inlinable @inline(__always)
  func sharedInstance<Factory, Value>(
    in owner: Unretained<Graph>, _ key: Keys, _ binding: Binding<Factory>,
    _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    if let instance = owner.with({ $0.instances.load(key.slot) }) {
      return instance.value(as: Value.self)
    }
    // Lent, not retained: the request's graph keeps the owner alive.
    return owner.with { $0.buildSharedInstance(key, binding, run) { InstanceTable.Stored($0) } }
  }

  /// The instance this graph caches for `key`, built on first use.
  @inlinable @inline(__always)
  func sharedInstance<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    sharedInstance(in: Unretained(self), key, binding, run)
  }

  /// The graph that owns `key`'s instance for `scope`: the nearest that opened it.
  @inlinable @inline(__always)
  func home(of key: Keys, _ scope: Scope, at site: CallSite) -> Graph {
    if let home = nearest(opening: scope) { return home }
    scopeNotOpen(key, scope, at: site)
  }

  @usableFromInline
  func scopeNotOpen(_ key: Keys, _ scope: Scope, at site: CallSite) -> Never {
    // A task's async keys, then the thread's.
    let frames = (AsyncTrail.current?.frames ?? []) + ResolutionStack.currentFrames
    // The innermost shared instance being built lives in a graph that cannot see the scope.
    let holder = frames.last { $0.lifetime.isShared }
    let path = frames.map(\.key)
    ResolutionStack.stop(.scopeNotOpen(key, scope, neededBy: path, holder: holder), at: site)
  }

  /// The lifetime `key` resolves with in this graph.
  func lifetime(of key: Keys, fallback: AnyBinding?) -> LifetimeKind {
    (table.binding(at: key.slot) ?? fallback)?.lifetime ?? key.defaultLifetimeKind
  }

  @usableFromInline
  func missingBinding(_ key: Keys, at site: CallSite) -> Never {
    ResolutionStack.stop(.missingBinding(key, neededBy: ResolutionStack.fullPath), at: site)
  }

  @usableFromInline
  func reportLiveOnly(_ key: Keys, at site: CallSite) {
    guard let testHooks else {
      FileHandleOutput.standardError("Sheath: " + TestHooks.liveOnlyMessage(key))
      return
    }
    testHooks.reportLiveOnly(key, at: site)
  }
}

// MARK: - The graph and resolver a request reaches

extension Resolving {
  /// Runs `body` with the graph; `key`, about to be resolved, and the caller's `fileID` and `line`
  /// name the stop when the graph was released.
  ///
  /// A graph is its own graph. The test compares two types, folded wherever `Self` is known — every
  /// request, inlined into its caller — and spares a request made on a graph the resolver that would
  /// own it: a retain and a release on a count every thread shares. (Not `self as? Graph`: in a debug
  /// build that is a call into the runtime's casts, whose stack a small thread may not have.)
  ///
  /// NB: `@_transparent`, inlined in debug builds too: every nested request passes here, and a frame
  /// of its own made the 16 KiB thread of `CycleTests` overflow before its stop could be reported.
  @usableFromInline @_transparent
  func withGraph<Result>(
    resolving key: Keys, fileID: StaticString, line: UInt, _ body: (Graph) -> Result
  ) -> Result {
    // The idiom of the standard library and swift-collections for a type known equal.
    if Self.self == Graph.self { return body(_identityCast(self, to: Graph.self)) }
    return resolver.withGraph(resolving: key, fileID: fileID, line: line, body)
  }

  /// Runs `body` with what the factory of a transient value resolved from here gets, from `graph`,
  /// the graph this resolves from, as the caller holds it: for a request made on a graph, the
  /// resolver the graph lends its factories (folded as above); else this resolver, lent or given to
  /// a factory itself — or, where a shared instance's provider, lazy value or factory resolves from
  /// its own graph, the resolver that instance's factory got: a factory's resolver, kept, never
  /// resolves from another graph.
  @usableFromInline @_transparent
  func withResolver<Result>(of graph: Graph, _ body: (Resolver) -> Result) -> Result {
    if Self.self == Graph.self { return graph.lendingResolver(body) }
    let resolver = resolver
    if case .kept = resolver.graphReference.storage {
      return body(Resolver(resolver.graphReference.forFactories(of: graph)))
    }
    return body(resolver)
  }

  /// How this refers to its graph: what a provider, a lazy value or an assisted factory made from it
  /// keeps.
  @inlinable
  var graphReference: GraphReference { resolver.graphReference }
}

extension Graph {
  /// Runs `body`, a request made on this graph, with this thread's resolution state naming the graph
  /// and its anchor: the graph is alive until `body` returns, so a resolver that refers to it through
  /// the anchor — lent, or a shared instance's — resolves from it on this thread without a retain.
  @inlinable @inline(__always)
  func lending<Result>(_ body: () -> Result) -> Result {
    ResolutionStack.lending(self, anchorAddress: lentResolver.graphReference.address, body)
  }

  /// Runs `body`, a transient factory of a request made on this graph, with the resolver the graph
  /// lends it: the graph holds that resolver, so passing it retains nothing — a resolver made here
  /// would own the graph, a retain and a release per request on a count every thread shares.
  @inlinable @inline(__always)
  func lendingResolver<Result>(_ body: (Resolver) -> Result) -> Result {
    lending { body(lentResolver) }
  }
}

// MARK: - The binding table

/// What a graph resolves by key slot: its own bindings and its ancestors', shared by every child
/// graph that adds no bindings of its own.
@usableFromInline
final class BindingTable: @unchecked Sendable {
  // @unchecked: every property is immutable; `entries` is allocated and filled in by the initializer
  // and only read after that; each cell of `singletons` is written with release stores and read with
  // acquire loads: once, or more when two threads miss it at once, each then storing the address of the
  // one instance the family published (both addresses stay valid while the graph lives).
  /// A slot's binding, unretained (``bindings`` and the parent's table keep it alive), the level of
  /// the graph that owns its shared instances (the graph whose modules bound it; the root for a key's
  /// own binding), and what the resolution path may skip for it.
  @usableFromInline
  struct Entry: @unchecked Sendable {
    // @unchecked: the reference is to an immutable, Sendable binding the table keeps alive.
    @usableFromInline let binding: Unretained<AnyBinding>?
    @usableFromInline let level: Int32
    @usableFromInline let flags: Flags

    init(binding: AnyBinding?, ownerLevel: Int, flags: Flags) {
      self.binding = binding.map(Unretained.init)
      self.level = Int32(truncatingIfNeeded: ownerLevel)
      self.flags = flags
    }

    @inlinable var ownerLevel: Int { Int(level) }

    /// The binding, as the `Binding<Factory>` the slot's key makes: a key's bindings all have its
    /// factory type, which the compiler checked where they were made. `nil` for an empty entry.
    @inlinable @inline(__always)
    func binding<Factory>(as _: Factory.Type) -> Unretained<Binding<Factory>>? {
      binding.map { $0.known(as: Binding<Factory>.self) }
    }

    /// The binding, as the ``DeclaredKeyBinding`` that ``Flags-swift.struct/declaredTransient`` is only
    /// set for, of the slot's key's value type.
    @inlinable @inline(__always)
    func declaredTransientBinding<Value>(of _: Value.Type) -> Unretained<DeclaredKeyBinding<Value>> {
      binding.unsafelyUnwrapped.known(as: DeclaredKeyBinding<Value>.self)
    }

    static let empty = Entry(binding: nil, ownerLevel: 0, flags: [])

    /// What an entry's binding lets ``Graph/resolveDeclared(_:_:fileID:line:)`` skip.
    @usableFromInline
    struct Flags: OptionSet, Sendable {
      @usableFromInline let rawValue: UInt32

      @inlinable init(rawValue: UInt32) {
        self.rawValue = rawValue
      }

      /// The key's own binding (its test behaviour's, in a test graph), laid in because the graph
      /// knows the key: no module made it, and resolving it needs no fallback and no check.
      static var keyDefault: Flags { Flags(rawValue: 1 << 0) }
      /// A transient factory that declared its dependencies: its ``SlotThunk`` runs, and resolves
      /// them by slot, with nothing recorded on the way but the key's frame.
      @inlinable static var declaredTransient: Flags { Flags(rawValue: 1 << 1) }

      /// The flags of `binding`, which a graph resolves a key with.
      init(_ binding: AnyBinding, keyDefault: Bool) {
        var flags: Flags = keyDefault ? .keyDefault : []
        if case .transient = binding.lifetime, binding.hasSlotThunk, !binding.tracksUsage, !binding.isLiveOnlyStandIn {
          flags.insert(.declaredTransient)
        }
        self = flags
      }
    }
  }

  /// Every binding by slot; empty entries fall back on the key's default. Owned by the table and never
  /// changed: a graph keeps the buffer and reads it without an array's checks (see ``Graph/entries``).
  ///
  /// The keys the graph knows that no module binds have their own binding laid in (``Entry/Flags-swift.struct/keyDefault``),
  /// so that resolving them reads one entry, as for a bound key; a live-only key's stand-in is left
  /// out, since a test graph reports each use of it.
  @usableFromInline let entries: BindingEntries
  /// The singletons resolved through this table, by slot (as many as ``entries``): the address of each
  /// one's value in its owner's instance table (``InstanceTable/load(_:)``), recorded the first time a
  /// request through the table reads or builds it, so that reading a singleton takes a slot and a
  /// load, as reading a global `let` does. The address belongs to the graph that owns the singleton:
  /// the graph this table was built for, or one of its ancestors — alive as long as any graph that
  /// resolves through this table is.
  @usableFromInline let singletons: PublishedInstances
  /// Keeps the bindings this table added alive (a key made at run time may be released before its
  /// graph); the parent's table keeps the rest.
  private let bindings: [AnyBinding]
  private let parent: BindingTable?
  /// Every contribution to a multibinding the graph sees, its ancestors' first, by slot.
  let contributions: [Int: [AnyContribution]]
  /// The module types installed in the graph and its ancestors.
  let installedModules: [ObjectIdentifier: InstalledModule]
  /// Every key the graph knows, checked when it was built (see ``GraphCheck``), in the order reached.
  let knownKeys: [Keys]
  /// The known keys whose dependencies are not all declared (see ``GraphCheck/uncheckedKeys``).
  let uncheckedKeys: [Keys]
  /// The keys checked as data: the known keys, and each other key on its first resolution.
  let checked: CheckedSlots

  /// This table's number, unique in the process: what a key records in ``Keys/checkedBy`` once this
  /// table checked it, so that a graph sharing the table trusts its check with one compare.
  let checkToken: Int

  /// The last token given; tokens start at 1, since a key's cell starts at 0.
  private static let lastToken = Locked(0)

  /// The environment the table's graphs were built for: a child's is its parent's.
  let environment: AppEnvironment

  /// Whether a request made outside every factory for a key the graph did not know stops (see
  /// ``Graph/init(modules:environment:stopsOnUnknownKeys:)``); a child graph's table takes its parent's.
  let stopsOnUnknownKeys: Bool

  /// What the table's graphs report to a test framework, in a test graph.
  let testHooks: TestHooks?

  /// `parent`'s entries with `plan`'s bindings laid over them, owned by the graph at `level`; `check`
  /// read them as data. `environment` and `hooks` are the graphs'.
  init(
    _ plan: BuildPlan, over parent: BindingTable?, level: Int, check: GraphCheck, environment: AppEnvironment,
    hooks: TestHooks?, stopsOnUnknownKeys: Bool
  ) {
    self.environment = environment
    self.stopsOnUnknownKeys = stopsOnUnknownKeys
    self.testHooks = hooks
    var count = parent?.entries.count ?? 0
    var bindings: [AnyBinding] = []
    bindings.reserveCapacity(plan.bindings.count)
    for (key, binding) in plan.bindings {
      count = max(count, key.slot + 1)
      bindings.append(binding)
    }
    for node in check.nodes { count = max(count, node.key.slot + 1) }
    let entries = BindingEntries(count: count, inheriting: parent?.entries)
    for (key, binding) in plan.bindings {
      entries[key.slot] = Entry(binding: binding, ownerLevel: level, flags: Entry.Flags(binding, keyDefault: false))
    }
    // The known keys' own bindings: what a resolution would fall back on, owned by the root. Not
    // those only a graph above resolves, for a key it builds: this graph has not checked them.
    for node in check.nodes where node.isResolvedByCheckedGraph && entries[node.key.slot].binding == nil {
      guard let binding = node.binding, !binding.isLiveOnlyStandIn else { continue }
      entries[node.key.slot] = Entry(binding: binding, ownerLevel: 0, flags: Entry.Flags(binding, keyDefault: true))
      bindings.append(binding)
    }
    self.entries = entries
    self.singletons = PublishedInstances(count: count)
    self.bindings = bindings
    self.parent = parent
    self.contributions = plan.contributions
    self.installedModules = plan.installedModules
    self.knownKeys = check.knownKeys
    self.uncheckedKeys = check.uncheckedKeys
    self.checked = CheckedSlots(knownKeys)
    self.checkToken = Self.lastToken.withLock { token in
      token += 1
      return token
    }
  }

  deinit {
    entries.deallocate()
    singletons.deallocate()
  }

  /// The binding a module made for `slot`, if any: not a key's own binding laid in.
  func binding(at slot: Int) -> AnyBinding? {
    guard entries.contains(slot), let binding = entries[slot].binding, !entries[slot].flags.contains(.keyDefault)
    else { return nil }
    return binding.object
  }
}

// MARK: - Declared dependencies, by slot

/// Resolution through precomputed slots: the path of a factory that declared its dependencies
/// (`Key(.transient, .data, .validator) { data, validator in … }`).
///
/// Such a factory is kept as a ``SlotThunk``, which takes the graph to resolve from and resolves each
/// dependency with ``Graph/resolveDeclared(_:_:fileID:line:)``: one read of the dependency's
/// ``BindingTable/Entry`` by its slot, where building the graph laid the binding the graph resolves it
/// with — a module's, or the key's own — and flagged what the read may skip:
///
/// - a transient declared dependency runs its own thunk with the same graph, with only its frame on the
///   thread's ``ResolutionStack`` (what keeps paths, cycle and depth checks and traces right): no
///   resolver is made or asked for its graph, no fallback binding is loaded, no checked bit tested,
///   no lifetime switched on;
/// - a singleton a request through the same table has read or built is read from the table's
///   ``BindingTable/singletons``, by slot;
/// - anything else — a scoped or weak key, a singleton's first read here, a factory that resolves through
///   a resolver, a test's override that records its use — goes the general way, through the resolver
///   the factory would have received, so that it meets every check it meets today.
///
/// A graph is only built when the declared part of it has no cycle and no missing binding
/// (``GraphCheck``), and every key it knows has its entry laid in then; a key it does not know has
/// none, and goes the general way, where it is checked on its first resolution. The frame each
/// transient pushes is the one piece of bookkeeping kept: it is what a stop's path, the depth guard,
/// a cycle through an escape hatch (`@Inject`, a captured graph) and ``ResolutionTrace`` read, and it
/// costs a thread-local read, two compares and three stores.
extension Graph {
  /// The value of `key`, a dependency that a factory resolving from this graph declared; `resolver`
  /// is the factory's own (it refers to this graph), for what is not resolved by slot. `fileID` and
  /// `line` name where the factory was declared, for a stop.
  @inlinable @inline(__always)
  func resolveDeclared<Value>(
    _ key: Unretained<Key<Value>>, _ resolver: Resolver, fileID: StaticString, line: UInt
  ) -> Value {
    key.with { key in
      let slot = key.slot
      if entries.contains(slot) {
        let entry = entries[slot]
        if entry.flags.contains(.declaredTransient) {
          // The table keeps the binding alive.
          return entry.declaredTransientBinding(of: Value.self)
            .with { binding in
              let state = ResolutionStack.enter(key, .transient, binding, in: self)
              defer { ResolutionStack.exit(state) }
              return runSlotThunk(self, resolver, binding.slotThunk)
            }
        }
        if let instance = singletons.load(slot) {
          // A singleton a request through this table has seen (``singletonInstance``): its owner
          // keeps the value, and this graph keeps its owner.
          return instance.value(as: Value.self)
        }
      }
      return resolver[key, fileID: fileID, line: line]
    }
  }
}

extension Resolver {
  /// Runs a declared factory's `thunk` with this resolver's graph: how a factory that declared its
  /// dependencies is called where a resolver is what the caller has. `dependencies` and `site` name
  /// the stop when the graph was released.
  @inlinable @inline(__always)
  func runDeclared<Value>(
    _ dependencies: DeclaredDependencies, at site: CallSite,
    _ thunk: SlotThunkCall<Value>
  ) -> Value {
    if let graph = graphReference.unretainedGraph {
      return graph.with { runSlotThunk($0, self, thunk) }
    }
    let graph = graphReference.graph(resolving: dependencies.keys.keys[0], at: site)
    return withExtendedLifetime(graph) { runSlotThunk(graph, self, thunk) }
  }
}
