/// Opens child graphs of the graph it came from, each with the scope and modules its
/// ``ChildGraphKey`` declares and, for a key declared with a seed, its seed key bound to the value it
/// is opened with.
///
/// ```swift
/// final class Navigator {
///   private let openCheckout: ChildGraphFactory<Void>
///   private let openAccount: ChildGraphFactory<User>
///
///   init(
///     openCheckout: ChildGraphFactory<Void>,
///     openAccount: ChildGraphFactory<User>
///   ) {
///     self.openCheckout = openCheckout
///     self.openAccount = openAccount
///   }
///
///   func startCheckout() -> Graph {
///     // one .flow graph per checkout: its own data controller
///     openCheckout.open()
///   }
///
///   func signIn(_ user: User) -> Graph {
///     openAccount.open(user)  // Keys.currentUser is `user` in it
///   }
/// }
/// ```
public struct ChildGraphFactory<Seed: Sendable>: Sendable {
  let reference: GraphReference
  let origin: ChildGraphOrigin
  /// The key each child binds to its seed; `nil` when the key declares none.
  let seed: (@Sendable () -> Key<Seed>)?

  /// The scope each child opens, if any.
  public var scope: Scope? { origin.scope }

  /// Opens a new child graph with `seed` bound to its key's seed key: it sees the graph's bindings
  /// and shared instances, opens the key's scope and installs its modules.
  ///
  /// - Parameters:
  ///   - seed: The value the child's seed key resolves to.
  ///   - fileID: The file a stop names when the graph that made this factory was released, and where
  ///     the seed's binding says it was made; the caller's unless you pass another.
  ///   - line: The line, likewise.
  /// - Returns: The child graph; keep it for as long as what it builds is in use.
  public func open(_ seed: Seed, fileID: StaticString = #fileID, line: UInt = #line) -> Graph {
    let key = origin.key.unsafelyUnwrapped
    return reference.withGraph(resolving: key, at: CallSite(fileID: fileID, line: line)) { graph in
      var modules = origin.modules()
      if let seedKey = self.seed?() {
        modules.append(
          ChildGraphSeed(
            key: seedKey, value: seed, bindsAbove: graph.binds(seedKey),
            source: CodeLocation(fileID: "\(fileID)", line: Int(line))))
      }
      guard !modules.isEmpty else { return Graph(parent: graph, scope: origin.scope) }
      do {
        return try graph.child(scope: origin.scope, modules: modules)
      } catch {
        // The modules are fixed where the key is declared: the stop names that place.
        ResolutionStack.stop(.childGraphNotBuilt(key, String(describing: error)))
      }
    }
  }
}

extension ChildGraphFactory where Seed == Void {
  /// Opens a new child graph: it sees the graph's bindings and shared instances, opens the key's
  /// scope and installs its modules.
  ///
  /// - Parameters:
  ///   - fileID: The file a stop names when the graph that made this factory was released; the
  ///     caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: The child graph; keep it for as long as what it builds is in use.
  public func open(fileID: StaticString = #fileID, line: UInt = #line) -> Graph {
    open((), fileID: fileID, line: line)
  }
}

/// The module that binds a seeded child's seed key: to the value it was opened with, or — for reading
/// the child as data, before any is opened — to a factory that never runs.
struct ChildGraphSeed<Seed: Sendable>: Module {
  let key: Key<Seed>
  let value: Seed?
  /// Whether a graph above binds the key, so the child overrides it rather than binding it again.
  let bindsAbove: Bool
  let source: CodeLocation

  func register(into b: inout Bindings) {
    guard let value else {
      // Needs nothing: the graph reads it as data, and no factory runs while it does.
      b.register(
        key, key.lifetimeKind(nil), isOverride: bindsAbove, b.source(source.fileID, source.line),
        DeclaredDependencies([])
      ) { _ in preconditionFailure("Sheath: the seed of a child graph read as data was resolved") }
      return
    }
    if bindsAbove {
      b.override(key, to: value, fileID: source.fileID, line: source.line)
    } else {
      b.bind(key, to: value, fileID: source.fileID, line: source.line)
    }
  }
}
