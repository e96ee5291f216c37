import Foundation

/// What ``Graph/verify(scopes:entryPoints:)`` read: every key, its binding and what it declared it
/// needs, and the keys whose dependencies it could not read.
///
/// The report is data: `Codable`, for a tool or a CI step to read, and `description` says in words
/// what was covered.
///
/// ```swift
/// let report = try graph.verify()
/// print(report)
/// let json = try JSONEncoder().encode(report)
/// ```
public struct VerificationReport: Sendable, Codable, Equatable, CustomStringConvertible {
  /// One key the report covers, with the binding it resolves with.
  public struct CheckedKey: Sendable, Codable, Equatable {
    /// The key's name, such as `Keys.userAPI`.
    public let name: String
    /// The key's value type, such as `any UserAPI`.
    public let type: String
    /// Its binding's lifetime, such as `.singleton` or `.scoped(.flow)`.
    public let lifetime: String
    /// The scope its lifetime needs, such as `.flow`, if any.
    public let scope: String?
    /// What binds it, as `AppModule > APIModule (App/Modules.swift:31)` or `the key's default
    /// (App/Keys.swift:9)`; `nil` when nothing does (a problem says so).
    public let boundBy: String?
    /// What its binding declared it needs, in the factory's order; `nil` when its factory resolves
    /// through a ``Resolver`` (`{ r in … }`), whose dependencies are not known.
    public let dependencies: [Dependency]?
    /// Where the decorators that wrap its binding were registered, innermost first. What a decorator
    /// declared it needs (`b.decorate(.userAPI, .clock) { api, clock in … }`) is in ``dependencies``.
    public let decoratedBy: [String]
    /// Those of ``decoratedBy`` that resolve through a resolver (`b.decorate(.userAPI) { r, api in
    /// … }`), so what they need is not known.
    public let uncheckedDecoratedBy: [String]
    /// Whether it is a live-only key a test graph did not override: resolving it fails the test.
    public let isLiveOnly: Bool
    /// The ``ChildGraphKey`` whose child graph binds it, when the child binds it differently from
    /// the graph, or only the child knows it; `nil` for the graph's own keys.
    public let childGraph: String?

    /// Whether every dependency of the key is known: it and its decorators declared them — or it is
    /// live-only in a test graph, where resolving it fails the test whatever it needs.
    public var isChecked: Bool { isLiveOnly || (dependencies != nil && uncheckedDecoratedBy.isEmpty) }
  }

  /// One declared dependency.
  public struct Dependency: Sendable, Codable, Equatable {
    /// The name of the key depended on.
    public let key: String
    /// Whether it is resolved later — through a provider, a lazy value or an assisted factory —
    /// rather than while the factory runs.
    public let isDeferred: Bool
    /// Whether it may be absent: declared `.optional`, `nil` when nothing binds the key.
    public let isOptional: Bool
  }

  /// Every key read, in the order reached: the graph's known keys and entry points, then each child
  /// graph's own.
  public let keys: [CheckedKey]
  /// The scopes `verify()` opened below the graph for the keys scoped to them, outermost first.
  public let openedScopes: [String]
  /// The child graph keys whose child graphs were built and read.
  public let childGraphs: [String]

  /// The names of the keys read, in order.
  public var verifiedKeys: [String] { keys.map(\.name) }

  /// Every dependency needed while a factory runs, as `(from, to)` key names, in order.
  public var dependencies: [(from: String, to: String)] {
    edges(deferred: false)
  }

  /// Every dependency resolved later — through a provider, a lazy value or an assisted factory — as
  /// `(from, to)` key names, in order.
  public var deferredDependencies: [(from: String, to: String)] {
    edges(deferred: true)
  }

  /// The keys no other key read depends on, by name, in order: the ones the app resolves itself — a
  /// screen's view model, a navigator — and any binding nothing uses. Read it to find the latter.
  public var roots: [String] {
    var needed: Set<String> = []
    for key in keys {
      for dependency in key.dependencies ?? [] { needed.insert(dependency.key) }
    }
    return keys.map(\.name).filter { !needed.contains($0) }
  }

  /// The keys whose dependencies are not all known, by name: their factories resolve through a
  /// ``Resolver``, or a decorator that does wraps them.
  public var uncheckedKeys: [String] {
    keys.filter { !$0.isChecked }.map(\.name)
  }

  /// The keys named only by where they were declared (`Key declared at App/Keys.swift:9`): a key
  /// stored in a `static let`, or made in a helper function, which the compiler does not tell its
  /// property's name. Messages and fix lines cannot name them (`b.bind(<#key#>)`).
  public var unnamedKeys: [String] {
    keys.map(\.name).filter { $0.hasPrefix(Keys.siteNamePrefix) }
  }

  /// A line for each key whose dependencies were not read, saying why and how to declare them.
  public var unchecked: [String] {
    keys.filter { !$0.isChecked }.map { key in
      guard key.dependencies != nil else {
        return
          "\(key.name): its factory resolves through a resolver, so what it needs is unchecked; declare its dependencies (Key(.transient, .a, .b) { a, b in … })"
      }
      let decorators = key.uncheckedDecoratedBy
      return
        "\(key.name): decorated by \(decorators.joined(separator: ", ")), \(decorators.count == 1 ? "whose decorator resolves" : "whose decorators resolve") through a resolver, so what \(decorators.count == 1 ? "it needs" : "they need") is unchecked; declare what a decorator needs (b.decorate(\(callSiteName(key.name)), .a) { value, a in … })"
    }
  }

  /// The lines of ``unchecked``.
  @available(
    *, deprecated, renamed: "unchecked",
    message: "verify() builds nothing, so it skips nothing; it lists the keys whose dependencies it could not read"
  )
  public var skipped: [String] { unchecked }

  /// What was covered, in words: how many keys and dependencies were read, in which graphs, and the
  /// keys left unchecked.
  public var description: String {
    let deferred = deferredDependencies.count
    var lines = [
      "verify() read \(count(keys.count, "key")) and \(count(dependencies.count + deferred, "dependency", "dependencies"))"
        + (deferred == 0 ? "" : " (\(deferred) deferred)") + " as data; no factory ran."
    ]
    if !openedScopes.isEmpty {
      let them = openedScopes.count == 1 ? "it" : "them"
      lines.append("It opened \(openedScopes.joined(separator: ", then ")) for the keys scoped to \(them).")
    }
    if !childGraphs.isEmpty {
      lines.append("It built and read the child graphs of \(childGraphs.joined(separator: ", ")).")
    }
    let liveOnly = keys.filter(\.isLiveOnly).map(\.name)
    if !liveOnly.isEmpty {
      lines.append(
        "Live-only in this test graph, and not overridden (resolving one fails the test): \(liveOnly.joined(separator: ", "))."
      )
    }
    let unchecked = self.unchecked
    lines.append(
      unchecked.isEmpty
        ? "The dependencies of every key it read are declared and checked."
        : "\(count(unchecked.count, "key")) with unchecked dependencies: a cycle, a captive dependency or a missing binding through \(unchecked.count == 1 ? "it" : "them") is found only when \(unchecked.count == 1 ? "it is" : "they are") resolved."
    )
    lines += unchecked.map { "  " + $0 }
    let unnamed = unnamedKeys
    if !unnamed.isEmpty {
      lines.append(
        "\(count(unnamed.count, "key")) \(unnamed.count == 1 ? "is" : "are") named only by where \(unnamed.count == 1 ? "it is" : "they are") declared, as a key stored in a static let is, so messages and fixes cannot name \(unnamed.count == 1 ? "it" : "them"): \(unnamed.joined(separator: ", ")); declare each as a computed property (static var userAPI: Key<…> { Key(…) { … } }), or give it a name:"
      )
    }
    lines.append(Self.notRead)
    return lines.joined(separator: "\n")
  }

  /// What no reading of the graph can cover, said in every report.
  static let notRead = """
    Not read: keys that no module binds, exposes or requires and that no key read declares, such as those only { r in … } factories resolve; each is checked when first resolved.
    To read one here, name it in its module: b.expose(.key). To stop on any the app requests, make the graph with stopsOnUnknownKeys: true.
    """

  private func edges(deferred: Bool) -> [(from: String, to: String)] {
    var seen: Set<[String]> = []
    var edges: [(from: String, to: String)] = []
    for key in keys {
      for dependency in key.dependencies ?? [] where dependency.isDeferred == deferred {
        if seen.insert([key.name, dependency.key]).inserted { edges.append((key.name, dependency.key)) }
      }
    }
    return edges
  }

  private func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
  }
}
