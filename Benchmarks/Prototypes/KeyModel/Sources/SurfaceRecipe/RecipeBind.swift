// Follow-up 2: the key initializer is the one declaration shape. The per-arity key initializers
// (Arity.swift, symlinked from SurfaceArity; its per-arity binds compiled out by -D RECIPE_BIND) and,
// for every entry point that takes a factory, ONE generic overload taking a declared recipe — a key:
//   b.bind(.dataController, Key(.transient, .api, .validator) { api, v in DataController(api: api, v: v) })
// One overload for every flavour (`F` is the key's flavour: a MainActorKey recipe binds a MainActorKey).
// A declared key as the recipe (`b.bind(.userAPI, .liveUserAPI)`) is an alias (see Bindings.bind(slot:to:)).
import KeyCore

extension Bindings {
  @inlinable
  public mutating func bind<V, F>(_ key: SheathKey<V, F>, _ recipe: SheathKey<V, F>) {
    bind(slot: key.slot, to: recipe.erased)
  }

  @inlinable
  public mutating func override<V, F>(_ key: SheathKey<V, F>, _ recipe: SheathKey<V, F>) {
    bind(slot: key.slot, to: recipe.erased)
  }
}
