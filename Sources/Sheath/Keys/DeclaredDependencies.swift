/// The dependencies a factory declared — `Key(.singleton, .httpClient, .apiBaseURL) { http, url in … }`
/// — which the graph reads as data: it checks them when it is built, before any factory runs, and
/// resolves the factory's arguments through them.
///
/// Each dependency is kept as the expression the caller wrote (an `@autoclosure`) and read only when
/// a graph needs it, never while the key itself is being created. Two keys declared as `static let`
/// that name each other — a cycle broken by `.provider` — would otherwise each wait, in the
/// runtime's one-time initialization, for the other to finish, and hang.
@usableFromInline
final class DeclaredDependencies: @unchecked Sendable {
  // @unchecked: `edges` is immutable; `cell` synchronizes itself (``PublishedReference``).

  /// The declared dependencies, in the factory's argument order.
  let edges: [DeclaredEdge]

  /// The keys the edges name, read on first use.
  @usableFromInline let cell = PublishedReference<KeyList>()

  /// The decorators that declared some of ``edges``, each with the ones it added: empty but for a
  /// binding that declared decorators wrap, whose messages name the decorator an edge came from.
  private let decorations: [(source: BindingSource, edges: Range<Int>)]

  @usableFromInline
  init(_ edges: [DeclaredEdge]) {
    self.edges = edges
    self.decorations = []
  }

  /// `own`'s edges, then those of the decorator registered at `source`, which declared `added`.
  init(_ own: DeclaredDependencies, decoratedBy source: BindingSource, adding added: DeclaredDependencies) {
    edges = own.edges + added.edges
    decorations = own.decorations + [(source, own.edges.count..<(own.edges.count + added.edges.count))]
  }

  /// Where the decorator that declared the edge at `index` was registered; `nil` for the factory's own.
  func decorator(ofEdge index: Int) -> BindingSource? {
    decorations.first { $0.edges.contains(index) }?.source
  }

  deinit {
    cell.destroy()
  }

  /// The keys of ``edges``, in order: read from the expressions once, then kept.
  @usableFromInline
  var keys: KeyList {
    (cell.load() ?? readKeys()).object
  }

  /// The key at `index`, which the declaration made a `Key<Value>`, not retained: what a slot
  /// thunk reads for each dependency, without touching a reference count.
  ///
  /// Sound because nothing it goes through is released while a factory runs: the ``KeyList`` is
  /// released only with this object, which the binding being built keeps, and the list keeps its keys.
  @inlinable @inline(__always)
  func unretainedKey<Value>(_ index: Int, as _: Value.Type) -> Unretained<Key<Value>> {
    (cell.load() ?? readKeys()).with { $0.unretainedKey(index, as: Value.self) }
  }

  /// ``keys`` the first time: read from the expressions, and published. Another thread may publish
  /// first: the same keys, since each expression names one key.
  @usableFromInline @inline(never)
  func readKeys() -> Unretained<KeyList> {
    cell.publishIfFirst(KeyList(edges.map { $0.key }))
  }
}

/// The keys a factory's declared dependencies name, in order.
@usableFromInline
final class KeyList: @unchecked Sendable {
  // @unchecked: immutable; `unretained` is written by the initializer only.
  @usableFromInline let keys: [Keys]
  /// `keys`, not retained (`keys` keeps them), in a buffer the list owns: read without a bounds check
  /// or a retain by ``unretainedKey(_:as:)``, whose index a fixed-arity initializer wrote.
  @usableFromInline let unretained: UnsafeMutablePointer<Unretained<Keys>>

  init(_ keys: [Keys]) {
    self.keys = keys
    self.unretained = .allocate(capacity: max(keys.count, 1))
    unretained.initialize(from: keys.map(Unretained.init), count: keys.count)
  }

  deinit {
    unretained.deallocate()
  }

  /// The key at `index`, which the declaration made a `Key<Value>`, not retained.
  @inlinable @inline(__always)
  func unretainedKey<Value>(_ index: Int, as _: Value.Type) -> Unretained<Key<Value>> {
    unretained[index].known(as: Key<Value>.self)
  }

  /// The key at `index`, which the declaration made a `Key<Value>`.
  @inlinable @inline(__always)
  func key<Value>(_ index: Int, as _: Value.Type) -> Key<Value> {
    unsafeDowncast(keys[index], to: Key<Value>.self)
  }

  /// The key at `index`, which the declaration made a `TypedKey<Value>`: a main-actor or an async
  /// factory's dependency (see ``MainActorResolver/declared(_:fileID:line:)``).
  @inlinable @inline(__always)
  func typedKey<Value>(_ index: Int, as _: Value.Type) -> TypedKey<Value> {
    unsafeDowncast(keys[index], to: TypedKey<Value>.self)
  }
}

/// One dependency a binding declares: the key it names, and whether the value is needed while the
/// factory runs (a direct edge) or only later, through a provider, a lazy value or an assisted factory.
@usableFromInline
struct DeclaredEdge: Sendable {
  /// When the dependency is resolved.
  @usableFromInline
  enum Kind: Sendable {
    /// While the factory runs: part of cycles and of what a shared instance holds.
    case direct
    /// Later, through what the factory keeps (``Provider``, ``Lazy``, ``AssistedFactory``): legal in a
    /// cycle, and what a shared instance may hold of a shorter-lived key.
    case deferred
    /// While the factory runs, when something binds the key; `nil` when nothing does (``Key/optional``):
    /// part of cycles and of what a shared instance holds, and never a missing binding.
    case optional
  }

  let kind: Kind
  private let target: @Sendable () -> Keys

  @usableFromInline
  init(_ kind: Kind, _ target: @escaping @Sendable () -> Keys) {
    self.kind = kind
    self.target = target
  }

  /// The key the dependency names.
  var key: Keys { target() }
}
