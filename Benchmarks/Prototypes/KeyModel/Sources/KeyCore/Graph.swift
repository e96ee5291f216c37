// The graph: one slot per key (dense index from the key), holding the module's binding and the
// cached singleton. Resolution = index + load + (cached ? return : call the recipe's thunk).
import Synchronization

@usableFromInline final class Box<V> {
  @usableFromInline let value: V
  @usableFromInline init(_ value: V) { self.value = value }
}

public struct GraphSlot {
  @usableFromInline var instance: AnyObject?
  @usableFromInline var binding: UnsafeRawPointer?  // an immortal Recipe<V> from a module
}

public struct Bindings {
  var bound: [Int: UnsafeRawPointer] = [:]
  public init() {}

  /// What every surface's `bind` calls: `recipe` replaces the key's default.
  public mutating func bind<V, F>(_ key: SheathKey<V, F>, _ recipe: Recipe<V>) {
    recipe.slot = key.slot
    bound[key.slot] = UnsafeRawPointer(Unmanaged.passRetained(recipe).toOpaque())
  }

  /// Follow-up 2 (recipe form): `key` resolves as the declared key `recipe` does — the inline
  /// `Key(...)` of `b.bind(.x, Key(.transient, .a) { … })`, or another declared key
  /// (`b.bind(.userAPI, .liveUserAPI)`). Its recipe is shared (immortal, not copied, its `slot` left
  /// as the recipe's own key's slot), so that `Graph.init` can follow the target's own binding and a
  /// singleton is made once, in the target's slot, and shared: an alias, as Dagger's `@Binds`.
  public mutating func bind(slot: Int, to recipe: AnyKey) {
    bound[slot] = recipe.recipe
  }

  /// Follow-up 2: the recipe a bound slot finally resolves with — a bound recipe whose own key (its
  /// `slot`) is itself bound elsewhere is followed to that binding (alias chains; a cycle traps).
  func final(_ slot: Int, _ r: UnsafeRawPointer) -> UnsafeRawPointer {
    var r = r, steps = 0
    while true {
      let home = Unmanaged<AnyRecipe>.fromOpaque(r).takeUnretainedValue().slot
      guard home != slot, let next = bound[home], next != r else { return r }
      steps += 1
      precondition(steps <= bound.count, "alias cycle in bindings")
      r = next
    }
  }
}

public final class Graph: @unchecked Sendable {
  // @unchecked: prototype; a singleton's first creation is not locked.
  @usableFromInline let slots: UnsafeMutablePointer<GraphSlot>
  @usableFromInline static var capacity: Int { 1 << 16 }
  /// (b): the graph's own site table (site -> slot), for keys that carry a site instead of a slot.
  public let sites = SiteTable(capacity: 1 << 12)
  /// Follow-up (hybrid key): the graph's cache of site -> (recipe, slot) for site-form keys, held as
  /// a raw pointer so that a lookup is one load from the graph.
  @usableFromInline let hybridEntries = GraphSites.make()

  public init(_ modules: (inout Bindings) -> Void...) {
    var b = Bindings()
    for m in modules { m(&b) }
    slots = .allocate(capacity: Graph.capacity)
    slots.initialize(repeating: GraphSlot(instance: nil, binding: nil), count: Graph.capacity)
    for (slot, r) in b.bound { slots[slot].binding = b.final(slot, r) }
  }

  @inlinable public subscript<V>(key: Key<V>) -> V { resolve(key) }

  @inlinable @inline(__always)
  public func resolve<V, F>(_ key: SheathKey<V, F>) -> V {
    resolve(slot: key.slot, default: key.recipe)
  }

  @inlinable @inline(__always)
  public func resolve<V>(slot: Int, default recipe: Unmanaged<Recipe<V>>) -> V {
    let s = slots + slot
    if let instance = s.pointee.instance { return unsafeDowncast(instance, to: Box<V>.self).value }
    var r = recipe
    if let bound = s.pointee.binding { r = Unmanaged<Recipe<V>>.fromOpaque(bound) }
    return r._withUnsafeGuaranteedRef { r in
      r.lifetime == .transient ? r.make(self) : makeSingleton(s, r)
    }
  }

  @usableFromInline @inline(never)
  func makeSingleton<V>(_ s: UnsafeMutablePointer<GraphSlot>, _ r: Recipe<V>) -> V {
    // Follow-up 2: a recipe bound to another key (an alias or a recipe-form binding) keeps its
    // singleton in its own key's slot too, so that every key bound to it shares one instance.
    let home = r.slot >= 0 ? slots + r.slot : s
    if home != s, let instance = home.pointee.instance {
      s.pointee.instance = instance
      return unsafeDowncast(instance, to: Box<V>.self).value
    }
    let v = r.make(self)
    let box = Box(v)
    s.pointee.instance = box
    if home != s { home.pointee.instance = box }
    return v
  }
}
