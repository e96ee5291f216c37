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
        return resolveShared(key, binding, ownerLevel: ownerLevel, site, run)
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
        return resolveShared(key, binding, ownerLevel: ownerLevel, site, build)
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
      if binding.object.isLiveOnlyStandIn { reportLiveOnly(key) }
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
        let check = GraphCheck(roots: [key]) { key in
          table.binding(at: key.slot) ?? key.fallbackAnyBinding(testing: usesTestValues)
        }
        problems = check.problems
        if problems.isEmpty { for node in check.nodes { table.checked.insert(node.key.slot) } }
      }
      if !problems.isEmpty { ResolutionStack.stop(.unknownKeyProblems(key, problems), at: site) }
    }
    // Only a request outside every factory — a synchronous or an async one's — is the test's own.
    if let testHooks, testHooks.reportsUnknownKeys, isOutsideFactories {
      testHooks.reportUnknownKey(key)
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
    _ key: Keys, _ binding: Binding<Factory>, ownerLevel: Int, _ site: CallSite,
    _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    switch binding.lifetime {
    case .perResolution:
      return perResolutionInstance(key, binding, run)
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
  func reportLiveOnly(_ key: Keys) {
    guard let testHooks else {
      FileHandleOutput.standardError("Sheath: " + TestHooks.liveOnlyMessage(key))
      return
    }
    testHooks.reportLiveOnly(key)
  }
}
