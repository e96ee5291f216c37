import Foundation

extension Graph {
  /// The graph as Graphviz DOT, read as ``verify(scopes:entryPoints:)`` reads it, with no factory run:
  /// a node per key (its name, type and lifetime), an edge per declared dependency, scoped keys grouped
  /// in a cluster per scope, and keys with problems outlined in red.
  ///
  /// Render the result with Graphviz:
  ///
  /// ```sh
  /// swift run followers --graph | dot -Tsvg > graph.svg
  /// ```
  ///
  /// Fill colours: singletons blue, scoped keys green, weak keys yellow, transient keys white. A
  /// decorated key's label names the modules that decorate it, innermost first. A dashed edge is a
  /// dependency resolved later, through a provider, a lazy value or an assisted factory. A child graph
  /// key has an edge to each key its child graph binds that nothing else in the child needs. A key
  /// with a dashed outline declared no dependencies (its factory resolves through a resolver), or a
  /// decorator that resolves through one wraps it: its label says its dependencies are unchecked.
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open, as for ``verify(scopes:entryPoints:)``.
  ///   - entryPoints: Keys to draw besides those the graph knows.
  /// - Returns: A DOT document.
  public func dot(scopes: [Scope]? = nil, entryPoints: [Keys] = []) -> String {
    let reading = GraphReading(self, scopes: scopes, entryPoints: entryPoints)
    return Self.dot(of: VerificationReport(reading), troubled: Set(reading.problems.map(\.keyName)))
  }

  private static func dot(of report: VerificationReport, troubled: Set<String>) -> String {
    // A key a child graph binds differently from its parent is a node of its own.
    var graphsByName: [String: [String?]] = [:]
    for key in report.keys { graphsByName[key.name, default: []].append(key.childGraph) }
    func id(_ name: String, in child: String?) -> String {
      guard let child, let graphs = graphsByName[name], graphs.count > 1, graphs.contains(child) else { return name }
      return "\(name) in \(child)"
    }
    var clusters: [String: [String]] = [:]
    var clusterOrder: [String] = []
    var lines = [
      "digraph Sheath {",
      "  rankdir=LR;",
      "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, fillcolor=\"#ffffff\"];",
      "  edge [color=\"#555555\"];",
    ]
    for key in report.keys {
      // A decorator's module, without where it was registered.
      let decorators = key.decoratedBy.map { "decorated by " + ($0.components(separatedBy: " (").first ?? $0) }
      var label = [key.name, key.type, key.lifetime] + decorators
      if let child = key.childGraph { label.append("in the child graph of \(child)") }
      if !key.isChecked { label.append("dependencies unchecked") }
      var attributes = [
        "label=\(quoted(label.joined(separator: "\n")))",
        "fillcolor=\(quoted(fill(for: key.lifetime)))",
      ]
      if !key.isChecked { attributes.append("style=\"rounded,filled,dashed\"") }
      if troubled.contains(key.name) { attributes.append("color=\"#dc2626\", penwidth=2") }
      let node = "\(quoted(id(key.name, in: key.childGraph))) [\(attributes.joined(separator: ", "))];"
      if let scope = key.scope {
        if clusters[scope] == nil { clusterOrder.append(scope) }
        clusters[scope, default: []].append(node)
      } else {
        lines.append("  " + node)
      }
    }
    for scope in clusterOrder {
      lines.append("  subgraph \(quoted("cluster_\(scope.dropFirst())")) {")
      lines.append("    label=\(quoted(scope)); style=\"dashed\"; color=\"#16a34a\";")
      lines += clusters[scope, default: []].map { "    " + $0 }
      lines.append("  }")
    }
    var needed: Set<String> = []
    for key in report.keys {
      let from = id(key.name, in: key.childGraph)
      for dependency in key.dependencies ?? [] {
        let to = id(dependency.key, in: key.childGraph)
        if key.childGraph != nil { needed.insert(to) }
        lines.append("  \(quoted(from)) -> \(quoted(to))\(dependency.isDeferred ? " [style=dashed]" : "");")
      }
    }
    for key in report.keys {
      guard let child = key.childGraph else { continue }
      let node = id(key.name, in: child)
      if !needed.contains(node) { lines.append("  \(quoted(child)) -> \(quoted(node));") }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func fill(for lifetime: String) -> String {
    switch lifetime {
    case ".singleton": "#dbeafe"
    case ".weak": "#fef9c3"
    case ".perResolution": "#f3e8ff"
    case _ where lifetime.hasPrefix(".scoped"): "#dcfce7"
    default: "#ffffff"
    }
  }

  private static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }

  // MARK: Sheath 0.1's signature, unavailable
  // Kept for at least one minor version after 0.2, with the rest of 0.1's names (Compatibility/).

  /// Unavailable: `dot()` takes no arguments.
  ///
  /// - Parameters:
  ///   - scopes: The scopes to open.
  ///   - arguments: Sample arguments of 0.1.
  ///   - entryPoints: Keys to draw besides those the graph knows.
  /// - Returns: Nothing: unavailable.
  @available(
    *, unavailable,
    message: "dot() takes no arguments: it reads every key as data; call dot() or dot(entryPoints: [...])"
  )
  public func dot(scopes: [Scope]? = nil, arguments: VerificationArguments, entryPoints: [Keys] = []) -> String {
    fatalError("unavailable")
  }
}
