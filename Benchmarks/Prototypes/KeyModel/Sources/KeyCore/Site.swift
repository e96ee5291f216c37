// Where a key is declared: the `#fileID` literal's address, line and column, and the value type
// (keys declared in a generic context share one source position).
import Synchronization

public struct Site: Hashable, Sendable {
  public let file: UInt
  public let lineColumn: UInt
  public let type: UInt

  @inlinable @inline(__always)
  public init<V>(_ fileID: StaticString, _ line: UInt, _ column: UInt, _: V.Type) {
    file = UInt(bitPattern: fileID.utf8Start)
    lineColumn = line << 20 | column
    type = UInt(bitPattern: unsafeBitCast(V.self as Any.Type, to: Int.self))
  }

  /// Constant at an inlined call site except for the type word.
  @inlinable @inline(__always)
  var hash: Int {
    // Line and column only: a constant where the key's initializer is inlined (the file and type
    // words are relocations, unknown until load time, so hashing them costs ~9 instructions a read).
    Int(truncatingIfNeeded: (lineColumn &* 0x9E37_79B9_7F4A_7C15) >> 40)
  }
}

/// One open-addressed table of sites, lock-free for readers: an entry's `file` word (0 = empty) is
/// published with a release store after the rest of it. Writers take `lock`. Fixed capacity (a
/// prototype: the real one would grow by publishing a new table).
public struct SiteTableEntry: ~Copyable {
  @usableFromInline let file: Atomic<UInt>
  @usableFromInline var lineColumn: UInt
  @usableFromInline var type: UInt
  @usableFromInline var payload: UnsafeRawPointer?
  @usableFromInline var slot: Int
}

public final class SiteTable: @unchecked Sendable {
  @usableFromInline let entries: UnsafeMutablePointer<SiteTableEntry>
  @usableFromInline let mask: Int
  let lock = Mutex(())

  public init(capacity: Int) {
    precondition(capacity & (capacity - 1) == 0)
    mask = capacity - 1
    entries = .allocate(capacity: capacity)
    for i in 0..<capacity {
      (entries + i).initialize(to: SiteTableEntry(file: Atomic(0), lineColumn: 0, type: 0, payload: nil, slot: -1))
    }
  }

  /// The entry for `site`, or nil.
  @inlinable @inline(__always)
  public func find(_ site: Site) -> UnsafeMutablePointer<SiteTableEntry>? {
    var i = site.hash & mask
    while true {
      let e = entries + i
      let file = e.pointee.file.load(ordering: .acquiring)
      if file == site.file, e.pointee.lineColumn == site.lineColumn, e.pointee.type == site.type { return e }
      if file == 0 { return nil }
      i = (i &+ 1) & mask
    }
  }

  /// The entry for `site`: found, or made with `payload()` and `slot()` under the lock.
  public func insert(_ site: Site, payload: () -> UnsafeRawPointer?, slot: () -> Int) -> UnsafeMutablePointer<SiteTableEntry> {
    lock.withLock { _ in
      var i = site.hash & mask
      while true {
        let e = entries + i
        let file = e.pointee.file.load(ordering: .acquiring)
        if file == site.file, e.pointee.lineColumn == site.lineColumn, e.pointee.type == site.type { return e }
        if file == 0 {
          e.pointee.lineColumn = site.lineColumn
          e.pointee.type = site.type
          e.pointee.payload = payload()
          e.pointee.slot = slot()
          e.pointee.file.store(site.file, ordering: .releasing)
          return e
        }
        i = (i &+ 1) & mask
      }
    }
  }
}

/// The process's site table without `swift_once`: a statically initialized global (nil until the
/// first key is made), so reading it from another module is an addressor call and a load.
nonisolated(unsafe) public var _globalSiteEntries: UnsafeMutablePointer<SiteTableEntry>? = nil

public enum GlobalSites {
  @inlinable static var mask: Int { (1 << 16) - 1 }
  static let lock = Mutex(())

  @inlinable @inline(__always)
  public static func find(_ site: Site) -> UnsafeMutablePointer<SiteTableEntry>? {
    guard let entries = _globalSiteEntries else { return nil }
    var i = site.hash & mask
    while true {
      let e = entries + i
      let file = e.pointee.file.load(ordering: .acquiring)
      if file == site.file, e.pointee.lineColumn == site.lineColumn, e.pointee.type == site.type { return e }
      if file == 0 { return nil }
      i = (i &+ 1) & mask
    }
  }

  public static func insert(_ site: Site, payload: () -> UnsafeRawPointer?, slot: () -> Int) -> UnsafeMutablePointer<SiteTableEntry> {
    lock.withLock { _ in
      if _globalSiteEntries == nil {
        let entries = UnsafeMutablePointer<SiteTableEntry>.allocate(capacity: mask + 1)
        for i in 0...mask {
          (entries + i).initialize(to: SiteTableEntry(file: Atomic(0), lineColumn: 0, type: 0, payload: nil, slot: -1))
        }
        _globalSiteEntries = entries  // NB prototype: a real one publishes with a release store
      }
      let entries = _globalSiteEntries.unsafelyUnwrapped
      var i = site.hash & mask
      while true {
        let e = entries + i
        let file = e.pointee.file.load(ordering: .acquiring)
        if file == site.file, e.pointee.lineColumn == site.lineColumn, e.pointee.type == site.type { return e }
        if file == 0 {
          e.pointee.lineColumn = site.lineColumn
          e.pointee.type = site.type
          e.pointee.payload = payload()
          e.pointee.slot = slot()
          e.pointee.file.store(site.file, ordering: .releasing)
          return e
        }
        i = (i &+ 1) & mask
      }
    }
  }
}
