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
    for (slot, r) in b.bound { slots[slot].binding = r }
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
    let v = r.make(self)
    s.pointee.instance = Box(v)
    return v
  }
}
