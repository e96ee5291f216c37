import Sheath

/// The sample's composition root.
public enum FollowersApp {
  /// The sample's graph for an environment.
  ///
  /// - Parameters:
  ///   - environment: Decides the API: live in `live`, fake in `mock`, `test` and `preview`.
  ///   - configuration: How to reach the live API.
  /// - Returns: The root graph; open a `.flow` child for each run of the screens.
  /// - Throws: `GraphError` if the modules are miswired.
  public static func graph(environment: AppEnvironment, configuration: FollowersConfiguration) throws -> Graph {
    try Graph(modules: [FollowersAppModule(configuration: configuration)], environment: environment)
  }

  /// The keys the screens resolve with their default factories, for
  /// ``Graph/verify(scopes:arguments:entryPoints:)`` and the DOT picture. (The view models, the data
  /// source, the flow and the navigator are main-actor keys, which `verify()` leaves to main-actor
  /// tests for now.)
  public static let entryPoints: [Keys] = [
    Keys.followersData, Keys.loginValidator, Keys.profilePresenter, Keys.followersListPresenter,
  ]

  /// The graph as Graphviz DOT, with its flow scope opened.
  ///
  /// - Parameter graph: The sample's graph.
  /// - Returns: A DOT document.
  public static func dot(of graph: Graph) -> String {
    graph.dot(scopes: [.flow], entryPoints: entryPoints)
  }
}
