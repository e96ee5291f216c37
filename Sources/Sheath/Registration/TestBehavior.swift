/// What a key provides in a test graph, in place of its default (live) factory.
///
/// ```swift
/// extension Keys {
///   // Pure logic: tests use the real thing (no test behaviour needed).
///   static var validator: Key<any LoginValidating> {
///     Key { LoginValidator() }
///   }
///   // A clock: tests get a fixed one automatically.
///   static var now: Key<@Sendable () -> Date> {
///     Key(test: .value { { Date(timeIntervalSince1970: 0) } }) {
///       { Date() }
///     }
///   }
///   // The network: a test that forgets to override it fails, naming the
///   // line to add.
///   static var userAPI: Key<any UserAPI> {
///     Key(.singleton, test: .liveOnly { UnimplementedUserAPI() }) {
///       LiveUserAPI()
///     }
///   }
/// }
/// ```
///
/// A test graph (environment ``AppEnvironment/test``, such as SheathTesting builds) uses it wherever the
/// key's default would be used. Bindings that modules make are used as they are: a module decides
/// per environment with ``Module/only(in:)``.
///
/// Every kind of key takes one — ``Key``, ``MainActorKey`` and ``AsyncKey``. Its factory needs
/// nothing from the graph (`.value { FixedClock() }`), so a test graph checks the key, or takes the
/// key's resolver (`.value { r in … }`), and the test graph lists the key as unchecked. A main-actor
/// key's test value is built on the main actor, an async key's may await.
///
/// ```swift
/// static var database: AsyncKey<Database> {
///   AsyncKey(
///     .singleton, .databaseURL, test: .value { .inMemory() }
///   ) { url in
///     try await Database.open(at: url)
///   }
/// }
/// ```
public struct TestBehavior<Factory>: Sendable {
  enum Kind {
    case value(Factory)
    case liveOnly(standIn: Factory)
  }

  let kind: Kind
  /// What the factory declared it needs: nothing, for one that takes no resolver (`.value { … }`);
  /// `nil` for one that resolves through a resolver (`.value { r in … }`), whose needs a test graph
  /// lists as unchecked.
  let dependencies: DeclaredDependencies?

  init(kind: Kind, dependencies: DeclaredDependencies? = nil) {
    self.kind = kind
    self.dependencies = dependencies
  }

  /// A value used automatically in test graphs, made by a factory that resolves through the key's
  /// resolver: `.value { r in FakeStore(clock: r[.clock]) }`.
  ///
  /// - Parameter factory: Builds the test value; it has the key's factory type.
  /// - Returns: The behaviour.
  public static func value(_ factory: Factory) -> Self {
    Self(kind: .value(factory))
  }

  /// Marks the key live-only (network, disk, a real clock): a test that resolves it without
  /// overriding it fails, with a message naming the key and the override line to add, and gets
  /// `standIn` instead — never the live implementation.
  ///
  /// - Parameter standIn: Builds a value that fails on use (for example, one whose methods throw or
  ///   report an issue), so that the test cannot pass by accident; it has the key's factory type.
  /// - Returns: The behaviour.
  public static func liveOnly(standIn: Factory) -> Self {
    Self(kind: .liveOnly(standIn: standIn))
  }

  /// The binding a key declared at `source` with `lifetime` uses in test graphs.
  func binding(lifetime: LifetimeKind, source: BindingSource) -> Binding<Factory> {
    switch kind {
    case .value(let factory):
      Binding(lifetime: lifetime, source: source, dependencies: dependencies, factory: factory)
    case .liveOnly(let standIn):
      Binding(
        lifetime: lifetime, source: source, isLiveOnlyStandIn: true, dependencies: dependencies, factory: standIn)
    }
  }
}

// The forms that need nothing from the graph, as a key's own factory does when it declares no
// dependencies: the test graph knows they need nothing, and checks the key.

extension TestBehavior {
  /// A value used automatically in test graphs — a fixed clock, an in-memory store — made by a factory
  /// that needs nothing from the graph.
  ///
  /// - Parameter factory: Builds the test value.
  /// - Returns: The behaviour.
  public static func value<Value>(_ factory: @escaping @Sendable () -> Value) -> Self
  where Factory == @Sendable (Resolver) -> Value {
    Self(kind: .value { _ in factory() }, dependencies: DeclaredDependencies([]))
  }

  /// Marks the key live-only: a test that resolves it without overriding it fails, naming the key and
  /// the override line to add, and gets what `standIn` makes instead — never the live implementation.
  ///
  /// - Parameter standIn: Builds a value that fails on use, so that the test cannot pass by accident.
  /// - Returns: The behaviour.
  public static func liveOnly<Value>(standIn: @escaping @Sendable () -> Value) -> Self
  where Factory == @Sendable (Resolver) -> Value {
    Self(kind: .liveOnly { _ in standIn() }, dependencies: DeclaredDependencies([]))
  }

  /// A main-actor key's test value, made on the main actor by a factory that needs nothing from the
  /// graph.
  ///
  /// - Parameter factory: Builds the test value.
  /// - Returns: The behaviour.
  public static func value<Value>(_ factory: @escaping @MainActor @Sendable () -> Value) -> Self
  where Factory == @MainActor @Sendable (MainActorResolver) -> Value {
    Self(kind: .value { _ in factory() }, dependencies: DeclaredDependencies([]))
  }

  /// Marks a main-actor key live-only, with a stand-in made on the main actor by a factory that needs
  /// nothing from the graph.
  ///
  /// - Parameter standIn: Builds a value that fails on use.
  /// - Returns: The behaviour.
  public static func liveOnly<Value>(standIn: @escaping @MainActor @Sendable () -> Value) -> Self
  where Factory == @MainActor @Sendable (MainActorResolver) -> Value {
    Self(kind: .liveOnly { _ in standIn() }, dependencies: DeclaredDependencies([]))
  }

  /// An async key's test value, made by a factory that may await and needs nothing from the graph.
  ///
  /// - Parameter factory: Builds the test value.
  /// - Returns: The behaviour.
  public static func value<Value>(_ factory: @escaping @Sendable () async throws -> Value) -> Self
  where Factory == @Sendable (AsyncResolver) async throws -> Value {
    Self(kind: .value { _ in try await factory() }, dependencies: DeclaredDependencies([]))
  }

  /// Marks an async key live-only, with a stand-in made by a factory that may await and needs nothing
  /// from the graph.
  ///
  /// - Parameter standIn: Builds a value that fails on use.
  /// - Returns: The behaviour.
  public static func liveOnly<Value>(standIn: @escaping @Sendable () async throws -> Value) -> Self
  where Factory == @Sendable (AsyncResolver) async throws -> Value {
    Self(kind: .liveOnly { _ in try await standIn() }, dependencies: DeclaredDependencies([]))
  }
}

// @unchecked: every key asks for a `@Sendable` function type as its `Factory`.
extension TestBehavior.Kind: @unchecked Sendable {}

/// What a test graph reports to the test framework: SheathTesting installs one that records issues
/// with Swift Testing or XCTest.
package final class TestHooks: Sendable {
  /// Records a test failure; `location` is the request that failed, when one did (a test points at its
  /// line when it is in the test's file).
  package let report: @Sendable (_ message: String, _ location: CodeLocation?) -> Void
  private let reported = Locked<Set<ObjectIdentifier>>([])
  private let reportedUnknown = Locked<Set<ObjectIdentifier>>([])

  /// Whether a key the test resolves that its graph did not know fails the test: in a graph built
  /// from the app's modules, whose build is what checks the app's keys. A test graph of no modules,
  /// a key tested on its own, stands for no app.
  let reportsUnknownKeys: Bool

  package init(
    reportsUnknownKeys: Bool = true, report: @escaping @Sendable (_ message: String, _ location: CodeLocation?) -> Void
  ) {
    self.reportsUnknownKeys = reportsUnknownKeys
    self.report = report
  }

  /// Reports a live-only key resolved without an override at `site`, once per key and graph.
  func reportLiveOnly(_ key: Keys, at site: CallSite) {
    guard reported.withLock({ $0.insert(ObjectIdentifier(key)).inserted }) else { return }
    report(Self.liveOnlyMessage(key), site.location)
  }

  /// Reports a key the test resolved that its graph did not know when it was built, once per key and
  /// graph: building the app's graph does not check it.
  func reportUnknownKey(_ key: Keys, at site: CallSite) {
    guard reportsUnknownKeys, reportedUnknown.withLock({ $0.insert(ObjectIdentifier(key)).inserted }) else { return }
    report(Self.unknownKeyMessage(key), site.location)
  }

  package static func unknownKeyMessage(_ key: Keys) -> String {
    Diagnostic(
      summary:
        "this test resolved \(key.described), which its graph did not know when it was built: no module names it and no key declares it, so building the app's graph does not check it",
      details: [],
      fix:
        "name it in the module that provides it, b.expose(\(key.callSiteName)), or declare it as a dependency of the key that needs it"
    ).rendered()
  }

  package static func liveOnlyMessage(_ key: Keys) -> String {
    Diagnostic(
      summary: "\(key.described) is live-only, and this test did not override it",
      details: [],
      fix: "override it in the test's graph: $0.override(\(key.callSiteName)) { … }"
    ).rendered()
  }
}

/// Which test overrides were resolved, for reporting the ones a test never used.
package final class OverrideUsage: Sendable {
  private struct State {
    var overrides: [(key: Keys, source: BindingSource)] = []
    var used: Set<ObjectIdentifier> = []
  }

  private let state = Locked(State())

  package init() {}

  func registered(_ key: Keys, at source: BindingSource) {
    state.withLock { $0.overrides.append((key, source)) }
  }

  func markUsed(_ key: Keys) {
    state.withLock { _ = $0.used.insert(ObjectIdentifier(key)) }
  }

  /// Each override that was never resolved, in registration order: its message, and where the test
  /// made it (the line to remove).
  package var unusedOverrides: [(message: String, location: CodeLocation)] {
    state.withLock { state in
      state.overrides.filter { !state.used.contains(ObjectIdentifier($0.key)) }.map { key, source in
        let message = Diagnostic(
          summary: "the override of \(key.described) was never resolved: is the test exercising what you think?",
          details: ["overridden at \(source.location)"],
          fix: "remove the override, or make sure the test resolves \(key.name)"
        ).rendered()
        return (message, source.location)
      }
    }
  }
}
