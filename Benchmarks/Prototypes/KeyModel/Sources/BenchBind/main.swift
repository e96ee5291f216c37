// Follow-up Q-B (symlinked as BenchBindArity / BenchBindMixed / BenchBindRecipe): resolving keys whose
// module binding was made by `bind` with 0...3 dependencies. BenchBindArity: SurfaceArity (per-arity
// binds); BenchBindMixed: SurfaceMixed (the same key initializers, one parameter-pack bind);
// BenchBindRecipe (follow-up 2): SurfaceRecipe (the same key initializers, one recipe-form bind).
import KeyCore
#if MIXED
import SurfaceMixed
#elseif RECIPE
import SurfaceRecipe
#else
import SurfaceArity
#endif

final class Leaf { init() {} }
final class API { init() {} }
final class Validator { init() {} }
final class One { let api: API; init(api: API) { self.api = api } }
final class DataController { let api: API; let v: Validator; init(api: API, v: Validator) { self.api = api; self.v = v } }
final class Trio { init(api: API, v: Validator, l: Leaf) {} }

// The keys' own recipes trap, so a binding that was not used would show.
extension Keys {
  static var leaf: Key<Leaf> { Key { fatalError("unbound") } }
  static var api: Key<API> { Key(.singleton) { API() } }
  static var validator: Key<Validator> { Key { Validator() } }
  static var one: Key<One> { Key(.transient, .api) { _ in fatalError("unbound") } }
  static var dataController: Key<DataController> { Key(.transient, .api, .validator) { _, _ in fatalError("unbound") } }
  static var trio: Key<Trio> { Key(.transient, .api, .validator, .leaf) { _, _, _ in fatalError("unbound") } }
}

#if RECIPE
let g = Graph({ b in
  b.bind(.leaf, Key { Leaf() })
  b.bind(.one, Key(.transient, .api) { One(api: $0) })
  b.bind(.dataController, Key(.transient, .api, .validator) { DataController(api: $0, v: $1) })
  b.bind(.trio, Key(.transient, .api, .validator, .leaf) { Trio(api: $0, v: $1, l: $2) })
})

// The alias hazard (follow-up 2): a declared key as the recipe is an alias, not a copy.
extension Keys {
  static var liveAPI: Key<API> { Key(.singleton) { API() } }
  static var userAPI: Key<API> { Key(.singleton) { fatalError("unbound") } }
  static var fakeAPI: Key<API> { Key(.singleton) { fatalError("unbound") } }
  static var apiTransient: Key<API> { Key { API() } }
}
func checkAliases() {
  let a = Graph({ b in b.bind(.userAPI, .liveAPI) })
  let u1 = a[.userAPI], l1 = a[.liveAPI]
  print("alias, user first: userAPI === liveAPI:", u1 === l1, "| again:", a[.userAPI] === l1)
  let a2 = Graph({ b in b.bind(.userAPI, .liveAPI) })
  let l2 = a2[.liveAPI], u2 = a2[.userAPI]
  print("alias, live first: userAPI === liveAPI:", u2 === l2)
  // The target overridden in a second module: the alias follows the override.
  let t = Graph({ b in b.bind(.userAPI, .liveAPI) }, { b in b.override(.liveAPI, .fakeAPI) }, { b in b.bind(.fakeAPI, Key(.singleton) { API() }) })
  let tf = t[.fakeAPI]
  print("alias of an overridden key: userAPI === fakeAPI:", t[.userAPI] === tf, "liveAPI === fakeAPI:", t[.liveAPI] === tf)
  // An inline singleton recipe: one instance per graph.
  let s = Graph({ b in b.bind(.fakeAPI, Key(.singleton) { API() }) })
  print("inline singleton recipe: same instance twice:", s[.fakeAPI] === s[.fakeAPI],
        "| other graph differs:", Graph({ b in b.bind(.fakeAPI, Key(.singleton) { API() }) })[.fakeAPI] !== s[.fakeAPI])
  // A transient alias is a new instance each time (as the target).
  let tr = Graph({ b in b.bind(.userAPI, .apiTransient) })
  print("alias of a transient key: two reads differ:", tr[.userAPI] !== tr[.userAPI])
  // The capture hazard: an inline recipe is a key, made once per source position, so what its
  // factory captures is frozen at the first call.
  // With the capture check (SheathKey.declared(fresh:)), a closure that still captures at run time gets
  // a fresh recipe; but the optimizer may propagate a constant capture into the closure (numberGraph
  // inlined with 1 and 2), which then captures nothing and is cached per site again.
  func numberGraph(_ n: Int) -> Graph { Graph({ b in b.bind(.number, Key { n }) }) }
  print("inline recipe capturing n (inlinable helper): numberGraph(1)[.number] =", numberGraph(1)[.number], "numberGraph(2)[.number] =", numberGraph(2)[.number])
  // A key that captures nothing must keep one recipe (the capture check must fold to "no").
  print("a non-capturing key read twice has one recipe:", Key<API>.liveAPI.erased == Key<API>.liveAPI.erased)
  print("inline recipe capturing n (@inline(never) helper): numberGraphNoInline(1)[.number] =", numberGraphNoInline(1)[.number], "numberGraphNoInline(2)[.number] =", numberGraphNoInline(2)[.number])
}
extension Keys { static var number: Key<Int> { Key { 0 } } }
@inline(never) func numberGraphNoInline(_ n: Int) -> Graph { Graph({ b in b.bind(.number, Key { n }) }) }
#else
let g = Graph({ b in
  b.bind(.leaf, .transient) { Leaf() }
  b.bind(.one, .transient, .api) { One(api: $0) }
  b.bind(.dataController, .transient, .api, .validator) { DataController(api: $0, v: $1) }
  b.bind(.trio, .transient, .api, .validator, .leaf) { Trio(api: $0, v: $1, l: $2) }
})
#endif

@inline(never) func bound0(_ g: Graph) -> Leaf { g[.leaf] }
@inline(never) func bound1(_ g: Graph) -> One { g[.one] }
@inline(never) func bound2(_ g: Graph) -> DataController { g[.dataController] }
@inline(never) func bound3(_ g: Graph) -> Trio { g[.trio] }

func loop<T: AnyObject>(_ n: Int, _ f: () -> T) -> Int {
  var s = 0
  for _ in 0..<n { s &+= Int(bitPattern: ObjectIdentifier(f())) }
  return s
}

let cases: [(String, (Int) -> Int)] = [
  ("bound key, 0 deps (Leaf())", { n in loop(n) { bound0(g) } }),
  ("bound key, 1 dep (One(api: singleton))", { n in loop(n) { bound1(g) } }),
  ("bound key, 2 deps (DataController(api: singleton, v: Validator()))", { n in loop(n) { bound2(g) } }),
  ("bound key, 3 deps (Trio(api: singleton, v: Validator(), l: Leaf()))", { n in loop(n) { bound3(g) } }),
]

let args = CommandLine.arguments
if args.count == 3 {  // CASE N: one case, for callgrind
  let c = cases[Int(args[1])!]
  print(c.0, c.1(Int(args[2])!) & 1)
} else if args.count == 2 && args[1] == "list" {
  for (i, c) in cases.enumerated() { print(i, c.0) }
} else if args.count == 2 && args[1] == "aliases" {
  #if RECIPE
  checkAliases()
  #endif
} else {
  for (i, c) in cases.enumerated() { print(i, c.0, c.1(10) & 1) }
}
