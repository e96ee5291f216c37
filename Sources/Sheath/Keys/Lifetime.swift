/// How long a value a graph provides lives, and who shares it.
///
/// | lifetime | one instance per | released when |
/// |---|---|---|
/// | ``transient`` | request for the key | the caller lets go of it |
/// | ``perResolution`` | resolution: a request and every factory it runs | the caller lets go of it |
/// | ``singleton`` | graph that binds the key | that graph is released |
/// | ``weak`` | graph, while someone holds it | the last holder lets go of it |
/// | ``scoped(_:)`` | graph that opened the scope | that graph is released |
///
/// Lifetimes that share an instance across threads require a `Sendable` value; the compiler checks it:
///
/// ```swift
/// // `UserAPI: Sendable`, or this doesn't compile
/// Key<any UserAPI>(.singleton) { _ in LiveUserAPI() }
/// ```
public struct Lifetime<Value>: Sendable, CustomStringConvertible {
  @usableFromInline let kind: LifetimeKind

  private init(_ kind: LifetimeKind) {
    self.kind = kind
  }

  /// A new instance for every request for the key.
  public static var transient: Self { Self(.transient) }

  /// One instance per resolution: the request that started it and every factory it runs share the
  /// instance, and the next resolution builds a new one — Swinject's `.graph` scope, with no child
  /// graph to open. Sheath keeps the instance until the request returns, and no longer.
  ///
  /// A resolution is everything one request on a graph, a resolver or a provider builds on its
  /// thread before it returns; in an async resolution, everything its factories build, in every task
  /// they start, synchronous requests included. A per-resolution key resolved from two graphs has an
  /// instance in each.
  public static var perResolution: Self { Self(.perResolution) }

  /// How the lifetime is written in code: `.singleton`, `.scoped(.flow)`.
  public var description: String { kind.description }
}

extension Lifetime where Value: Sendable {
  /// One instance per graph that binds the key, built the first time it is resolved and kept until
  /// the graph is released. Child graphs share their parent's instance.
  ///
  /// The instance is built once: while one thread runs the factory, every other thread that asks for
  /// it blocks until the factory returns. Keep such factories quick. A factory that waits — for the
  /// network, a file, the main actor — blocks each thread that asks meanwhile, and a Swift task that
  /// blocks holds one of the few threads of the cooperative pool, so unrelated tasks wait too: make
  /// that key an ``AsyncKey``, whose waiters suspend instead. Sheath says so once per key when a task
  /// blocks here for more than 100 ms, and stops with a message naming both threads' paths after
  /// `SHEATH_BUILD_WAIT_LIMIT` seconds (60 unless set) of waiting.
  public static var singleton: Self { Self(.singleton) }

  /// One instance shared while anyone holds a strong reference to it; the next resolution after the
  /// last holder lets go builds a new one. The value must be a class instance.
  public static var weak: Self { Self(.weak) }

  /// One instance per graph that opened `scope` (see ``Graph/child(scope:)``), released with that
  /// graph. Resolving the key from a graph that has no such ancestor is an error naming the scope.
  ///
  /// - Parameter scope: The scope whose graphs own the instance.
  /// - Returns: The lifetime of a scoped key.
  public static func scoped(_ scope: Scope) -> Self { Self(.scoped(scope)) }
}

/// How long a ``MainActorKey``'s value lives: the lifetimes of ``Lifetime``, for values that never
/// leave the main actor and so need not be `Sendable`.
///
/// | lifetime | one instance per | released when |
/// |---|---|---|
/// | ``transient`` | request for the key | the caller lets go of it |
/// | ``perResolution`` | resolution: a request and every factory it runs | the caller lets go of it |
/// | ``singleton`` | graph that binds the key | that graph is released |
/// | ``weak`` | graph, while someone holds it | the last holder lets go of it |
/// | ``scoped(_:)`` | graph that opened the scope | that graph is released |
public struct MainActorLifetime: Hashable, Sendable, CustomStringConvertible {
  let kind: LifetimeKind

  private init(_ kind: LifetimeKind) {
    self.kind = kind
  }

  /// A new instance for every request for the key.
  public static var transient: Self { Self(.transient) }

  /// One instance per resolution: the request that started it and every factory it runs share the
  /// instance, and the next resolution builds a new one. Sheath keeps the instance until the request
  /// returns, and no longer.
  public static var perResolution: Self { Self(.perResolution) }

  /// One instance per graph that binds the key, built on the main actor the first time it is
  /// resolved and kept until the graph is released. Child graphs share their parent's instance.
  public static var singleton: Self { Self(.singleton) }

  /// One instance shared while anyone holds a strong reference to it; the next resolution after the
  /// last holder lets go builds a new one. The value must be a class instance.
  public static var weak: Self { Self(.weak) }

  /// One instance per graph that opened `scope` (see ``Graph/child(scope:)``), released with that
  /// graph — one view model per flow of screens, say.
  ///
  /// - Parameter scope: The scope whose graphs own the instance.
  /// - Returns: The lifetime of a scoped key.
  public static func scoped(_ scope: Scope) -> Self { Self(.scoped(scope)) }

  /// How the lifetime is written in code: `.singleton`, `.scoped(.flow)`.
  public var description: String { kind.description }
}

/// A lifetime without its value type, as bindings store it.
@usableFromInline
enum LifetimeKind: Hashable, Sendable, CustomStringConvertible {
  case transient
  case singleton
  case weak
  case perResolution
  case scoped(Scope)

  @usableFromInline var description: String {
    switch self {
    case .transient: ".transient"
    case .singleton: ".singleton"
    case .weak: ".weak"
    case .perResolution: ".perResolution"
    case .scoped(let scope): ".scoped(\(scope))"
    }
  }

  /// Whether the lifetime is a scope's.
  var isScoped: Bool {
    if case .scoped = self { true } else { false }
  }

  /// Whether a graph caches the instance (and so may hold it longer than the one who asked). A
  /// per-resolution instance is held only while the resolution that built it runs: like a transient
  /// one, it lives as long as what holds it.
  var isShared: Bool {
    switch self {
    case .transient, .perResolution: false
    case .singleton, .weak, .scoped: true
    }
  }

  /// Whether an instance of this lifetime that holds an instance of `held`'s is a captive
  /// dependency: the one rule building a graph checks, and that resolving keeps.
  ///
  /// A singleton and a `.weak` instance live in the graph that binds their key and are shared by every
  /// graph below it; a scoped instance lives in the graph that opened its scope. So a shared instance
  /// may hold a singleton, or one of its own kind; a singleton may hold nothing shorter-lived, and
  /// `.weak` and scoped instances may not hold each other: a scoped holder would keep a `.weak` value
  /// alive for its scope, and a `.weak` holder, shared above every scope, could not be built with one
  /// scope's instance. What the graph does not keep (transient, per-resolution) may be held by anyone.
  func isCaptive(holding held: LifetimeKind) -> Bool {
    switch (self, held) {
    case (.transient, _), (.perResolution, _), (_, .transient), (_, .perResolution), (_, .singleton):
      false
    case (.singleton, _): true
    case (.weak, .weak), (.scoped, .scoped): false
    case (.weak, .scoped), (.scoped, .weak): true
    }
  }
}
