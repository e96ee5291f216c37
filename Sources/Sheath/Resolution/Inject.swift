/// Resolves a key from the ambient graph, for objects you cannot construct yourself.
///
/// Storyboard view controllers, SwiftUI previews and other framework-created objects cannot take their
/// dependencies in an initializer. `@Inject` resolves from ``Graph/current`` (set per task, and per
/// test by SheathTesting) or else the graph given to ``Graph/bootstrap(_:)`` at launch:
///
/// ```swift
/// final class ProfileViewController: UIViewController {
///   @Inject(.userAPI) var api: any UserAPI
/// }
/// ```
///
/// A main-actor key — the view model of a storyboard view controller — is resolved the same way, on
/// the main actor:
///
/// ```swift
/// // @MainActor, as every UIViewController
/// final class ProfileViewController: UIViewController {
///   @Inject(.profileViewModel) var viewModel: ProfileViewModel
/// }
/// ```
///
/// The value is resolved once, when the object is initialized. Prefer constructor injection wherever
/// you create the object: its dependencies are then visible in its initializer, a test passes them in
/// directly, and nothing depends on which graph happens to be current. Resolving with no graph set is
/// a programming error that stops the program with a message saying how to set one.
@propertyWrapper
public struct Inject<Value> {
  /// The resolved value.
  public let wrappedValue: Value

  /// Resolves `key` from the ambient graph.
  ///
  /// - Parameters:
  ///   - key: The key to resolve.
  ///   - fileID: Where the property is declared: a stop — no graph set, a missing binding — points there.
  ///   - line: Where the property is declared, likewise.
  public init(_ key: Key<Value>, fileID: StaticString = #fileID, line: Int = #line) {
    let graph = Graph.ambient(for: key, .inject, fileID: fileID, line: line)
    wrappedValue = graph[key, fileID: fileID, line: UInt(max(0, line))]
  }

  /// Resolves a main-actor `key` from the ambient graph, on the main actor.
  ///
  /// - Parameters:
  ///   - key: The main-actor key to resolve.
  ///   - fileID: Where the property is declared: a stop — no graph set, a missing binding — points there.
  ///   - line: Where the property is declared, likewise.
  @MainActor
  public init(_ key: MainActorKey<Value>, fileID: StaticString = #fileID, line: Int = #line) {
    let graph = Graph.ambient(for: key, .inject, fileID: fileID, line: line)
    wrappedValue = graph[key, fileID: fileID, line: UInt(max(0, line))]
  }
}

extension Inject: Sendable where Value: Sendable {}

extension Graph {
  /// The graph `@Inject` resolves from in the current task, set with `Graph.$current.withValue(graph)`.
  ///
  /// Task-local: a value set for one task (or one test) is invisible to every other, so tests that run
  /// in parallel with different graphs never see each other's.
  @TaskLocal public static var current: Graph?

  private static let bootstrapped = Locked<Graph?>(nil)

  /// Sets the graph `@Inject` resolves from when no task sets ``current``: call it once at launch.
  ///
  /// ```swift
  /// @main struct FollowersApp: App {
  ///   init() { Graph.bootstrap(try! Graph(modules: AppModules.all)) }
  /// }
  /// ```
  ///
  /// Calling it again replaces the graph, for apps that rebuild their graph (after a sign-in, say).
  ///
  /// - Parameter graph: The app's graph.
  public static func bootstrap(_ graph: Graph) {
    bootstrapped.withLock { $0 = graph }
  }

  /// The task's current graph, or the bootstrapped one.
  static var ambient: Graph? {
    current ?? bootstrapped.withLock { $0 }
  }

  /// The ambient graph, or a stop saying how to set one for the `injection` property at `fileID` and
  /// `line`.
  static func ambient(for key: Keys, _ injection: AmbientInjection, fileID: StaticString, line: Int) -> Graph {
    guard let graph = ambient else {
      // NB: `StaticString`, because `fatalError(_:file:line:)` takes only that: the stop then points at
      // the property, not at Sheath's source.
      ResolutionFailure.noAmbientGraph(key, CodeLocation(fileID: "\(fileID)", line: line), injection)
        .trap(file: fileID, line: UInt(max(0, line)))
    }
    return graph
  }
}

/// The property wrapper that resolves from the ambient graph, for its messages.
enum AmbientInjection: Sendable {
  /// `@Inject`: resolves when its object is created.
  case inject
  /// `@WeakInject`: takes the graph when its object is created, and resolves on first read.
  case weakInject
}
