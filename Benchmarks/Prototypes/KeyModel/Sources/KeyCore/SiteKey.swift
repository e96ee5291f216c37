// Q1(b) as briefed: a struct key carrying its site and its factory; the graph maps site -> slot in
// its own open-addressed table. Arity 0 stores the user's closure as is (no allocation); with
// dependencies the factory must capture them (an allocation per read: see REPORT.md).
public struct SiteKey<Value>: Sendable {
  public let site: Site
  public let lifetime: Lifetime
  public let make: @Sendable (Graph) -> Value

  @inlinable @inline(__always)
  public init(
    _ lifetime: Lifetime = .transient, fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
    _ factory: @escaping @Sendable (Graph) -> Value
  ) {
    site = Site(fileID, line, column, Value.self)
    self.lifetime = lifetime
    make = factory
  }

  @inlinable @inline(__always)
  public init<A, B>(
    _ lifetime: Lifetime, _ a: SiteKey<A>, _ b: SiteKey<B>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
    _ factory: @escaping @Sendable (A, B) -> Value
  ) {
    self.init(lifetime, fileID: fileID, line: line, column: column) { g in factory(g.resolve(a), g.resolve(b)) }
  }

  @inlinable @inline(__always)
  public init<A>(
    _ lifetime: Lifetime, _ a: SiteKey<A>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
    _ factory: @escaping @Sendable (A) -> Value
  ) {
    self.init(lifetime, fileID: fileID, line: line, column: column) { g in factory(g.resolve(a)) }
  }
}

extension Graph {
  @inlinable @inline(__always)
  public subscript<V>(key: SiteKey<V>) -> V { resolve(key) }

  @inlinable @inline(__always)
  public func resolve<V>(_ key: SiteKey<V>) -> V {
    if let e = sites.find(key.site) {
      return resolve(slot: e.pointee.slot, default: Unmanaged.fromOpaque(e.pointee.payload.unsafelyUnwrapped))
    }
    return learn(key)
  }

  /// A key this graph has not seen: recorded in the graph's table (a locked insert), then resolved.
  @usableFromInline @inline(never)
  func learn<V>(_ key: SiteKey<V>) -> V {
    let e = sites.insert(
      key.site,
      payload: { UnsafeRawPointer(Unmanaged.passRetained(Recipe(key.lifetime, [], "", key.make)).toOpaque()) },
      slot: { KeyRegistry.nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue })
    return resolve(slot: e.pointee.slot, default: Unmanaged.fromOpaque(e.pointee.payload.unsafelyUnwrapped))
  }
}
