import Foundation

extension Graph {
  /// The graph as Graphviz DOT: a node per key (its name, type and lifetime), an edge per dependency,
  /// scoped keys grouped in a cluster per scope, and keys with problems outlined in red.
  ///
  /// The dependencies are found as ``verify(scopes:arguments:entryPoints:)`` finds them: read from the
  /// keys that declared them, without running their factories, and found by building the other keys in
  /// a throwaway copy of the graph. Render the result with Graphviz:
  ///
  /// ```sh
  /// swift run followers --graph | dot -Tsvg > graph.svg
  /// ```
  ///
  /// Fill colours: singletons blue, scoped keys green, weak keys yellow, transient keys white. A
  /// decorated key's label names the modules that decorate it, innermost first. A dashed edge is a
  /// dependency resolved later, through a provider, a lazy value or an assisted factory; a child graph
  /// key is a plain edge, since the factory that opens children is its value. As for `verify()`,
  /// main-actor keys are drawn when it is called on the main actor, and async keys by
  /// `await graph.dot()`.
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open, as for ``verify(scopes:arguments:entryPoints:)``.
  ///   - arguments: Sample arguments for assisted keys, as for ``verify(scopes:arguments:entryPoints:)``.
  ///   - entryPoints: Keys to draw besides those the modules bind.
  ///   - isolation: The caller's actor; leave the default. On the main actor, main-actor keys are drawn.
  /// - Returns: A DOT document.
  public func dot(
    scopes: [Scope]? = nil, arguments: VerificationArguments = VerificationArguments(), entryPoints: [Keys] = [],
    isolation: isolated (any Actor)? = #isolation
  ) -> String {
    let run = verificationRun(
      scopes: scopes, arguments: arguments, entryPoints: entryPoints, lendingMainActor: isolation.isMainActor)
    return dot(of: run)
  }

  /// The graph as Graphviz DOT, every kind of key drawn: main-actor keys built while this call holds
  /// the main actor, async keys awaited, as `try await graph.verify()` builds them.
  ///
  /// ```swift
  /// print(await graph.dot(entryPoints: AppGraph.entryPoints))
  /// ```
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open, as for ``verify(scopes:arguments:entryPoints:)``.
  ///   - arguments: Sample arguments for assisted keys, as for ``verify(scopes:arguments:entryPoints:)``.
  ///   - entryPoints: Keys to draw besides those the modules bind.
  /// - Returns: A DOT document.
  public func dot(
    scopes: [Scope]? = nil, arguments: VerificationArguments = VerificationArguments(), entryPoints: [Keys] = []
  ) async -> String {
    let run = await completeVerificationRun(scopes: scopes, arguments: arguments, entryPoints: entryPoints)
    return dot(of: run)
  }

  private func dot(of run: VerificationRun) -> String {
    let report = run.report
    run.close()
    let problems = run.recorder.problems
    var keys: [Keys] = []
    var seen: Set<ObjectIdentifier> = []
    for (from, to) in report.edges + report.deferredEdges {
      for key in [from, to] where seen.insert(ObjectIdentifier(key)).inserted { keys.append(key) }
    }
    for key in report.keys where seen.insert(ObjectIdentifier(key)).inserted {
      keys.append(key)
    }
    let troubled = Set(problems.map(\.keyName))
    var clusters: [Scope: [String]] = [:]
    var clusterOrder: [Scope] = []
    var lines = [
      "digraph Sheath {",
      "  rankdir=LR;",
      "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, fillcolor=\"#ffffff\"];",
      "  edge [color=\"#555555\"];",
    ]
    for key in keys {
      let lifetime = lifetimeKind(of: key)
      let decorators = (table.binding(at: key.slot)?.decorators ?? []).map {
        "decorated by \($0.modulePath ?? "Graph")"
      }
      var attributes = [
        "label=\(quoted(([key.name, key.typeName, lifetime.description] + decorators).joined(separator: "\n")))",
        "fillcolor=\(quoted(fill(for: lifetime)))",
      ]
      if troubled.contains(key.name) { attributes.append("color=\"#dc2626\", penwidth=2") }
      let node = "\(quoted(key.name)) [\(attributes.joined(separator: ", "))];"
      if case .scoped(let scope) = lifetime {
        if clusters[scope] == nil { clusterOrder.append(scope) }
        clusters[scope, default: []].append(node)
      } else {
        lines.append("  " + node)
      }
    }
    for scope in clusterOrder {
      lines.append("  subgraph \(quoted("cluster_\(scope.name)")) {")
      lines.append("    label=\(quoted("\(scope)")); style=\"dashed\"; color=\"#16a34a\";")
      lines += clusters[scope, default: []].map { "    " + $0 }
      lines.append("  }")
    }
    for (from, to) in report.edges {
      lines.append("  \(quoted(from.name)) -> \(quoted(to.name));")
    }
    for (from, to) in report.deferredEdges {
      lines.append("  \(quoted(from.name)) -> \(quoted(to.name)) [style=dashed];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func lifetimeKind(of key: Keys) -> LifetimeKind {
    table.binding(at: key.slot)?.lifetime ?? key.defaultLifetimeKind
  }

  private func fill(for lifetime: LifetimeKind) -> String {
    switch lifetime {
    case .transient: "#ffffff"
    case .singleton: "#dbeafe"
    case .scoped: "#dcfce7"
    case .weak: "#fef9c3"
    }
  }

  private func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}
