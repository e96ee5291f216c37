/// A binding table's entries, by key slot: one block, allocated and filled in by the table's
/// initializer, then only read — without a lock, a bounds check or a reference count — by every graph
/// that resolves through the table. The table frees it, after the last such graph is gone (each keeps
/// the table, or an ancestor that does).
@frozen @usableFromInline
struct BindingEntries: @unchecked Sendable {
  // @unchecked: written only by the table's initializer, before any graph holds the table; read-only
  // after that, and the entries' bindings are immutable and Sendable.
  @usableFromInline let base: UnsafeMutablePointer<BindingTable.Entry>
  /// How many slots the block has: every key created before the table was built that it or an
  /// ancestor knows, and none after.
  @usableFromInline let count: Int

  /// `count` entries: `inherited`'s, then empty ones.
  init(count: Int, inheriting inherited: BindingEntries?) {
    base = .allocate(capacity: Swift.max(count, 1))
    let copied = Swift.min(inherited?.count ?? 0, count)
    if let inherited { base.initialize(from: inherited.base, count: copied) }
    (base + copied).initialize(repeating: .empty, count: count - copied)
    self.count = count
  }

  /// Whether `slot` has an entry: one unsigned comparison, since a slot is never negative.
  @inlinable @inline(__always)
  func contains(_ slot: Int) -> Bool {
    UInt(bitPattern: slot) < UInt(bitPattern: count)
  }

  /// The entry of `slot`, which ``contains(_:)`` (debug builds check it when setting); set only by
  /// the table's initializer, which sized the block for every slot it sets.
  @inlinable
  subscript(slot: Int) -> BindingTable.Entry {
    @inline(__always) get { base[slot] }
    nonmutating set {
      #if DEBUG || SHEATH_INTERNAL_CHECKS
        precondition(contains(slot), "binding table: slot \(slot) is outside its \(count) entries")
        Self.checkInvariants(of: newValue, at: slot)
      #endif
      base[slot] = newValue
    }
  }

  /// Frees the block; the table's `deinit` calls it.
  func deallocate() {
    base.deallocate()
  }
}

extension BindingEntries {
  /// Stops if the block breaks one of its invariants; each set checks the entry it sets in debug
  /// builds and with internal checks on (`-DSHEATH_INTERNAL_CHECKS`), and tests call this in any build.
  ///
  /// - An entry is plain words (its binding is unretained), so that a child's block copies its
  ///   parent's byte for byte and ``deallocate()`` has nothing to release.
  /// - Every entry holds what ``checkInvariants(of:at:)`` says.
  func checkInvariants() {
    precondition(_isPOD(BindingTable.Entry.self), "binding table: an entry is not plain words; freeing leaks it")
    precondition(count >= 0, "binding table: \(count) entries")
    for slot in 0..<count { Self.checkInvariants(of: base[slot], at: slot) }
  }

  /// Stops if `entry`, for `slot`, is neither empty (no binding, level 0, no flags) nor a binding
  /// with a level of zero or more, a key's own binding owned by the root (level 0), and the
  /// ``BindingTable/Entry/Flags-swift.struct/declaredTransient`` flag exactly when its binding lets
  /// the resolution path skip to its slot thunk.
  @usableFromInline
  static func checkInvariants(of entry: BindingTable.Entry, at slot: Int) {
    guard let binding = entry.binding else {
      precondition(
        entry.level == 0 && entry.flags.isEmpty,
        "binding table: slot \(slot) has no binding, but level \(entry.level) and flags \(entry.flags.rawValue)")
      return
    }
    precondition(entry.level >= 0, "binding table: slot \(slot)'s binding is owned by level \(entry.level)")
    let keyDefault = entry.flags.contains(.keyDefault)
    precondition(
      !keyDefault || entry.level == 0,
      "binding table: slot \(slot) holds its key's own binding, owned by level \(entry.level), not the root")
    let expected = binding.with { BindingTable.Entry.Flags($0, keyDefault: keyDefault) }
    precondition(
      entry.flags == expected,
      "binding table: slot \(slot)'s flags are \(entry.flags.rawValue), its binding's \(expected.rawValue)")
  }
}

// MARK: - What a declared binding runs

/// A declared factory with its dependencies resolved from `graph`, which the caller keeps alive;
/// `resolver` is what the factory would have received — ``Graph/resolveDeclared(_:_:fileID:line:)``
/// resolves through it what it does not resolve by slot. It initializes `result` with the value it
/// built; ``runSlotThunk(_:_:_:)`` calls it.
///
/// NB: the value goes out through a pointer, not as the closure's result, for speed. A thunk is a
/// closure in a generic initializer, specialized in the app's module. Were its result `Value`, the
/// specialization would return a class or a small struct directly, and Swift would keep a "not
/// re-abstracted" thunk with the generic convention for the stored closure. The specializer inlines
/// the body into that thunk, and the compiler marks every call in a thunk `noinline`: the one-instruction
/// C helpers the body calls (an atomic load, the thread's resolution state, the stack address) became
/// real calls, about 15 instructions a dependency (a chain of 100 transients: 64,594 → 63,109). A
/// pointer has one convention whatever `Value` is, so there is no thunk.
@usableFromInline
typealias SlotThunk<Value> =
  @Sendable (_ graph: Graph, _ resolver: Resolver, _ result: UnsafeMutablePointer<Value>) -> Void

/// An assisted declared factory: ``SlotThunk`` with the caller's argument, which it reads through a
/// pointer for the same reason.
@usableFromInline
typealias AssistedSlotThunk<Argument, Value> =
  @Sendable (
    _ graph: Graph, _ resolver: Resolver, _ argument: UnsafePointer<Argument>, _ result: UnsafeMutablePointer<Value>
  ) -> Void

/// What a slot thunk's caller passes: the thunk, with anything else it needs bound.
@usableFromInline
typealias SlotThunkCall<Value> = (_ graph: Graph, _ resolver: Resolver, _ result: UnsafeMutablePointer<Value>) -> Void

/// The value `thunk` builds with `graph` and `resolver` (see ``SlotThunk``).
///
/// NB: the result's room is not stack-protected. `withUnsafeTemporaryAllocation` would give every
/// function this is inlined into (each request) a stack canary, set and checked even on paths that
/// never build: 12 instructions a request. The room holds one value, which `thunk` initializes whole.
@inlinable @inline(__always)
func runSlotThunk<Value>(
  _ graph: Graph, _ resolver: Resolver, _ thunk: SlotThunkCall<Value>
) -> Value {
  _withUnprotectedUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
    let result = buffer.baseAddress.unsafelyUnwrapped
    thunk(graph, resolver, result)
    return result.move()
  }
}

/// The value the assisted `thunk` builds with `graph`, `resolver` and `argument`, which it reads in
/// place.
@inlinable @inline(__always)
func runSlotThunk<Argument, Value>(
  _ graph: Graph, _ resolver: Resolver, _ argument: Argument, _ thunk: AssistedSlotThunk<Argument, Value>
) -> Value {
  _withUnprotectedUnsafePointer(to: argument) { argument in
    runSlotThunk(graph, resolver) { thunk($0, $1, argument, $2) }
  }
}

extension Resolver {
  /// Runs a declared assisted factory's `thunk` with `argument` and this resolver's graph
  /// (``runDeclared(_:at:_:)``).
  @inlinable @inline(__always)
  func runDeclared<Argument, Value>(
    _ dependencies: DeclaredDependencies, at site: CallSite, _ argument: Argument,
    _ thunk: AssistedSlotThunk<Argument, Value>
  ) -> Value {
    _withUnprotectedUnsafePointer(to: argument) { argument in
      runDeclared(dependencies, at: site) { graph, r, result in thunk(graph, r, argument, result) }
    }
  }
}
