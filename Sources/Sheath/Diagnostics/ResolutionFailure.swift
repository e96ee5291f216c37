/// A mistake in the wiring found while resolving: the resolution cannot produce a value, so it stops
/// the program with a message that names the keys and says how to fix it.
///
/// Resolution returns the key's type, never an Optional and never a throw, so these are programming
/// errors in the same family as an out-of-bounds index. ``Graph/init(modules:)`` catches what the
/// registrations alone reveal; run `graph.verify()` in a test to catch the rest before it ships.
enum ResolutionFailure {
  case cycle([Keys])
  case crossThreadCycle([Keys])
  case missingBinding(Keys)
  case scopeNotOpen(Keys, Scope)
  case weakValueNotAnObject(Keys, valueType: String)
  case noAmbientGraph(Keys, CodeLocation)

  var diagnostic: Diagnostic {
    switch self {
    case .cycle(let keys):
      return Diagnostic(
        summary: "dependency cycle",
        details: cyclePath(keys),
        fix:
          "resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears"
      )
    case .crossThreadCycle(let keys):
      return Diagnostic(
        summary: "dependency cycle between shared instances built on different threads",
        details: cyclePath(keys),
        fix:
          "resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears"
      )
    case .missingBinding(let key):
      return Diagnostic(
        summary: "missing binding for required key \(key.described)",
        details: [],
        fix:
          "bind it in a module, b.bind(\(key.callSiteName)) { r in … }, and declare b.require(\(key.callSiteName)) in the module that needs it so building the graph checks it"
      )
    case .scopeNotOpen(let key, let scope):
      return Diagnostic(
        summary: "\(key.name) is scoped to \(scope), but no graph from here to the root opens \(scope)",
        details: [key.described],
        fix: "resolve it from a graph made with graph.child(scope: \(scope)), or give it a lifetime that needs no scope"
      )
    case .weakValueNotAnObject(let key, let valueType):
      return Diagnostic(
        summary:
          "\(key.name) has a .weak lifetime, but its factory returned a value of type \(valueType), which is not a class instance",
        details: [key.described],
        fix: "return a class instance, or use .transient or .singleton for a value type"
      )
    case .noAmbientGraph(let key, let location):
      return Diagnostic(
        summary: "@Inject(\(key.callSiteName)) at \(location) has no graph to resolve from",
        details: [key.described],
        fix:
          "call Graph.bootstrap(graph) once at launch, or resolve inside Graph.$current.withValue(graph) { … }; in tests use SheathTesting's .graph trait"
      )
    }
  }

  /// Stops the program with the diagnostic.
  func trap(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Sheath: " + diagnostic.rendered(), file: file, line: line)
  }
}

/// `A (…)`, `→ B (…)`, …, `→ A`: each key described once, the closing repeat by name.
///
/// A cycle has no first key, so it is shown from the key created first — usually the one the app
/// asked for — whichever key the detection happened to start from.
private func cyclePath(_ cycle: [Keys]) -> [String] {
  let members = cycle.dropLast()
  guard let start = members.indices.min(by: { members[$0].slot < members[$1].slot }) else { return [] }
  let keys = Array(members[start...] + members[..<start]) + [members[start]]
  var seen: Set<ObjectIdentifier> = []
  return keys.enumerated().map { index, key in
    let text = seen.insert(ObjectIdentifier(key)).inserted ? key.described : key.name
    return index == 0 ? text : "→ " + text
  }
}
