import Sheath

extension Keys {
  /// A key declared in FrameworkA, against FrameworkA's copy of Sheath.
  static var greeting: Key<String> {
    Key(.singleton) { "hello from FrameworkA's copy of Sheath" }
  }
}

/// FrameworkA's entry point, which the app finds by name: creates a key and resolves it in a graph
/// of this copy. Returns 0, or 1 when the graph cannot be built.
@_cdecl("framework_run")
public func frameworkRun() -> Int32 {
  do {
    let graph = try Graph(modules: [])
    print("FrameworkA: \(graph[.greeting])")
    return 0
  } catch {
    print("FrameworkA: \(error)")
    return 1
  }
}
