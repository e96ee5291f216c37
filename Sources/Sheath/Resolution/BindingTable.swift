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
    // The known keys' own bindings: what a resolution would fall back on, owned by the root.
    for node in check.nodes where entries[node.key.slot].binding == nil {
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
