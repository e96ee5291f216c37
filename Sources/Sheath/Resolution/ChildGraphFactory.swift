/// Opens child graphs of the graph it came from, with the scope and modules its ``ChildGraphKey``
/// declares.
///
/// ```swift
/// final class Navigator {
///   private let openCheckout: ChildGraphFactory
///
///   init(openCheckout: ChildGraphFactory) {
///     self.openCheckout = openCheckout
///   }
///
///   func startCheckout() -> Graph {
///     // one .flow graph per checkout: its own data controller
///     openCheckout.open()
///   }
/// }
/// ```
public struct ChildGraphFactory: Sendable {
  let reference: GraphReference
  let origin: ChildGraphOrigin

  /// The scope each child opens, if any.
  public var scope: Scope? { origin.scope }

  /// Opens a new child graph: it sees the graph's bindings and shared instances, opens the key's
  /// scope and installs its modules.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the graph that made this factory was released; the
  ///     caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The child graph; keep it for as long as what it builds is in use.
  public func open(fileID: StaticString = #fileID, line: UInt = #line) -> Graph {
    let key = origin.key.unsafelyUnwrapped
    return reference.withGraph(resolving: key, at: CallSite(fileID: fileID, line: line)) { graph in
      let modules = origin.modules()
      guard !modules.isEmpty else { return Graph(parent: graph, scope: origin.scope) }
      do {
        return try graph.child(scope: origin.scope, modules: modules)
      } catch {
        ResolutionStack.stop(.childGraphNotBuilt(key, String(describing: error)))
      }
    }
  }
}
