// Q3 sketch: four flavours over ONE core. Types: SheathKey<Value, Flavour> (one generic struct; the
// flavour is a marker) -> AnyRecipe -> Recipe<Value, Call> (the factory, as the flavour's closure type).
// Lookup, caching and derived keys are written once, against slots; each flavour adds only its
// initializer and its graph entry point (where isolation and `async` are checked by the compiler).
import Synchronization

public enum Lifetime: Sendable { case transient, singleton }
public enum Plain {}
public enum OnMainActor {}
public enum Async {}
public enum Assisted<Argument> {}

public struct SheathKey<Value, Flavour>: @unchecked Sendable {
  let recipe: AnyRecipe   // found by declaration site (see KeyCore); a class here for brevity
  public var slot: Int { recipe.slot }
}
public typealias Keys = SheathKey
public typealias Key<V> = SheathKey<V, Plain>
public typealias MainActorKey<V> = SheathKey<V, OnMainActor>
public typealias AsyncKey<V> = SheathKey<V, Async>
public typealias AssistedKey<A, V> = SheathKey<V, Assisted<A>>

public class AnyRecipe: @unchecked Sendable {
  let lifetime: Lifetime, slot: Int, dependencies: [Int]
  init(_ lifetime: Lifetime, _ dependencies: [Int]) {
    self.lifetime = lifetime
    self.dependencies = dependencies
    slot = Registry.next.wrappingAdd(1, ordering: .relaxed).oldValue
  }
}
final class Recipe<Value, Call>: AnyRecipe, @unchecked Sendable {
  let call: Call
  init(_ lifetime: Lifetime, _ dependencies: [Int], _ call: Call) { self.call = call; super.init(lifetime, dependencies) }
}
enum Registry { static let next = Atomic(0) }

// MARK: one initializer per flavour (arity 0 and 1 shown; the arity overloads follow the same shape)
extension SheathKey where Flavour == Plain {
  public init(_ lifetime: Lifetime = .transient, _ factory: @escaping @Sendable () -> Value) {
    recipe = Recipe<Value, @Sendable (Graph) -> Value>(lifetime, []) { _ in factory() }
  }
  public init<A>(_ lifetime: Lifetime, _ a: Key<A>, _ factory: @escaping @Sendable (A) -> Value) {
    recipe = Recipe<Value, @Sendable (Graph) -> Value>(lifetime, [a.slot]) { g in factory(g[a]) }
  }
}
extension SheathKey where Flavour == OnMainActor {
  public init(_ lifetime: Lifetime = .transient, _ factory: @escaping @MainActor () -> Value) {
    recipe = Recipe<Value, @MainActor (Graph) -> Value>(lifetime, []) { _ in factory() }
  }
  /// A main-actor factory may depend on plain keys (and main-actor ones).
  public init<A>(_ lifetime: Lifetime, _ a: Key<A>, _ factory: @escaping @MainActor (A) -> Value) {
    recipe = Recipe<Value, @MainActor (Graph) -> Value>(lifetime, [a.slot]) { g in factory(g[a]) }
  }
}
extension SheathKey where Flavour == Async {
  public init(_ lifetime: Lifetime = .transient, _ factory: @escaping @Sendable () async -> Value) {
    recipe = Recipe<Value, @Sendable (Graph) async -> Value>(lifetime, []) { _ in await factory() }
  }
  public init<A>(_ lifetime: Lifetime, _ a: Key<A>, _ factory: @escaping @Sendable (A) async -> Value) {
    recipe = Recipe<Value, @Sendable (Graph) async -> Value>(lifetime, [a.slot]) { g in await factory(g[a]) }
  }
}
extension SheathKey {
  public init<Argument, A>(
    _ a: Key<A>, _ factory: @escaping @Sendable (Argument, A) -> Value
  ) where Flavour == Assisted<Argument> {
    recipe = Recipe<Value, @Sendable (Graph, Argument) -> Value>(.transient, [a.slot]) { g, x in factory(x, g[a]) }
  }
}

// MARK: derived keys, once, for plain keys (a provider of a main-actor key would be a MainActorKey)
public struct Provider<V>: Sendable { let get: @Sendable () -> V; public func callAsFunction() -> V { get() } }
extension SheathKey where Flavour == Plain {
  public var provider: Key<Provider<Value>> {
    let base = self
    return Key<Provider<Value>>(.transient) { [graph = Graph.current] in Provider { graph[base] } }
  }
  public var optional: Key<Value?> {
    let base = self
    return Key<Value?>(.transient) { Graph.current.isBound(base.slot) ? Graph.current[base] : nil }
  }
}

// MARK: the core: one slot table, one cache, one lookup for every flavour
public final class Graph: @unchecked Sendable {
  nonisolated(unsafe) static var current = Graph()  // sketch only: the real one passes the graph
  var cache: [Int: Any] = [:]  // sketch: the real one is the slot table of KeyCore/Graph.swift
  var bound: [Int: AnyRecipe] = [:]
  public init() {}
  func isBound(_ slot: Int) -> Bool { bound[slot] != nil }

  /// The one core: find the binding, consult the cache, make with the flavour's `run`.
  func resolve<V, F, Call>(_ key: SheathKey<V, F>, _ run: (Call) -> V) -> V {
    let r = (bound[key.slot] ?? key.recipe) as! Recipe<V, Call>
    if let v = cache[key.slot] { return v as! V }
    let v = run(r.call)
    if r.lifetime == .singleton { cache[key.slot] = v }
    return v
  }

  public subscript<V>(key: Key<V>) -> V {
    resolve(key) { (call: @Sendable (Graph) -> V) in call(self) }
  }
  @MainActor public subscript<V>(key: MainActorKey<V>) -> V {
    resolve(key) { (call: @MainActor (Graph) -> V) in call(self) }
  }
  public subscript<V>(key: AsyncKey<V>) -> V {
    get async {
      let r = (bound[key.slot] ?? key.recipe) as! Recipe<V, @Sendable (Graph) async -> V>
      return await r.call(self)  // the async core would share the cache via the same slot
    }
  }
  public subscript<A, V>(key: AssistedKey<A, V>) -> @Sendable (A) -> V {
    let r = (bound[key.slot] ?? key.recipe) as! Recipe<V, @Sendable (Graph, A) -> V>
    return { [self] a in r.call(self, a) }
  }
}
