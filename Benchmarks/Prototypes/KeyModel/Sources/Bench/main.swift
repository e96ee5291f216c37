// Shared by BenchPacks and BenchArity (symlinked): keys declared as users write them.
import KeyCore
#if PACKS
import SurfacePacks
#else
import SurfaceArity
#endif

final class Leaf { init() {} }
final class API { init() {} }
final class Validator { init() {} }
final class DataController { let api: API; let v: Validator; init(api: API, v: Validator) { self.api = api; self.v = v } }
final class ViewModel { let dc: DataController; init(dc: DataController) { self.dc = dc } }

extension Keys {
  static var leaf: Key<Leaf> { Key { Leaf() } }
  static var single: Key<Leaf> { Key(.singleton) { Leaf() } }
  static var api: Key<API> { Key(.singleton) { API() } }
  static var validator: Key<Validator> { Key { Validator() } }
  static var dataController: Key<DataController> { Key(.transient, .api, .validator) { DataController(api: $0, v: $1) } }
  static var viewModel: Key<ViewModel> { Key(.transient, .dataController) { ViewModel(dc: $0) } }
  #if !PACKS
  static var lockedLeaf: Key<Leaf> { Key(locked: .transient) { Leaf() } }
  #endif
}

enum Stored {
  static let leaf: Key<Leaf> = Key { Leaf() }
  static let single: Key<Leaf> = Key(.singleton) { Leaf() }
  static let api: Key<API> = Key(.singleton) { API() }
  static let validator: Key<Validator> = Key { Validator() }
  static let dataController: Key<DataController> = Key(.transient, Stored.api, Stored.validator) { DataController(api: $0, v: $1) }
  static let viewModel: Key<ViewModel> = Key(.transient, Stored.dataController) { ViewModel(dc: $0) }
}

enum S {  // Q1(b): site keys resolved through the graph's own table
  static var leaf: SiteKey<Leaf> { SiteKey { _ in Leaf() } }
  static var single: SiteKey<Leaf> { SiteKey(.singleton) { _ in Leaf() } }
  static var api: SiteKey<API> { SiteKey(.singleton) { _ in API() } }
  static var validator: SiteKey<Validator> { SiteKey { _ in Validator() } }
  static var dataController: SiteKey<DataController> { SiteKey(.transient, S.api, S.validator) { DataController(api: $0, v: $1) } }
  static var viewModel: SiteKey<ViewModel> { SiteKey(.transient, S.dataController) { ViewModel(dc: $0) } }
}

// Follow-up Q-A: hybrid keys (Sources/KeyCore/HybridKey.swift), declared as users write keys.
extension HKeys {
  static var leaf: HK<Leaf> { HK { Leaf() } }                        // site form (no lookup on read)
  static var single: HK<Leaf> { HK(.singleton) { Leaf() } }
  static var api: HK<API> { HK(.singleton) { API() } }
  static var validator: HK<Validator> { HK { Validator() } }
  static var dataController: HK<DataController> { HK(.transient, .api, .validator) { DataController(api: $0, v: $1) } }
  static var viewModel: HK<ViewModel> { HK(.transient, .dataController) { ViewModel(dc: $0) } }  // slot form
  // every key through the process-wide table, miss path in a cold helper (no site form):
  static var gLeaf: HK<Leaf> { HK(global: .transient) { Leaf() } }
  static var gSingle: HK<Leaf> { HK(global: .singleton) { Leaf() } }
}

final class Holder { let leaf = Leaf(); let api = API(); var next: Holder! }
let holder = Holder(); holder.next = holder
let g = Graph()

@inline(never) func handLeaf() -> Leaf { Leaf() }
@inline(never) func handSingle(_ h: Holder) -> Leaf { h.next.leaf }
@inline(never) func handVM(_ h: Holder) -> ViewModel { ViewModel(dc: DataController(api: h.api, v: Validator())) }
@inline(never) func computedLeaf(_ g: Graph) -> Leaf { g[.leaf] }
@inline(never) func computedSingle(_ g: Graph) -> Leaf { g[.single] }
@inline(never) func computedVM(_ g: Graph) -> ViewModel { g[.viewModel] }
@inline(never) func storedLeaf(_ g: Graph) -> Leaf { g[Stored.leaf] }
@inline(never) func storedSingle(_ g: Graph) -> Leaf { g[Stored.single] }
@inline(never) func storedVM(_ g: Graph) -> ViewModel { g[Stored.viewModel] }
@inline(never) func siteLeaf(_ g: Graph) -> Leaf { g[S.leaf] }
@inline(never) func siteSingle(_ g: Graph) -> Leaf { g[S.single] }
@inline(never) func siteVM(_ g: Graph) -> ViewModel { g[S.viewModel] }
#if !PACKS
@inline(never) func lockedLeaf(_ g: Graph) -> Leaf { g[.lockedLeaf] }
#endif
@inline(never) func hybridLeaf(_ g: Graph) -> Leaf { g[hybrid: .leaf] }
@inline(never) func hybridSingle(_ g: Graph) -> Leaf { g[hybrid: .single] }
@inline(never) func hybridVM(_ g: Graph) -> ViewModel { g[hybrid: .viewModel] }
@inline(never) func globalLeaf(_ g: Graph) -> Leaf { g[hybrid: .gLeaf] }
@inline(never) func globalSingle(_ g: Graph) -> Leaf { g[hybrid: .gSingle] }
@inline(never) func hybridReadKey() -> Int { let k: HK<ViewModel> = .viewModel; return Int(bitPattern: k.slotOrLineColumnForBench) }
@inline(never) func readKey() -> Int { let k: Key<ViewModel> = .viewModel; return k.slot }

func loop<T: AnyObject>(_ n: Int, _ f: () -> T) -> Int {
  var s = 0
  for _ in 0..<n { s &+= Int(bitPattern: ObjectIdentifier(f())) }
  return s
}

var cases: [(String, (Int) -> Int)] = [
  ("hand: Leaf()", { n in loop(n) { handLeaf() } }),
  ("computed key: leaf transient", { n in loop(n) { computedLeaf(g) } }),
  ("stored key: leaf transient", { n in loop(n) { storedLeaf(g) } }),
  ("site key (b): leaf transient", { n in loop(n) { siteLeaf(g) } }),
  ("hand: field read", { n in loop(n) { handSingle(holder) } }),
  ("computed key: cached singleton", { n in loop(n) { computedSingle(g) } }),
  ("stored key: cached singleton", { n in loop(n) { storedSingle(g) } }),
  ("site key (b): cached singleton", { n in loop(n) { siteSingle(g) } }),
  ("hand: VM(DC(api, Validator()))", { n in loop(n) { handVM(holder) } }),
  ("computed key: 4-key graph", { n in loop(n) { computedVM(g) } }),
  ("stored key: 4-key graph", { n in loop(n) { storedVM(g) } }),
  ("site key (b): 4-key graph", { n in loop(n) { siteVM(g) } }),
  ("read computed key only (.viewModel)", { n in var s = 0; for _ in 0..<n { s &+= readKey() }; return s }),
]
#if !PACKS
cases.append(("locked-dictionary key: leaf transient", { n in loop(n) { lockedLeaf(g) } }))
#else
cases.append(("(locked-dictionary key: not in the packs surface)", { n in 0 }))
#endif
// Follow-up Q-A (14...19)
cases += [
  ("hybrid key (site form): leaf transient", { n in loop(n) { hybridLeaf(g) } }),
  ("hybrid key (site form): cached singleton", { n in loop(n) { hybridSingle(g) } }),
  ("hybrid key (slot form for VM, DC): 4-key graph", { n in loop(n) { hybridVM(g) } }),
  ("read hybrid key only (.viewModel, slot form)", { n in var s = 0; for _ in 0..<n { s &+= hybridReadKey() }; return s }),
  ("global table + cold helper: leaf transient", { n in loop(n) { globalLeaf(g) } }),
  ("global table + cold helper: cached singleton", { n in loop(n) { globalSingle(g) } }),
]

let args = CommandLine.arguments
if args.count == 3 {  // CASE N: one case, for callgrind
  let c = cases[Int(args[1])!]
  print(c.0, c.1(Int(args[2])!) & 1)
} else if args.count == 2 && args[1] == "list" {
  for (i, c) in cases.enumerated() { print(i, c.0) }
} else {
  for (i, c) in cases.enumerated() { print(i, c.0, c.1(10) & 1) }
}
