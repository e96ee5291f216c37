// Follow-up Q-B: the per-arity key initializers (Arity.swift, shared with SurfaceArity) with ONE
// parameter-pack `bind` instead of the seven per-arity binds (Arity.swift's binds are compiled out
// here by `-D PACK_BIND`). Same body as SurfacePacks' bind.
import KeyCore

extension Bindings {
  @inlinable
  public mutating func bind<V, each D>(
    _ key: Key<V>, _ lifetime: Lifetime = .transient, _ deps: repeat Key<each D>,
    function: StaticString = #function, _ factory: @escaping @Sendable (repeat each D) -> V
  ) {
    var list: [AnyKey] = []
    for d in repeat each deps { list.append(d.erased) }
    bind(key, Recipe(lifetime, dependencies: list, name: function) { g in factory(repeat g.resolve(each deps)) })
  }
}
