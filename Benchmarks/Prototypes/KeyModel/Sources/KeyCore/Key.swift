// A key is a two-word struct: its recipe (immortal, found by declaration site) and its dense slot.
// Flavours are a type parameter, so `extension Keys { }` holds keys of every flavour and leading-dot
// lookup finds them wherever a `SheathKey<V, F>` is expected.
import Synchronization

public enum Lifetime: Sendable { case transient, singleton }

/// Flavour markers (see Flavours.swift for the graph API of each).
public enum Plain {}
public enum OnMainActor {}

public struct SheathKey<Value, Flavour>: @unchecked Sendable {
  // @unchecked: the recipe is immutable and lives for the process.
  @usableFromInline let recipeRef: UnsafeRawPointer
  public let slot: Int

  @inlinable @inline(__always)
  init(recipe: UnsafeRawPointer, slot: Int) {
    recipeRef = recipe
    self.slot = slot
  }

  @inlinable @inline(__always)
  var recipe: Unmanaged<Recipe<Value>> { Unmanaged.fromOpaque(recipeRef) }

  /// The key declared at a source position: found in the process's site table (lock-free, inlined
  /// into the reader), or made by `make()` the first time. The only entry point surfaces use.
  @inlinable @inline(__always)
  public static func declared(
    _ fileID: StaticString, _ line: UInt, _ column: UInt, _ make: () -> Recipe<Value>
  ) -> SheathKey {
    let site = Site(fileID, line, column, Value.self)
    if let e = GlobalSites.find(site) {
      return SheathKey(recipe: e.pointee.payload.unsafelyUnwrapped, slot: e.pointee.slot)
    }
    return register(site, make)
  }

  /// Out of line, so the reader's fast path saves no registers for it.
  @usableFromInline @inline(never)
  static func register(_ site: Site, _ make: () -> Recipe<Value>) -> SheathKey {
    let recipe = make()
    let e = GlobalSites.insert(
      site, payload: { UnsafeRawPointer(Unmanaged.passRetained(recipe).toOpaque()) },
      slot: { KeyRegistry.nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue })
    let key = SheathKey(recipe: e.pointee.payload.unsafelyUnwrapped, slot: e.pointee.slot)
    key.recipe._withUnsafeGuaranteedRef { $0.slot = key.slot }
    return key
  }

  /// Follow-up 2 (recipe form): a key whose factory captures something (`b.bind(.n, Key { n })` with a
  /// local `n`) cannot be made once per source position — the capture would be frozen at the first
  /// call. `fresh` (a constant where the initializer is inlined: the closure literal's context word)
  /// makes a new recipe on every call, with the site's slot. A non-capturing key is unchanged.
  @inlinable @inline(__always)
  public static func declared(
    _ fileID: StaticString, _ line: UInt, _ column: UInt, fresh: Bool, _ make: () -> Recipe<Value>
  ) -> SheathKey {
    if fresh { return registerFresh(Site(fileID, line, column, Value.self), make) }
    return declared(fileID, line, column, make)
  }

  @usableFromInline @inline(never)
  static func registerFresh(_ site: Site, _ make: () -> Recipe<Value>) -> SheathKey {
    let slot: Int
    if let e = GlobalSites.find(site) { slot = e.pointee.slot } else { slot = register(site, make).slot }
    let recipe = make()
    recipe.slot = slot
    // Prototype: leaked (immortal, as every recipe here); Sheath's Bindings would own it.
    return SheathKey(recipe: UnsafeRawPointer(Unmanaged.passRetained(recipe).toOpaque()), slot: slot)
  }

  /// Baseline: the same key found through a `Mutex<[Site: …]>` instead of the lock-free table.
  @inlinable @inline(__always)
  public static func declaredLocked(
    _ fileID: StaticString, _ line: UInt, _ column: UInt, _ make: () -> Recipe<Value>
  ) -> SheathKey {
    let (r, s) = KeyRegistry.locked(Site(fileID, line, column, Value.self)) { Unmanaged.passRetained(make()).toOpaque() }
    return SheathKey(recipe: r, slot: s)
  }

  public var name: String { recipe._withUnsafeGuaranteedRef { $0.name } }
  public var erased: AnyKey { AnyKey(recipe: UnsafeRawPointer(recipeRef), slot: slot) }
}

/// Follow-up 2: whether a closure captures anything (its context word is not null).
@inlinable @inline(__always)
public func _captures<T>(_ f: T) -> Bool {
  unsafeBitCast(f, to: _ClosureWords.self).context != 0
}
@usableFromInline struct _ClosureWords { @usableFromInline var function: UInt; @usableFromInline var context: UInt }

public typealias Key<V> = SheathKey<V, Plain>
public typealias MainActorKey<V> = SheathKey<V, OnMainActor>
/// The namespace users extend: `extension Keys { static var x: Key<X> { Key { X() } } }`.
public typealias Keys = SheathKey

public struct AnyKey: @unchecked Sendable, Hashable {
  public let recipe: UnsafeRawPointer
  public let slot: Int
  public var name: String { Unmanaged<AnyRecipe>.fromOpaque(recipe).takeUnretainedValue().name }
}

public enum KeyRegistry {
  public static let table = SiteTable(capacity: 1 << 16)
  @usableFromInline static let nextSlot = Atomic<Int>(0)
  static let lockedTable = Mutex<[Site: (UInt, Int)]>([:])

  @usableFromInline
  static func locked(_ site: Site, _ make: () -> UnsafeMutableRawPointer) -> (UnsafeRawPointer, Int) {
    let (r, s) = lockedTable.withLock { t in
      if let found = t[site] { return found }
      let made = (UInt(bitPattern: make()), nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue)
      t[site] = made
      return made
    }
    return (UnsafeRawPointer(bitPattern: r).unsafelyUnwrapped, s)
  }
}

/// What a key declares: lifetime, dependencies (for checks and diagrams), and how to make the value.
public class AnyRecipe: @unchecked Sendable {
  public let lifetime: Lifetime
  public let dependencies: [AnyKey]
  public let name: String
  public internal(set) var slot = -1

  init(lifetime: Lifetime, dependencies: [AnyKey], name: String) {
    self.lifetime = lifetime
    self.dependencies = dependencies
    self.name = name
  }
}

public final class Recipe<Value>: AnyRecipe, @unchecked Sendable {
  /// Resolves the dependencies (by slot, captured as keys) and calls the factory: specialized where
  /// the key is declared, so it calls no generic runtime functions.
  @usableFromInline let make: @Sendable (Graph) -> Value

  @inlinable
  public convenience init(
    _ lifetime: Lifetime, dependencies: [AnyKey], name: StaticString, make: @escaping @Sendable (Graph) -> Value
  ) {
    self.init(lifetime, dependencies, "\(name)", make)
  }

  @usableFromInline
  init(_ lifetime: Lifetime, _ dependencies: [AnyKey], _ name: String, _ make: @escaping @Sendable (Graph) -> Value) {
    self.make = make
    super.init(lifetime: lifetime, dependencies: dependencies, name: name)
  }
}
