import CSheathRuntime

// The one place that knows how an instance table's block is laid out in memory: a ``Header`` and then
// `capacity` ``Entry`` values, reached through an ``UnsafeHandle``. Everything else — the probing, the
// growing, the invariants — reads and writes blocks through the handle.
//
// NB: a field that one thread reads while another writes is reached through a pointer to that field
// (`pointer(to:)`, which the optimizer folds to a constant offset), never through the whole struct's
// `pointee`: an access to `pointee` is an access to the struct's first byte, and the thread sanitizer
// would see a reader of the capacity race a writer of the count, or a writer of a value race a
// reader of the tag beside it.

extension InstanceTable {
  /// The fixed fields at the start of a block.
  @usableFromInline
  struct Header {
    /// How many entries follow the header: a power of two, so that a probe wraps with a mask.
    @usableFromInline var capacity: Int
    /// How many entries have a tag. Read and written only under the family's lock.
    @usableFromInline var count: Int
    /// The block this one replaced, which readers may still be in, or `nil` for the first block.
    @usableFromInline var retired: UnsafeMutableRawPointer?
  }

  /// One slot's place in a block: the key's slot + 1 as its tag, and the value stored for it.
  @usableFromInline
  struct Entry {
    /// The slot + 1 of the key whose value this entry holds, or 0 while it is empty. Set once, with a
    /// release store, after `type` and `payload`; read with acquire loads.
    @usableFromInline var tag: Int
    /// The type of the value in `payload` (``InstanceTable/storesInline(_:)``), or `nil` when
    /// `payload` holds a retained ``Box`` of it: how ``InstanceTable/destroy()`` releases it.
    @usableFromInline var type: Any.Type?
    /// The value's bytes, or the box's reference in its first word. Read and written only as raw
    /// memory, through ``payload(of:)``, never as this tuple.
    @usableFromInline var payload: (Int, Int)
  }

  /// A typed view of one block: its header and its entries. A handle is a pointer and owns nothing;
  /// the table decides when a block is made, published and freed.
  ///
  /// Readers use only ``mask``, ``entry(at:)``, ``tag(of:)`` and ``object(of:)``, the members
  /// inlined into every read of a shared instance; everything else is for writers, under the family's
  /// lock.
  @usableFromInline
  struct UnsafeHandle {
    /// The block's header, at the block's start.
    @usableFromInline let header: UnsafeMutablePointer<Header>

    /// The handle of the block at `block`, laid out by ``prepare(_:capacity:retired:)``.
    @inlinable @inline(__always)
    init(_ block: UnsafeMutableRawPointer) {
      header = block.assumingMemoryBound(to: Header.self)
    }

    /// The block's memory, as the table's cell holds it.
    var block: UnsafeMutableRawPointer { UnsafeMutableRawPointer(header) }

    /// The first entry, right after the header.
    @inlinable @inline(__always)
    var entries: UnsafeMutablePointer<Entry> {
      UnsafeMutableRawPointer(header + 1).assumingMemoryBound(to: Entry.self)
    }

    /// How many entries the block has: set before the block is published, never changed after.
    @inlinable @inline(__always)
    var capacity: Int { header.pointer(to: \.capacity).unsafelyUnwrapped.pointee }

    /// The bits of a slot that pick its home entry; probes wrap with it too.
    @inlinable @inline(__always)
    var mask: Int { capacity &- 1 }

    /// How many entries have a tag. Only under the family's lock.
    var count: Int {
      get { header.pointer(to: \.count).unsafelyUnwrapped.pointee }
      nonmutating set { header.pointer(to: \.count).unsafelyUnwrapped.pointee = newValue }
    }

    /// The entry at `index`, which is less than ``capacity``.
    ///
    /// NB: a byte offset from the first entry, not `entries + index`. The two are the same address,
    /// but from the typed form the optimizer makes a probe loop that costs a reader who finds its tag
    /// at once two more instructions (`Benchmarks/`' singleton row: 222 instructions, not 221).
    @inlinable @inline(__always)
    func entry(at index: Int) -> UnsafeMutablePointer<Entry> {
      (UnsafeMutableRawPointer(entries) + index &* MemoryLayout<Entry>.stride).assumingMemoryBound(to: Entry.self)
    }

    /// The tag of `entry`, one of this block's, loaded with acquire ordering: once it is the tag a
    /// reader looks for, the entry's value, stored before it, is visible too.
    @inlinable @inline(__always)
    static func tag(of entry: UnsafeMutablePointer<Entry>) -> Int {
      sheath_load_acquire_int(entry.pointer(to: \.tag).unsafelyUnwrapped)
    }

    /// The address of `entry`'s value, or of its box's reference (``InstanceTable/value(at:as:)``):
    /// read only after ``tag(of:)`` found the entry set, which it stays.
    @inlinable @inline(__always)
    static func payload(of entry: UnsafeMutablePointer<Entry>) -> UnsafeMutableRawPointer {
      UnsafeMutableRawPointer(entry.pointer(to: \.payload).unsafelyUnwrapped)
    }

    /// The type of `entry`'s value, or `nil` when it is boxed: for writers, under the family's lock,
    /// and for ``InstanceTable/destroy()``, once no reader is left.
    static func type(of entry: UnsafeMutablePointer<Entry>) -> Any.Type? {
      entry.pointer(to: \.type).unsafelyUnwrapped.pointee
    }

    /// The block this one replaced, if any.
    var retired: UnsafeHandle? { header.pointer(to: \.retired).unsafelyUnwrapped.pointee.map(UnsafeHandle.init) }

    /// Fills the empty entry at `index` with `stored` for `tag`, taking over its reference, counts it,
    /// then publishes the tag with a release store: a reader that sees the tag sees the value.
    @inline(__always)
    func publish(_ stored: Stored, tag: Int, at index: Int) {
      let entry = entry(at: index)
      entry.pointer(to: \.type).unsafelyUnwrapped.pointee = stored.type
      entry.pointer(to: \.payload).unsafelyUnwrapped.pointee = stored.payload
      count += 1
      sheath_store_release_int(entry.pointer(to: \.tag).unsafelyUnwrapped, tag)
    }

    /// Copies the entry at `source`, another block's, into the entry at `index` of this block, which
    /// is not published yet: byte for byte, as values stored inline are bitwise-takable. The old
    /// entry keeps its bytes for readers still in its block; only this one owns the value.
    func copy(_ source: UnsafeMutablePointer<Entry>, to index: Int) {
      UnsafeMutableRawPointer(entry(at: index))
        .copyMemory(from: UnsafeRawPointer(source), byteCount: MemoryLayout<Entry>.size)
      count += 1
    }

    /// The bytes a block of `capacity` entries takes.
    static func byteCount(capacity: Int) -> Int {
      MemoryLayout<Header>.stride + capacity * MemoryLayout<Entry>.stride
    }

    /// Lays out an empty block of `capacity` entries in `memory`, which has ``byteCount(capacity:)``
    /// bytes, aligned for an `Int`.
    static func prepare(_ memory: UnsafeMutableRawPointer, capacity: Int, retired: UnsafeHandle?) -> UnsafeHandle {
      memory.bindMemory(to: Header.self, capacity: 1)
        .initialize(to: Header(capacity: capacity, count: 0, retired: retired?.block))
      (memory + MemoryLayout<Header>.stride).bindMemory(to: Entry.self, capacity: capacity)
        .initialize(repeating: Entry(tag: 0, type: nil, payload: (0, 0)), count: capacity)
      return UnsafeHandle(memory)
    }

    /// A new, empty block of `capacity` entries that keeps `retired`; freed with ``deallocate()``.
    static func allocate(capacity: Int, retired: UnsafeHandle?) -> UnsafeHandle {
      let memory = UnsafeMutableRawPointer.allocate(
        byteCount: byteCount(capacity: capacity), alignment: MemoryLayout<Header>.alignment)
      return prepare(memory, capacity: capacity, retired: retired)
    }

    /// Frees a block ``allocate(capacity:retired:)`` made. Its values are not released.
    func deallocate() {
      block.deallocate()
    }
  }
}
