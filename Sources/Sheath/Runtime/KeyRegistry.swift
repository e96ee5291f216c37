import CSheathRuntime
import Foundation

/// Hands out dense slots to keys as they are created, and finds keys by where they were declared.
@usableFromInline
final class KeyRegistry: Sendable {
  static let shared = KeyRegistry()

  private init() {
    LoadedCopies.register()
  }

  /// The largest number of keys a process may create: a graph's binding table is indexed by slot.
  static let capacity = 1 << 20

  /// How many keys the process has created, and the blocks of their ``Keys/checkedBy`` cells: 1,024
  /// cells a block, made as slots reach them and, like slots, never freed.
  private let slots = Locked((count: 0, cellBlocks: [UnsafeMutablePointer<Int>]()))

  /// How many keys the process has created.
  var count: Int { slots.withLock { $0.count } }

  /// The key of `type` declared at `fileID`:`line`:`column` without a name, if it was made: found
  /// in the site table without a lock. What reading a computed key costs, inlined into the reader.
  ///
  /// NB: a key's initializer passes its own class (`Key.self`), never `Self.self`. A use of the
  /// dynamic `Self` keeps the optimizer from inlining an initializer into its caller, and the key's
  /// read then costs a call with twelve arguments (about 100 instructions; `Benchmarks/`' leaf row).
  @inlinable @inline(__always)
  static func found(_ fileID: StaticString, _ line: UInt, _ column: UInt, _ type: Any.Type) -> Keys? {
    guard fileID.hasPointerRepresentation else { return nil }
    // A `#fileID` literal: NUL-terminated.
    let file = UnsafeRawPointer(fileID.utf8Start).assumingMemoryBound(to: CChar.self)
    let found = sheath_key_site_find(file, line, column, unsafeBitCast(type, to: UnsafeRawPointer.self), nil)
    guard let found else { return nil }
    return Unmanaged<Keys>.fromOpaque(found).takeUnretainedValue()
  }

  /// The key of `type` declared at `fileID`:`line`:`column` with `name`: found, or made by `make()`
  /// and recorded. Kept for the process, as a `static let` would keep it.
  ///
  /// NB: no closures and no generic code: in a debug build each costs the calling thread stack, and
  /// a key may be read deep in a resolution on a thread with little left.
  @usableFromInline
  static func key(
    declaredIn fileID: StaticString, line: UInt, column: UInt, name: String?, type: Any.Type, _ make: () -> Keys
  ) -> Keys {
    let type = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let file: UnsafePointer<CChar>
    let copied = !fileID.hasPointerRepresentation
    if copied {
      // A file given as one character, not a `#fileID` literal: a copy of its text, which the table
      // keeps if it records the key, and which is freed otherwise.
      file = UnsafePointer(strdup("\(fileID)").unsafelyUnwrapped)
    } else {
      // A `#fileID` literal: NUL-terminated, and kept for the process.
      file = UnsafeRawPointer(fileID.utf8Start).assumingMemoryBound(to: CChar.self)
    }
    let found: UnsafeMutableRawPointer?
    if let name {
      found = sheath_key_site_find(file, line, column, type, name)
    } else {
      found = sheath_key_site_find(file, line, column, type, nil)
    }
    if let found {
      if copied { free(UnsafeMutablePointer(mutating: file)) }
      return Unmanaged<Keys>.fromOpaque(found).takeUnretainedValue()
    }
    let key = make()
    let retained = Unmanaged.passRetained(key).toOpaque()
    let recorded: UnsafeMutableRawPointer
    if let name {
      // The table keeps a copy of the name.
      recorded = sheath_key_site_insert(file, line, column, type, name, retained)
    } else {
      recorded = sheath_key_site_insert(file, line, column, type, nil, retained)
    }
    if recorded != retained {
      // Another thread made this site's key first: that one is the key, and this one is dropped.
      Unmanaged.passUnretained(key).release()
      if copied { free(UnsafeMutablePointer(mutating: file)) }
    }
    return Unmanaged<Keys>.fromOpaque(recorded).takeUnretainedValue()
  }

  /// The keys made from other keys (``Key/provider``, ``Key/lazy``, ``AssistedKey/factory``), by the
  /// slot of the key they were made from and what they add to its name: made once each, so that
  /// naming `.userAPI.provider` again — in each graph's modules — takes no new slot.
  private let derivedKeys = Locked<[DerivedKeyID: Keys]>([:])

  /// The key made from the key in `slot` for `suffix`: `make()` the first time, then the same key.
  func derivedKey<Derived: Keys>(ofSlot slot: Int, _ suffix: String, make: () -> Derived) -> Derived {
    derivedKeys.withLock { keys in
      let id = DerivedKeyID(slot: slot, suffix: suffix)
      // Only `make()` stores under this ID, and it makes a `Derived` for one base key's type.
      if let key = keys[id] { return unsafeDowncast(key, to: Derived.self) }
      let key = make()
      keys[id] = key
      return key
    }
  }

  func nextSlot() -> (slot: Int, checkedBy: AtomicWord) {
    let cellsPerBlock = 1_024
    let (slot, cell) = slots.withLock { slots in
      let slot = slots.count
      slots.count += 1
      if slot / cellsPerBlock == slots.cellBlocks.count {
        let block = UnsafeMutablePointer<Int>.allocate(capacity: cellsPerBlock)
        block.initialize(repeating: 0, count: cellsPerBlock)
        slots.cellBlocks.append(block)
      }
      return (slot, slots.cellBlocks[slot / cellsPerBlock] + slot % cellsPerBlock)
    }
    // A process with this many keys is creating them in a loop; slots are never reused.
    if slot >= Self.capacity { ResolutionFailure.tooManyKeys(Self.capacity).trap() }
    return (slot, AtomicWord(cell))
  }

}

/// A key type whose initializers return the key already declared at their call's site: a class's
/// initializer cannot, but one a protocol extension adds can replace `self`, and a class's
/// convenience initializer may delegate to it.
@usableFromInline
protocol DeclaredAtSite {}

extension Keys: DeclaredAtSite {}

extension DeclaredAtSite {
  /// `key`, a key of this exact type: what a key's initializer returns, found by where it is written
  /// (``KeyRegistry/found(_:_:_:_:)``) or made there.
  @inlinable @inline(__always)
  init(existing key: Keys) {
    self = unsafeBitCast(key, to: Self.self)
  }
}
