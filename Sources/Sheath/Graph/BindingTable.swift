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
  /// The keys this table's own modules bound, in registration order (for `verify()`).
  let boundKeys: [Keys]
  /// The module types installed in the graph and its ancestors.
  let installedModules: [ObjectIdentifier: InstalledModule]

  private init(
    entries: ContiguousArray<Entry>, bindings: [AnyBinding], parent: BindingTable?,
    contributions: [Int: [AnyContribution]], boundKeys: [Keys], installedModules: [ObjectIdentifier: InstalledModule]
  ) {
    let buffer = UnsafeMutableBufferPointer<Entry>.allocate(capacity: entries.count)
    _ = buffer.initialize(from: entries)
    self.entries = UnsafeBufferPointer(buffer)
    self.bindings = bindings
    self.parent = parent
    self.contributions = contributions
    self.boundKeys = boundKeys
    self.installedModules = installedModules
  }

  /// `parent`'s entries with `plan`'s bindings laid over them, owned by the graph at `level`.
  convenience init(_ plan: BuildPlan, over parent: BindingTable?, level: Int) {
    var entries = ContiguousArray(parent?.entries ?? UnsafeBufferPointer(start: nil, count: 0))
    if let maxSlot = plan.bindings.map(\.key.slot).max(), entries.count <= maxSlot {
      entries.append(contentsOf: repeatElement(.empty, count: maxSlot + 1 - entries.count))
    }
    for (key, binding) in plan.bindings {
      entries[key.slot] = Entry(
        binding: UnsafeRawPointer(Unmanaged.passUnretained(binding).toOpaque()), ownerLevel: level)
    }
    self.init(
      entries: entries, bindings: plan.bindings.map(\.binding), parent: parent, contributions: plan.contributions,
      boundKeys: plan.bindings.map(\.key), installedModules: plan.installedModules)
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
