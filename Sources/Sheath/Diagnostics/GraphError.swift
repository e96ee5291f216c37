/// Every problem in a graph at once, not just the first: what stopped `Graph(modules:)` from building
/// it, or what ``Graph/verify(scopes:entryPoints:)`` found reading it.
///
/// ```swift
/// do {
///   let graph = try Graph(
///     modules: [AppModule(), LiveAPIModule(), FakeAPIModule()])
/// } catch let error as GraphError {
///   print(error)
/// }
/// ```
///
/// The error lists every problem, each with its fix:
///
/// ```text, wrap=74
/// Sheath could not build the graph (1 problem):
///
/// error: duplicate binding for Keys.userAPI (any UserAPI, App/Keys.swift:9)
///   bound by LiveAPIModule (App/Modules.swift:31)
///   bound by FakeAPIModule (App/Modules.swift:20)
/// fix: keep one of these bindings, or make the one that should win an override: b.override(.userAPI) { … }
/// ```
///
/// `verify()` throws it too, with the ``report`` of what it read: one type to catch for a graph that
/// is wrong, whichever call found it.
public struct GraphError: Error, CustomStringConvertible, Sendable {
  /// The problems: in the order of the registrations that caused them, or of the keys
  /// ``Graph/verify(scopes:entryPoints:)`` read.
  public let problems: [Problem]
  /// What ``Graph/verify(scopes:entryPoints:)`` read, problems aside, when it threw the error; `nil`
  /// when building the graph did.
  public let report: VerificationReport?

  init(problems: [Problem], report: VerificationReport? = nil) {
    self.problems = problems
    self.report = report
  }

  /// A header line, every problem's message, and — from `verify()` — the keys left unchecked.
  public var description: String {
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    let messages = problems.map { "\n" + $0.description }
    guard let report else {
      return (["Sheath could not build the graph (\(count)):"] + messages).joined(separator: "\n")
    }
    let unchecked = report.unchecked
    let notes = unchecked.isEmpty ? [] : ["\n" + unchecked.map { "note: " + $0 }.joined(separator: "\n")]
    return (["Sheath found \(count) in the graph:"] + messages + notes).joined(separator: "\n")
  }
}

extension GraphError {
  /// One problem found while building or verifying a graph.
  ///
  /// Its ``description`` is the full message: what is wrong; the key, its type and where it was
  /// declared; the modules and lines involved; how to fix it.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is; new kinds may be added.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
      let name: String

      /// Two plain bindings of one key.
      public static let duplicateBinding = Kind(name: "duplicate binding")
      /// Two overrides of one key.
      public static let conflictingOverrides = Kind(name: "conflicting overrides")
      /// An override of a required key that nothing binds.
      public static let overrideOfUnboundKey = Kind(name: "override of an unbound key")
      /// A required key that a module requires and nothing binds.
      public static let missingBinding = Kind(name: "missing binding")
      /// Two entries with one key in a ``MapKey``.
      public static let duplicateMapEntry = Kind(name: "duplicate map entry")
      /// A scoped key bound below the graph that owns its instances.
      public static let scopedBindingBelowScope = Kind(name: "scoped binding below its scope")
      /// A decorator of a required key that nothing binds.
      public static let decorationOfUnboundKey = Kind(name: "decorator of an unbound key")
      /// A module type reached through `include` with two different configurations.
      public static let conflictingModules = Kind(name: "conflicting modules")
      /// Keys whose declared dependencies form a cycle of direct edges: no order can build them.
      public static let dependencyCycle = Kind(name: "dependency cycle")
      /// A shared or per-resolution instance that would hold itself through a lazy value: a `.lazy`
      /// dependency keeps the transient or per-resolution value it resolves, and that value holds the
      /// instance back, so once the lazy value is read neither is ever released.
      public static let referenceCycle = Kind(name: "reference cycle")
      /// A shared instance whose declared dependencies hold a shorter-lived one.
      public static let captiveDependency = Kind(name: "captive dependency")
      /// A declared dependency whose value its factory cannot take: an assisted key's, or an async or
      /// a main-actor key's where the factory cannot wait for it or does not run (see ``TypedKey``).
      public static let unusableDependency = Kind(name: "unusable dependency")
      /// A `.weak` key whose value type cannot be an object: a struct, an enum, a tuple or a function.
      public static let weakValueNotAnObject = Kind(name: "weak value that is not an object")
      /// A scoped key where no graph opens its scope, or that needs a key of a scope not open where its
      /// own is; found by ``Graph/verify(scopes:entryPoints:)``.
      public static let scopeNotOpen = Kind(name: "scope not open")
      /// A child graph key whose modules cannot be built; found by ``Graph/verify(scopes:entryPoints:)``.
      public static let childGraphNotBuilt = Kind(name: "child graph not built")
      /// Modules that include modules without end: each a new type, as a generic module including
      /// itself with a bigger type argument makes.
      public static let endlessIncludes = Kind(name: "endless includes")

      /// The kind's name, as in the message's first line.
      public var description: String { name }
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The name of the key the problem is about, such as `Keys.userAPI` — or of the module, for
    /// ``Kind-swift.struct/conflictingModules``.
    public let keyName: String
    let diagnostic: Diagnostic

    /// The full message.
    public var description: String { diagnostic.rendered(prefix: "error: ") }
  }
}

extension GraphError.Problem {
  /// Modules nested `Bindings.maximumIncludeDepth` deep by `include`, along `path`.
  static func endlessIncludes(_ path: [String]) -> GraphError.Problem {
    // The first few show the pattern; the last are the longest names.
    let shown = path.count > 4 ? path.prefix(4) + ["…"] : path[...]
    return GraphError.Problem(
      kind: .endlessIncludes, keyName: path.last ?? "",
      diagnostic: Diagnostic(
        summary: "modules include modules \(path.count) deep, without end",
        details: [shown.joined(separator: " > ")],
        fix:
          "a module type must not include a new module type each time, as a generic module including itself with a bigger type argument does: include a fixed set of module types"
      ))
  }

  /// A module type installed with `configuration` at `path`, after it was installed differently.
  static func conflictingModules(
    _ name: String, _ earlier: InstalledModule, _ configuration: String, _ path: String
  ) -> GraphError.Problem {
    let whereEarlier = earlier.origin == .inherited ? "\(earlier.path) in the parent graph" : earlier.path
    return GraphError.Problem(
      kind: .conflictingModules, keyName: name,
      diagnostic: Diagnostic(
        summary: "module \(name) is installed twice with different configurations",
        details: ["\(earlier.configuration), installed by \(whereEarlier)", "\(configuration), installed by \(path)"],
        fix:
          "a module type reached through include is installed once per graph: include \(name) with one configuration where every module that needs it can see it, or give each configuration a module type of its own"
      ))
  }
}
