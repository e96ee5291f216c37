import Foundation

extension Graph {
  /// Builds every binding in a throwaway copy of this graph and reports every problem at once.
  ///
  /// Building a graph checks what the registrations show, and every key whose factory declared its
  /// dependencies (see <doc:DeclaringDependencies>). `verify()` starts from every key the graph knows
  /// (``knownKeys``) and `entryPoints`. It reads the keys that declared their dependencies as data —
  /// their factories never run — and runs every other factory (`{ r in … }`, decorated keys, keys given
  /// a sample argument) in a copy with its own caches, so no instance leaks into this graph, recording
  /// what each one resolves. It reports, each with the path from the key that needed it:
  ///
  /// - required keys that nothing binds;
  /// - dependency cycles, `A → B → A`;
  /// - captive dependencies: a shared instance holding a shorter-lived one (a singleton holding a
  ///   `.scoped(.flow)` data controller, or a `.weak` instance);
  /// - scoped keys reached from a graph that does not open their scope;
  /// - `.weak` keys whose factory returns a value type.
  ///
  /// Keys with a lifetime scoped to `scopes` are verified in child graphs that open those scopes, and
  /// unscoped keys from the innermost of them, as an app resolves its screens' view models inside a
  /// flow. Assisted keys need a sample argument; those without one are listed as skipped.
  ///
  /// Every kind of key is verified:
  ///
  /// - ``Key``s, ``CollectionKey``s, ``MapKey``s and ``ChildGraphKey``s, on probe threads;
  /// - ``MainActorKey``s, when `verify()` is called on the main actor (a `@MainActor` test): a probe
  ///   thread builds them while the calling thread holds the main actor, so no other main-actor code
  ///   runs meanwhile (a factory that asserts it runs on the main thread, with
  ///   `MainActor.assumeIsolated` or `Thread.isMainThread`, would fail there). Called elsewhere,
  ///   `verify()` lists them as skipped; `try await graph.verify()` builds them from anywhere;
  /// - ``AsyncKey``s, with `try await graph.verify()`, which awaits their factories on an executor of
  ///   its own (macOS 15, iOS 18 and later; skipped before); the synchronous `verify()` lists them as
  ///   skipped;
  /// - assisted keys with the sample argument ``VerificationArguments`` gives them, or skipped.
  ///
  /// ```swift
  /// @Test func graphIsValid() throws {
  ///   var arguments = VerificationArguments()
  ///   arguments.provide(.profileViewModel, StubProfileView())
  ///   try AppGraph.make(environment: .live).verify(arguments: arguments)
  /// }
  /// ```
  ///
  /// A factory that cannot be built (it needs a missing key, or is part of a cycle) parks the thread
  /// that was building it for the rest of the process, since resolution has no way to back out of a
  /// factory; verify in tests and debug builds.
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open, outermost first; by default every scope a binding or an entry
  ///     point uses that this graph and its ancestors do not open already, in the order the keys
  ///     were created — or, when a key of one of them needs a key of another, or of a scope only a
  ///     key's default uses, in the order that needs (a second pass builds the keys again in it).
  ///   - arguments: Sample arguments for assisted keys.
  ///   - entryPoints: Keys to build besides those the modules bind — keys the app resolves with their
  ///     default factories.
  ///   - isolation: The caller's actor; leave the default. On the main actor, main-actor keys are built.
  /// - Returns: What was verified: the keys, the dependencies found, the keys skipped.
  /// - Throws: ``VerificationError`` listing every problem.
  @discardableResult
  public func verify(
    scopes: [Scope]? = nil, arguments: VerificationArguments = VerificationArguments(), entryPoints: [Keys] = [],
    isolation: isolated (any Actor)? = #isolation
  ) throws -> VerificationReport {
    let run = verificationRun(
      scopes: scopes, arguments: arguments, entryPoints: entryPoints, lendingMainActor: isolation.isMainActor)
    return try run.finish()
  }

  /// Builds every binding in a throwaway copy of this graph — main-actor keys on the main actor and
  /// async keys awaited — and reports every problem at once.
  ///
  /// What ``verify(scopes:arguments:entryPoints:)`` does, for every kind of key wherever it is called
  /// from: main-actor keys are built while this call holds the main actor, and async keys' factories
  /// are awaited on an executor of its own (macOS 15, iOS 18 and later; listed as skipped before).
  ///
  /// ```swift
  /// @Test func graphIsValid() async throws {
  ///   let graph = try AppGraph.make(environment: .live)
  ///   try await graph.verify(entryPoints: AppGraph.entryPoints)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open, as for ``verify(scopes:arguments:entryPoints:)``.
  ///   - arguments: Sample arguments for assisted keys.
  ///   - entryPoints: Keys to build besides those the modules bind.
  /// - Returns: What was verified: the keys, the dependencies found, the keys skipped.
  /// - Throws: ``VerificationError`` listing every problem.
  @discardableResult
  public func verify(
    scopes: [Scope]? = nil, arguments: VerificationArguments = VerificationArguments(), entryPoints: [Keys] = []
  ) async throws -> VerificationReport {
    let run = await completeVerificationRun(scopes: scopes, arguments: arguments, entryPoints: entryPoints)
    return try run.finish()
  }
}

/// Sample arguments for verifying assisted keys, typed by key.
///
/// ```swift
/// var arguments = VerificationArguments()
/// arguments.provide(.formValidator, FormSample.empty)
/// // a main-actor assisted key
/// arguments.provide(.profileViewModel) { StubProfileView() }
/// try graph.verify(arguments: arguments)
/// ```
public struct VerificationArguments: Sendable {
  /// Each assisted key given an argument, in the order given, with how to build it.
  var provided: [(key: Keys, step: @Sendable (Graph) -> VerificationStep)] = []

  /// Creates an empty set of arguments.
  public init() {}

  /// Verifies `key` by building it with `argument`.
  ///
  /// - Parameters:
  ///   - key: The assisted key.
  ///   - argument: A sample argument.
  public mutating func provide<Argument: Sendable, Value>(_ key: AssistedKey<Argument, Value>, _ argument: Argument) {
    set(key) { graph in .run { _ = graph.make(key, argument) } }
  }

  /// Verifies a main-actor assisted `key` by building it, on the main actor, with what `argument`
  /// makes there — a stub view, say.
  ///
  /// - Parameters:
  ///   - key: The main-actor assisted key.
  ///   - argument: Makes a sample argument on the main actor.
  public mutating func provide<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>, _ argument: @escaping @MainActor @Sendable () -> Argument
  ) {
    set(key) { graph in .runOnMainActor { _ = graph.make(key, argument()) } }
  }

  private mutating func set(_ key: Keys, _ step: @escaping @Sendable (Graph) -> VerificationStep) {
    if let index = provided.firstIndex(where: { $0.key === key }) {
      provided[index].step = step
    } else {
      provided.append((key, step))
    }
  }
}

/// What ``Graph/verify(scopes:arguments:entryPoints:)`` verified.
public struct VerificationReport: Sendable {
  let keys: [Keys]
  let edges: [(Keys, Keys)]
  let deferredEdges: [(Keys, Keys)]

  /// A line for each key that was not verified, saying why and what would verify it.
  public let skipped: [String]

  /// The keys built, by name, in the order they were verified.
  public var verifiedKeys: [String] { keys.map(\.name) }

  /// Every dependency found, as `(from, to)` key names, in the order found.
  public var dependencies: [(from: String, to: String)] { edges.map { ($0.0.name, $0.1.name) } }

  /// Every dependency resolved later — through a provider, a lazy value or an assisted factory that a
  /// factory made — as `(from, to)` key names, in the order found. `verify()` builds the keys they
  /// lead to on their own.
  public var deferredDependencies: [(from: String, to: String)] {
    deferredEdges.map { ($0.0.name, $0.1.name) }
  }
}

/// The problems ``Graph/verify(scopes:arguments:entryPoints:)`` found: every one, in the order found.
public struct VerificationError: Error, CustomStringConvertible, Sendable {
  /// The problems.
  public let problems: [VerificationProblem]
  /// A line for each key that was not verified.
  public let skipped: [String]

  /// A header line, every problem's message, and the keys skipped.
  public var description: String {
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    let notes = skipped.isEmpty ? [] : ["\n" + skipped.map { "note: " + $0 }.joined(separator: "\n")]
    return (["Sheath found \(count) in the graph:"] + problems.map { "\n" + $0.description } + notes)
      .joined(separator: "\n")
  }
}

/// One problem ``Graph/verify(scopes:arguments:entryPoints:)`` found.
public struct VerificationProblem: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem this is; new kinds may be added.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// A required key that nothing binds.
    public static let missingBinding = Kind(name: "missing binding")
    /// Keys that need each other.
    public static let dependencyCycle = Kind(name: "dependency cycle")
    /// A shared instance holding a shorter-lived one.
    public static let captiveDependency = Kind(name: "captive dependency")
    /// A scoped key reached from a graph that does not open its scope.
    public static let scopeNotOpen = Kind(name: "scope not open")
    /// A `.weak` key whose factory returns a value type.
    public static let weakValueNotAnObject = Kind(name: "weak value not an object")
    /// A resolution nested so deep that it would run out of stack.
    public static let tooDeep = Kind(name: "too deep")
    /// A provider used after its graph was released.
    public static let graphReleased = Kind(name: "graph released")
    /// A child graph key whose modules cannot be built.
    public static let childGraphNotBuilt = Kind(name: "child graph not built")
    /// A factory that waits for another thread's build, which never finishes.
    public static let buildWaitTimeout = Kind(name: "build wait timeout")

    /// The kind's name.
    public var description: String { name }
  }

  /// What kind of problem this is.
  public let kind: Kind
  /// The name of the key the problem is about.
  public let keyName: String
  let diagnostic: Diagnostic

  /// The full message.
  public var description: String { diagnostic.rendered(prefix: "error: ") }
}
