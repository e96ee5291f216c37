// Follow-up Q-A: one key type with two forms, so that reading a computed key costs (almost) what a
// stored key costs.
//
// * **site form** (keys without dependencies: `HK { Leaf() }`): reading the key does no lookup at all;
//   the value carries its declaration site and its factory (a closure that captures nothing, so no
//   allocation). The graph finds the site in its own table (`Graph.hybridEntries`; graph in a
//   register, probe start a constant), and learns it from the process-wide site table on a miss.
// * **slot form** (keys with dependencies: `HK(.transient, .api, .validator) { ... }`): reading the
//   key finds `(recipe, slot)` in the process-wide site table (`GlobalSites`), as the measured model
//   does, but the miss path is an `@inline(never)` helper that takes the site and the initializer's
//   arguments, not a closure: no closure context is stored on the fast path.
//
// Identity stays the declaration site (file literal's address, line/column, value type): the
// process-wide table is the only source of slots, and the graph's table is a cache of it, so a
// key's slot is the same in every graph and in `Bindings`.
import Synchronization

public struct HybridKey<Value, Flavour>: @unchecked Sendable {
  // Every field is a plain word: the key is trivially copyable, so a getter that is not inlined
  // returns it without retains, releases or a value-witness destroy (an earlier version held the
  // factory as an `Optional` closure: +40 retain/release, +26 outlined destroy through metadata).
  /// Slot form: the immortal recipe. Site form: the `#fileID` literal's address.
  @usableFromInline let recipeOrFile: UInt
  /// Slot form: the slot. Site form: `line << 20 | column`.
  @usableFromInline let slotOrLineColumn: UInt
  /// Site form: the factory's function pointer (its context is null: see `init(siteForm:)`).
  /// Slot form: 0.
  @usableFromInline let factoryFunction: UInt
  @usableFromInline let lifetime: Lifetime

  @inlinable @inline(__always)
  var isSlotForm: Bool { factoryFunction == 0 }

  @inlinable @inline(__always)
  init(slotForm key: SheathKey<Value, Flavour>) {
    recipeOrFile = UInt(bitPattern: key.recipeRef)
    slotOrLineColumn = UInt(bitPattern: key.slot)
    factoryFunction = 0
    lifetime = .transient
  }

  @inlinable @inline(__always)
  init(siteForm lifetime: Lifetime, file: UInt, lineColumn: UInt, function: UInt) {
    recipeOrFile = file
    slotOrLineColumn = lineColumn
    factoryFunction = function
    self.lifetime = lifetime
  }

  /// The two words of a thick closure. The cast is made on the closure at its generic abstraction
  /// (`() -> @out Value`), the same as the parameter's, so no reabstraction thunk is made.
  @usableFromInline struct ClosureWords { @usableFromInline var function: UInt; @usableFromInline var context: UInt }

  /// Slot form, read through the process-wide site table; `miss` runs once per site.
  @inlinable @inline(__always)
  public static func declared(_ site: Site, miss: (Site) -> SheathKey<Value, Flavour>) -> HybridKey {
    if let e = GlobalSites.find(site) {
      return HybridKey(slotForm: SheathKey(recipe: e.pointee.payload.unsafelyUnwrapped, slot: e.pointee.slot))
    }
    return HybridKey(slotForm: miss(site))
  }

  /// The key as the 2-word slot-form key (what dependencies capture, what `bind` and checks use).
  /// Site form: a lookup in the process-wide table (cold: registration, making recipes).
  @inlinable
  public var normalized: SheathKey<Value, Flavour> {
    if isSlotForm { return SheathKey(recipe: UnsafeRawPointer(bitPattern: recipeOrFile).unsafelyUnwrapped, slot: Int(bitPattern: slotOrLineColumn)) }
    return Self.normalize(recipeOrFile, slotOrLineColumn, lifetime, factoryFunction)
  }

  @usableFromInline @inline(never)
  static func normalize(_ file: UInt, _ lineColumn: UInt, _ lifetime: Lifetime, _ function: UInt) -> SheathKey<Value, Flavour> {
    let factory = unsafeBitCast(ClosureWords(function: function, context: 0), to: (@Sendable () -> Value).self)
    let site = Site(file: file, lineColumn: lineColumn, type: Value.self)
    return SheathKey.register(site) {
      let name = "\(String(cString: UnsafePointer<CChar>(bitPattern: file)!)):\(lineColumn >> 20)"
      return Recipe(lifetime, [], name) { _ in factory() }
    }
  }

  public var slot: Int { normalized.slot }
  public var erased: AnyKey { normalized.erased }
}

public typealias HK<V> = HybridKey<V, Plain>
public typealias HKeys = HybridKey

extension Site {
  @inlinable @inline(__always)
  init<V>(file: UInt, lineColumn: UInt, type _: V.Type) {
    self.file = file
    self.lineColumn = lineColumn
    type = UInt(bitPattern: unsafeBitCast(V.self as Any.Type, to: Int.self))
  }
}

extension Graph {
  @inlinable @inline(__always)
  /// Labelled only so that it can sit beside `subscript(Key<V>)` in the bench (in Sheath it would be
  /// the one `Key` type); the label changes nothing in the generated code.
  public subscript<V>(hybrid key: HK<V>) -> V { resolve(key) }

  @inlinable @inline(__always)
  public func resolve<V, F>(_ key: HybridKey<V, F>) -> V {
    if key.isSlotForm {
      return resolve(slot: Int(bitPattern: key.slotOrLineColumn), default: Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: key.recipeOrFile).unsafelyUnwrapped))
    }
    let site = Site(file: key.recipeOrFile, lineColumn: key.slotOrLineColumn, type: V.self)
    if let e = GraphSites.find(hybridEntries, site) {
      return resolve(slot: e.pointee.slot, default: Unmanaged.fromOpaque(e.pointee.payload.unsafelyUnwrapped))
    }
    return learn(key)
  }

  /// A site-form key this graph has not seen: its slot and recipe come from the process-wide table
  /// and are cached in the graph's own table.
  @usableFromInline @inline(never)
  func learn<V, F>(_ key: HybridKey<V, F>) -> V {
    let k = key.normalized
    let site = Site(file: key.recipeOrFile, lineColumn: key.slotOrLineColumn, type: V.self)
    let e = GraphSites.insert(hybridEntries, site, payload: { k.recipeRef }, slot: { k.slot })
    return resolve(slot: e.pointee.slot, default: Unmanaged.fromOpaque(e.pointee.payload.unsafelyUnwrapped))
  }
}

/// The graph's own site table: a raw entries pointer held by the graph (one load from the graph,
/// constant mask), same entry layout and publication protocol as `SiteTable`.
public enum GraphSites {
  @inlinable static var mask: Int { (1 << 12) - 1 }
  static let lock = Mutex(())  // writers only (a graph learns a site once)

  public static func make() -> UnsafeMutablePointer<SiteTableEntry> {
    let entries = UnsafeMutablePointer<SiteTableEntry>.allocate(capacity: mask + 1)
    for i in 0...mask {
      (entries + i).initialize(to: SiteTableEntry(file: Atomic(0), lineColumn: 0, type: 0, payload: nil, slot: -1))
    }
    return entries
  }

  @inlinable @inline(__always)
  public static func find(_ entries: UnsafeMutablePointer<SiteTableEntry>, _ site: Site) -> UnsafeMutablePointer<SiteTableEntry>? {
    var i = site.hash & mask
    while true {
      let e = entries + i
      let file = e.pointee.file.load(ordering: .acquiring)
      if file == site.file, e.pointee.lineColumn == site.lineColumn, e.pointee.type == site.type { return e }
      if file == 0 { return nil }
      i = (i &+ 1) & mask
    }
  }

  static func insert(
    _ entries: UnsafeMutablePointer<SiteTableEntry>, _ site: Site,
    payload: () -> UnsafeRawPointer?, slot: () -> Int
  ) -> UnsafeMutablePointer<SiteTableEntry> {
    let index: Int = lock.withLock { _ in
      var i = site.hash & mask
      while true {
        let e = entries + i
        let file = e.pointee.file.load(ordering: .acquiring)
        if file == site.file, e.pointee.lineColumn == site.lineColumn, e.pointee.type == site.type { return i }
        if file == 0 {
          e.pointee.lineColumn = site.lineColumn
          e.pointee.type = site.type
          e.pointee.payload = payload()
          e.pointee.slot = slot()
          e.pointee.file.store(site.file, ordering: .releasing)
          return i
        }
        i = (i &+ 1) & mask
      }
    }
    return entries + index
  }
}

extension Bindings {
  public mutating func bind<V, F>(_ key: HybridKey<V, F>, _ recipe: Recipe<V>) { bind(key.normalized, recipe) }
}

// MARK: - Initializers (a surface; here so that the existing surfaces are untouched)

extension HybridKey where Flavour == Plain {
  /// No dependencies: site form (candidate b's read, no lookup when the key is read).
  @inlinable @inline(__always)
  public init(
    _ lifetime: Lifetime = .transient,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
    _ factory: @escaping @Sendable () -> Value
  ) {
    let words = unsafeBitCast(factory, to: ClosureWords.self)
    if words.context == 0 {  // a closure that captures nothing: folded where the key is declared
      self.init(siteForm: lifetime, file: UInt(bitPattern: fileID.utf8Start), lineColumn: line << 20 | column, function: words.function)
    } else {  // a capturing factory (rare in a key getter): the process-wide table, as keys with dependencies
      self = .declared(Site(fileID, line, column, Value.self)) { Self.miss0($0, lifetime, "", factory) }
    }
  }

  /// No dependencies, slot form (for comparison: the process-wide table + cold helper for every key).
  @inlinable @inline(__always)
  public init(
    global lifetime: Lifetime,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function,
    _ factory: @escaping @Sendable () -> Value
  ) {
    self = .declared(Site(fileID, line, column, Value.self)) { Self.miss0($0, lifetime, function, factory) }
  }

  @inlinable @inline(__always)
  public init<A>(
    _ lifetime: Lifetime, _ a: @autoclosure () -> HK<A>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function,
    _ factory: @escaping @Sendable (A) -> Value
  ) {
    self = .declared(Site(fileID, line, column, Value.self)) { Self.miss1($0, lifetime, a, function, factory) }
  }

  @inlinable @inline(__always)
  public init<A, B>(
    _ lifetime: Lifetime, _ a: @autoclosure () -> HK<A>, _ b: @autoclosure () -> HK<B>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function,
    _ factory: @escaping @Sendable (A, B) -> Value
  ) {
    self = .declared(Site(fileID, line, column, Value.self)) { Self.miss2($0, lifetime, a, b, function, factory) }
  }

  @inlinable @inline(__always)
  public init<A, B, C>(
    _ lifetime: Lifetime, _ a: @autoclosure () -> HK<A>, _ b: @autoclosure () -> HK<B>, _ c: @autoclosure () -> HK<C>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function,
    _ factory: @escaping @Sendable (A, B, C) -> Value
  ) {
    self = .declared(Site(fileID, line, column, Value.self)) { Self.miss3($0, lifetime, a, b, c, function, factory) }
  }

  // The miss paths: out of line (`@inline(never)`), specialized in the client (`@inlinable`), taking
  // the site and the initializer's arguments in registers.
  @inlinable @inline(never)
  static func miss0(_ site: Site, _ lifetime: Lifetime, _ name: StaticString, _ factory: @escaping @Sendable () -> Value) -> SheathKey<Value, Plain> {
    SheathKey.register(site) { Recipe(lifetime, dependencies: [], name: name) { _ in factory() } }
  }

  @inlinable @inline(never)
  static func miss1<A>(
    _ site: Site, _ lifetime: Lifetime, _ a: () -> HK<A>, _ name: StaticString, _ factory: @escaping @Sendable (A) -> Value
  ) -> SheathKey<Value, Plain> {
    let a = a().normalized
    return SheathKey.register(site) { Recipe(lifetime, dependencies: [a.erased], name: name) { g in factory(g.resolve(a)) } }
  }

  @inlinable @inline(never)
  static func miss2<A, B>(
    _ site: Site, _ lifetime: Lifetime, _ a: () -> HK<A>, _ b: () -> HK<B>, _ name: StaticString,
    _ factory: @escaping @Sendable (A, B) -> Value
  ) -> SheathKey<Value, Plain> {
    let a = a().normalized, b = b().normalized
    return SheathKey.register(site) {
      Recipe(lifetime, dependencies: [a.erased, b.erased], name: name) { g in factory(g.resolve(a), g.resolve(b)) }
    }
  }

  @inlinable @inline(never)
  static func miss3<A, B, C>(
    _ site: Site, _ lifetime: Lifetime, _ a: () -> HK<A>, _ b: () -> HK<B>, _ c: () -> HK<C>, _ name: StaticString,
    _ factory: @escaping @Sendable (A, B, C) -> Value
  ) -> SheathKey<Value, Plain> {
    let a = a().normalized, b = b().normalized, c = c().normalized
    return SheathKey.register(site) {
      Recipe(lifetime, dependencies: [a.erased, b.erased, c.erased], name: name) { g in
        factory(g.resolve(a), g.resolve(b), g.resolve(c))
      }
    }
  }
}

extension HybridKey {
  /// Bench only: a word of the key, so that reading a key alone can be measured.
  @inlinable public var slotOrLineColumnForBench: UInt { slotOrLineColumn }
}
