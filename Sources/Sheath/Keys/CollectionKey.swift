/// A key that several modules contribute to: the common base of ``CollectionKey`` and ``MapKey``.
///
/// You never create one directly. Like ``BindableKey``, it carries the types that go with the key —
/// `Contribution`, the function type of one contribution's factory, and `EntryKey`, the type of a
/// map entry's key (`Never` for a collection, whose elements have none) — so that `contribute` is one
/// method per shape, and a contribution of the wrong type is an error that names both types. It
/// resolves like a ``Key`` of its `Value`, `[Element]` or `[EntryKey: Value]`; a test may override
/// the whole collection.
public class ContributableKey<Contribution, EntryKey: Hashable & Sendable, Value>: Key<Value>,
  @unchecked Sendable
{
  // @unchecked: immutable; the stored bindings are Sendable.

  init(
    _ lifetime: Lifetime<Value>, empty: Value, name: String?, declaration: CodeLocation
  ) {
    let empty = UncheckedSendable(value: empty)
    // Without contributions, the empty collection: it needs nothing.
    super.init(lifetime, test: nil, name: name, declaration: declaration, dependencies: DeclaredDependencies([])) {
      _ in empty.value
    }
  }
}

/// A key for a collection that several modules contribute elements to: analytics trackers, launch
/// tasks, menu items.
///
/// Elements come in a deterministic order: module order, then the order of the `contribute` calls
/// within a module, where the elements of a
/// ``Bindings/contributeElements(to:fileID:line:_:)`` call take its place. A graph without
/// contributions provides an empty array. A child graph's collection holds its parent's elements
/// followed by its own.
///
/// ```swift
/// extension Keys {
///   static var trackers: CollectionKey<any AnalyticsTracker> {
///     CollectionKey()
///   }
/// }
///
/// struct AnalyticsModule: Module {
///   func register(into b: inout Bindings) {
///     b.contribute(to: .trackers) { _ in ConsoleTracker() }
///     b.contribute(to: .trackers) { r in
///       RemoteTracker(http: r[.httpClient])
///     }
///   }
/// }
///
/// let trackers = graph[.trackers]   // [ConsoleTracker, RemoteTracker]
/// ```
public final class CollectionKey<Element>:
  ContributableKey<@Sendable (Resolver) -> Element, Never, [Element]>, @unchecked Sendable
{
  // @unchecked: immutable; the stored bindings are Sendable.

  /// The collection's lifetime: ``Lifetime/transient`` builds every element anew on each resolution.
  public var lifetime: Lifetime<[Element]> { defaultLifetime }

  /// Creates a collection key.
  ///
  /// - Parameters:
  ///   - lifetime: How long the resolved collection (and so each element) lives.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  @inlinable @inline(__always)
  public convenience init(
    _ lifetime: Lifetime<[Element]> = .transient,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, CollectionKey.self) {
      self.init(existing: key)
    } else {
      self.init(existing: CollectionKey.made(lifetime, at: KeySite(name, fileID, line, column, function)))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(_ lifetime: Lifetime<[Element]>, at site: consuming KeySite) -> Keys {
    site.key(of: CollectionKey.self) { CollectionKey(lifetime, empty: [], name: $0, declaration: $1) }
  }
}

/// A key for a dictionary that several modules contribute entries to: screen factories by route,
/// handlers by command name.
///
/// Two contributions with the same map key are an error when the graph is built, naming both modules.
///
/// ```swift
/// extension Keys {
///   static var screens: MapKey<String, any ScreenFactory> {
///     MapKey()
///   }
/// }
///
/// b.contribute(to: .screens, entry: "profile") { r in
///   ProfileScreenFactory(r[.profileViewModel])
/// }
/// ```
public final class MapKey<EntryKey: Hashable & Sendable, Value>:
  ContributableKey<@Sendable (Resolver) -> Value, EntryKey, [EntryKey: Value]>, @unchecked Sendable
{
  // @unchecked: immutable; the stored bindings are Sendable.

  /// The dictionary's lifetime: ``Lifetime/transient`` builds every value anew on each resolution.
  public var lifetime: Lifetime<[EntryKey: Value]> { defaultLifetime }

  /// Creates a map key.
  ///
  /// - Parameters:
  ///   - lifetime: How long the resolved dictionary (and so each value) lives.
  ///   - name: The key's name in diagnostics; by default the property's (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - column: Where the key is declared; leave the default.
  ///   - function: The property the key is declared in, which names it; leave the default.
  @inlinable @inline(__always)
  public convenience init(
    _ lifetime: Lifetime<[EntryKey: Value]> = .transient,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) {
    if name == nil, let key = KeyRegistry.found(fileID, line, column, MapKey.self) {
      self.init(existing: key)
    } else {
      self.init(existing: MapKey.made(lifetime, at: KeySite(name, fileID, line, column, function)))
    }
  }

  /// The key the initializer above declares: found, or made and recorded the first time it runs.
  @usableFromInline
  static func made(_ lifetime: Lifetime<[EntryKey: Value]>, at site: consuming KeySite) -> Keys {
    site.key(of: MapKey.self) { MapKey(lifetime, empty: [:], name: $0, declaration: $1) }
  }
}
