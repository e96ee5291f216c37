/// What a graph resolves by key slot: its own bindings and its ancestors', shared by every child
/// graph that adds no bindings of its own.
@usableFromInline
final class BindingTable: @unchecked Sendable {
  // @unchecked: every property is immutable; `entries` is allocated and filled in by the initializer
  // and only read after that.
  /// A slot's binding, unretained (``bindings`` and the parent's table keep it alive), and the level
  /// of the graph that owns its shared instances (the graph whose modules bound it).
  @usableFromInline
  struct Entry: @unchecked Sendable {
    // @unchecked: the pointer is to an immutable, Sendable binding the table keeps alive.
    @usableFromInline let binding: UnsafeRawPointer?
    @usableFromInline let ownerLevel: Int

    static let empty = Entry(binding: nil, ownerLevel: 0)
  }

  /// Every binding by slot; empty entries fall back on the key's default. Owned by the table and never
  /// changed: a graph keeps the buffer and reads it without an array's checks (see ``Graph/entries``).
  @usableFromInline let entries: UnsafeBufferPointer<Entry>
  /// Keeps the bindings this table added alive; the parent's table keeps the rest.
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
  @usableFromInline let checked: CheckedSlots

  /// `parent`'s entries with `plan`'s bindings laid over them, owned by the graph at `level`; `check`
  /// read them as data.
  init(_ plan: BuildPlan, over parent: BindingTable?, level: Int, check: GraphCheck) {
    let inherited = parent?.entries ?? UnsafeBufferPointer(start: nil, count: 0)
    var count = inherited.count
    var bindings: [AnyBinding] = []
    bindings.reserveCapacity(plan.bindings.count)
    for (key, binding) in plan.bindings {
      count = max(count, key.slot + 1)
      bindings.append(binding)
    }
    let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: count)
    let filled = entries.initialize(fromContentsOf: inherited)
    if filled < count { entries[filled...].initialize(repeating: .empty) }
    for (key, binding) in plan.bindings {
      entries[key.slot] = Entry(
        binding: UnsafeRawPointer(Unmanaged.passUnretained(binding).toOpaque()), ownerLevel: level)
    }
    self.entries = UnsafeBufferPointer(entries)
    self.bindings = bindings
    self.parent = parent
    self.contributions = plan.contributions
    self.installedModules = plan.installedModules
    self.knownKeys = check.knownKeys
    self.uncheckedKeys = check.uncheckedKeys
    self.checked = CheckedSlots(knownKeys)
  }

  deinit {
    entries.deallocate()
  }

  /// The binding a module made for `slot`, if any.
  func binding(at slot: Int) -> AnyBinding? {
    guard slot < entries.count, let binding = entries[slot].binding else { return nil }
    return Unmanaged<AnyBinding>.fromOpaque(binding).takeUnretainedValue()
  }
}
