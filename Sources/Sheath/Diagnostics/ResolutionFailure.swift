/// A mistake in the wiring found while resolving: the resolution cannot produce a value, so it stops
/// the program with a message that names the keys and says how to fix it.
///
/// Resolution returns the key's type, never an Optional and never a throw, so these are programming
/// errors in the same family as an out-of-bounds index. ``Graph/init(modules:environment:stopsOnUnknownKeys:)`` catches
/// what the registrations alone reveal; run `graph.verify()` in a test to catch the rest before it
/// ships. Every stop prints its whole message, in debug and release builds alike.
enum ResolutionFailure {
  /// Keys that need each other, from the key the resolution entered first back to it.
  case cycle([Keys])
  /// Builds on different threads waiting for each other.
  case crossThreadCycle([Keys])
  /// A key nothing binds, and the keys being resolved that need it, outermost first.
  case missingBinding(Keys, neededBy: [Keys])
  /// A key the graph did not know when it was built, whose check on its first resolution found these.
  case unknownKeyProblems(Keys, [GraphError.Problem])
  /// A key the graph did not know when it was built, requested outside every factory from a graph
  /// made to stop on those.
  case unknownKeyRequested(Keys)
  /// A scoped key resolved where no graph opens its scope; the keys being resolved that need it,
  /// outermost first; and the innermost shared instance among them, which lives in a graph that
  /// cannot see the scope: a captive dependency.
  case scopeNotOpen(Keys, Scope, neededBy: [Keys], holder: (key: Keys, lifetime: LifetimeKind)?)
  case weakValueNotAnObject(Keys, valueType: String)
  /// A property wrapper created at `CodeLocation` with no graph set.
  case noAmbientGraph(Keys, CodeLocation, AmbientInjection)
  /// A `@WeakInject` property first read after the graph it took when its object was created was
  /// released.
  case weakInjectGraphReleased(Keys, CodeLocation, graphDescription: String)
  /// A resolution about to run out of stack: how deep it is, and its keys, outermost first.
  case tooDeep(depth: Int, path: [Keys])
  /// A resolver, provider, lazy value or assisted factory used after its graph was released.
  /// `use`: what asked — a kept resolver, or what a shared instance kept to resolve later.
  /// `reason`: for the latter, why the key cannot be resolved from the nearest live graph above
  /// instead; a kept resolver never is.
  case graphReleased(Keys, graphDescription: String, use: ReleasedGraphUse, reason: String?)
  /// A wait for another thread's build that did not end.
  case buildWaitTimeout(Keys, seconds: Double, builderPath: [Keys], waiterPath: [Keys])
  /// A task's wait for an async build that another task started, that did not end.
  case asyncBuildWaitTimeout(Keys, seconds: Double, builderPath: [Keys], waiterPath: [Keys])
  case tooManyKeys(Int)
  /// A child graph key whose modules cannot be built, with the build error's message.
  case childGraphNotBuilt(Keys, String)
  /// A declared dependency whose value the factory of the given isolation cannot take, which the
  /// graph's check should have reported (see ``UnusableDependency``).
  case unusableDependency(Keys, declaredBy: KeyIsolation)

  var diagnostic: Diagnostic {
    switch self {
    case .cycle(let keys):
      return Diagnostic(summary: "dependency cycle", details: cyclePath(keys), fix: cycleFix(keys))
    case .crossThreadCycle(let keys):
      // Either thread may find the cycle first: show it from the key whose name sorts first.
      return Diagnostic(
        summary: "dependency cycle between shared instances built on different threads",
        details: cyclePath(rotatedByName(keys)), fix: cycleFix(keys))
    case .missingBinding(let key, let path):
      return Diagnostic(
        summary: "missing binding for required key \(key.described)",
        details: path.isEmpty ? [] : ["needed by " + describePath(path + [key])],
        fix:
          "bind it in a module, b.bind(\(key.callSiteName)) { … }, and declare b.require(\(key.callSiteName)) in the module that needs it so building the graph checks it"
      )
    case .unknownKeyProblems(let key, let problems):
      return Diagnostic(
        summary:
          "\(key.described) cannot be resolved: the graph did not know it when it was built, and checking it now found \(problems.count == 1 ? "1 problem" : "\(problems.count) problems")",
        details: problems.flatMap { $0.description.split(separator: "\n").map(String.init) },
        fix:
          "fix the problems above, and name the key in a module, b.expose(\(key.callSiteName)), so that building the graph checks it"
      )
    case .unknownKeyRequested(let key):
      return Diagnostic(
        summary:
          "\(key.described) was resolved outside every factory, but the graph did not know it when it was built: no module names it and no key declares it, so building the graph did not check it",
        details: ["the graph was made with stopsOnUnknownKeys: true, so that no such key passes unseen"],
        fix:
          "name it in the module that provides it, b.expose(\(key.callSiteName)), or declare it as a dependency of the key that needs it"
      )
    case .scopeNotOpen(let key, let scope, let path, let holder?):
      return Diagnostic(
        summary:
          "captive dependency: \(holder.key.described) is \(holder.lifetime), but holds \(key.described), which is .scoped(\(scope))",
        details: [
          "needed by " + describePath(path + [key]),
          "\(holder.key.name) lives in the graph that owns it, and no graph from there to the root opens \(scope)",
        ],
        fix:
          "give \(holder.key.name) a lifetime no longer than .scoped(\(scope)), or resolve \(key.name) from a graph that opens \(scope) and pass it to the method that needs it"
      )
    case .scopeNotOpen(let key, let scope, let path, nil):
      return Diagnostic(
        summary: "\(key.name) is scoped to \(scope), but no graph from here to the root opens \(scope)",
        details: [key.described] + (path.isEmpty ? [] : ["needed by " + describePath(path + [key])]),
        fix: "resolve it from a graph made with graph.child(scope: \(scope)), or give it a lifetime that needs no scope"
      )
    case .weakValueNotAnObject(let key, let valueType):
      return Diagnostic(
        summary:
          "\(key.name) has a .weak lifetime, but its factory returned a value of type \(valueType), which is not a class instance",
        details: [key.described],
        fix: "return a class instance, or use .transient or .singleton for a value type"
      )
    case .noAmbientGraph(let key, let location, .inject):
      return Diagnostic(
        summary: "@Inject(\(key.callSiteName)) at \(location) has no graph to resolve from",
        details: [key.described],
        fix:
          "call Graph.bootstrap(graph) once at launch, or resolve inside Graph.$current.withValue(graph) { … }; in tests use SheathTesting's .graph trait"
      )
    case .noAmbientGraph(let key, let location, .weakInject):
      return Diagnostic(
        summary: "@WeakInject(\(key.callSiteName)) at \(location) has no graph to resolve from",
        details: [
          key.described,
          "no graph was bootstrapped, and none was current when the object was created: @WeakInject takes the ambient graph then, to resolve from on first read",
        ],
        fix:
          "call Graph.bootstrap(graph) once at launch, or create the object inside Graph.$current.withValue(graph) { … }; in tests use SheathTesting's .graph trait"
      )
    case .weakInjectGraphReleased(let key, let location, let graphDescription):
      return Diagnostic(
        summary:
          "@WeakInject(\(key.callSiteName)) at \(location) was first read after the graph it resolves from was released",
        details: [
          key.described,
          "the graph was \(graphDescription), the ambient graph when the object was created, and @WeakInject does not keep it alive",
        ],
        fix:
          "keep the graph alive while the objects created from it are in use, or create the object again from the graph that replaces it (Graph.bootstrap(_:) lets go of the graph it replaces)"
      )
    case .tooDeep(let depth, let path):
      return Diagnostic(
        summary: "resolution is \(grouped(depth)) levels deep, and this thread's stack is nearly used up",
        details: abbreviatedPath(path),
        fix:
          "a chain this deep is usually objects that each build the next one as they are built: inject r.provider(…) and build the next one when it is needed, or resolve on a thread with a larger stack"
      )
    case .graphReleased(let key, let graphDescription, .lentResolver, _):
      return Diagnostic(
        summary: "\(key.name) was resolved through a resolver kept after its graph was released",
        details: [
          key.described,
          "the graph was \(graphDescription); a factory kept the resolver it received, which does not keep the graph alive, and a kept resolver never resolves from another graph",
        ],
        fix:
          "keep a provider, lazy value or assisted factory instead (r.provider(.key), r.lazy(.key)), made in the factory: they keep the graph alive; or keep the graph while the resolver is in use"
      )
    case .graphReleased(let key, let graphDescription, .sharedInstanceResolver, _):
      return Diagnostic(
        summary: "\(key.name) was resolved through a resolver kept after its graph was released",
        details: [
          key.described,
          "the graph was \(graphDescription); a factory kept the resolver it received, which does not keep the graph alive, and a kept resolver never resolves from another graph",
        ],
        fix:
          "keep a provider, lazy value or assisted factory instead (r.provider(.key), r.lazy(.key)), made in the factory, and keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph)"
      )
    case .graphReleased(let key, let graphDescription, .keptBySharedInstance, let reason):
      return Diagnostic(
        summary: "\(key.name) was resolved through a provider, lazy value or factory whose graph was released",
        details: [
          key.described,
          "the graph was \(graphDescription); a factory of one of the graph's instances made it, and what the graph's instances hold does not keep their graph alive",
          "it cannot be resolved from the nearest live graph above instead: \(reason ?? "")",
        ],
        fix:
          "keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph), or resolve the value in the factory instead of later"
      )
    case .buildWaitTimeout(let key, let seconds, let builderPath, let waiterPath):
      return Diagnostic(
        summary: "waited \(formatted(seconds)) s for \(key.name), which another thread is still building",
        details: [
          key.described,
          "building: " + describePath(builderPath + [key]),
          "waiting: " + describePath(waiterPath + [key]),
        ],
        fix:
          "the factory of \(key.name) is probably waiting for this thread (DispatchQueue.main.sync, a semaphore, a lock) while this thread waits for it; a factory must not wait for work that resolves from its graph: resolve what that work needs first, or make \(key.name) an AsyncKey (SHEATH_BUILD_WAIT_LIMIT=seconds waits longer)"
      )
    case .asyncBuildWaitTimeout(let key, let seconds, let builderPath, let waiterPath):
      return Diagnostic(
        summary: "waited \(formatted(seconds)) s for \(key.name), which another task is still building",
        details: [
          key.described,
          "building: " + describePath(builderPath + [key]),
          "waiting: " + describePath(waiterPath + [key]),
        ],
        fix:
          "the factory of \(key.name) is probably waiting for work that waits for \(key.name) where Sheath cannot follow it, such as a Task.detached that resolves it; do not await the key's own build from a detached task: resolve what that work needs first and pass it in, or resolve \(key.name) later with r.provider(…) (SHEATH_BUILD_WAIT_LIMIT=seconds waits longer)"
      )
    case .childGraphNotBuilt(let key, let error):
      return Diagnostic(
        summary: "the child graph of \(key.name) could not be built",
        details: [key.described] + error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
        fix: "fix the child's modules (the ChildGraphKey's modules); verify() opens every child graph key it meets"
      )
    case .unusableDependency(let key, let holder):
      let unusable = UnusableDependency(key, declaredBy: holder)
      return Diagnostic(
        summary:
          "\(holder == .async ? "an async" : "a main-actor") factory cannot take the value of \(key.described): \(unusable?.reason ?? "its kind of key")",
        details: ["the graph's check did not report it: please report this as a bug in Sheath"],
        fix: unusable?.fix ?? "declare its .provider")
    case .tooManyKeys(let capacity):
      return Diagnostic(
        summary: "more than \(grouped(capacity)) keys were created",
        details: [],
        fix: "declare keys once: each declaration makes one key, and only a new name: makes another"
      )
    }
  }

  /// Stops the program with the diagnostic, in every build configuration — on a thread with stack
  /// enough to build and print it, when the calling thread's is nearly used up — naming `file` and
  /// `line`: where the app asked for what failed.
  func trap(file: StaticString, line: UInt) -> Never {
    withAmpleStack { fatalError("Sheath: " + diagnostic.rendered(), file: file, line: line) }
  }

  /// Stops the program with the diagnostic, naming the declaration of the key it is about
  /// (``location``), for a stop no request of the app's caused directly.
  func trap() -> Never {
    guard let location, let file = location.compiledFileID else {
      trap(file: #fileID, line: #line)
    }
    trap(file: file, line: UInt(max(0, location.line)))
  }

  /// Where the key a stop is about was declared: for a cycle, the key whose factory asked for the
  /// first again; for a resolution too deep, the innermost key.
  var location: CodeLocation? {
    switch self {
    case .cycle(let keys): closing(keys)
    case .crossThreadCycle(let keys): closing(rotatedByName(keys))
    case .tooDeep(_, let path): path.last?.declaration
    case .missingBinding(let key, _), .unknownKeyProblems(let key, _), .unknownKeyRequested(let key),
      .scopeNotOpen(let key, _, _, _),
      .weakValueNotAnObject(let key, _), .graphReleased(let key, _, _, _), .buildWaitTimeout(let key, _, _, _),
      .asyncBuildWaitTimeout(let key, _, _, _), .childGraphNotBuilt(let key, _), .unusableDependency(let key, _):
      key.declaration
    case .noAmbientGraph(_, let location, _), .weakInjectGraphReleased(_, let location, _): location
    case .tooManyKeys: nil
    }
  }

  /// The declaration of the key that closes `cycle`, `first → … → last → first`: `last`.
  private func closing(_ cycle: [Keys]) -> CodeLocation? {
    (cycle.count >= 2 ? cycle[cycle.count - 2] : cycle.last)?.declaration
  }
}

/// How to break a cycle: with a lazy value or a provider, or only a provider for main-actor and async
/// keys (their resolvers offer no `lazy`).
private func cycleFix(_ keys: [Keys]) -> String {
  if keys.contains(where: { $0.isolation != .nonisolated }) {
    return
      "resolve one of these keys with r.provider(…) instead of r[…] in the factory that needs it and call the provider after the factory returns, or split a type so the cycle disappears"
  }
  return
    "resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears"
}

/// `A (…)`, `→ B (…)`, …, `→ A`: each key described once, the closing repeat by name.
func cyclePath(_ cycle: [Keys]) -> [String] {
  var seen: Set<ObjectIdentifier> = []
  return cycle.enumerated().map { index, key in
    let text = seen.insert(ObjectIdentifier(key)).inserted ? key.described : key.name
    return index == 0 ? text : "→ " + text
  }
}

/// `cycle` (`A → … → A`) shown from the member that comes first in `order` — the path of the
/// resolution that found it — or, when the path misses some of the cycle (other tasks or threads
/// went through them, and any of them may find it first), from the member whose name sorts first.
func rotated(_ cycle: [Keys], toFirstOf order: [Keys]) -> [Keys] {
  let members = Array(cycle.dropLast())
  guard members.allSatisfy({ member in order.contains { $0 === member } }),
    let first = order.first(where: { key in members.contains { $0 === key } }),
    let start = members.firstIndex(where: { $0 === first })
  else { return rotatedByName(cycle) }
  return Array(members[start...] + members[..<start]) + [members[start]]
}

/// `cycle` (`A → … → A`) shown from the member whose name sorts first.
func rotatedByName(_ cycle: [Keys]) -> [Keys] {
  let members = Array(cycle.dropLast())
  guard let start = members.indices.min(by: { members[$0].name < members[$1].name }) else { return cycle }
  return Array(members[start...] + members[..<start]) + [members[start]]
}

/// The first key described, then each key by name; a long path shows its first and last five keys.
private func abbreviatedPath(_ path: [Keys]) -> [String] {
  let shown = 5
  var lines: [String] = []
  for (index, key) in path.enumerated() {
    if path.count > 2 * shown + 1, index >= shown, index < path.count - shown {
      if index == shown { lines.append("→ … \(grouped(path.count - 2 * shown)) more …") }
      continue
    }
    lines.append(index == 0 ? key.described : "→ " + key.name)
  }
  return lines
}

/// `100,000`: digits in groups of three, whatever the locale.
func grouped(_ number: Int) -> String {
  var digits = String(number.magnitude)
  var groups: [Substring] = []
  while digits.count > 3 {
    groups.insert(digits.suffix(3), at: 0)
    digits.removeLast(3)
  }
  groups.insert(Substring(digits), at: 0)
  return (number < 0 ? "-" : "") + groups.joined(separator: ",")
}

/// `60`, `0.5`: seconds without a trailing `.0`.
private func formatted(_ seconds: Double) -> String {
  seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}
