import Sheath

/// The sample's composition root.
public enum FollowersApp {
  /// The sample's graph for an environment.
  ///
  /// - Parameters:
  ///   - environment: Decides the API: live in `live`, fake in `mock`, `test` and `preview`.
  ///   - configuration: How to reach the live API.
  /// - Returns: The root graph; open a `.flow` child for each run of the screens.
  /// - Throws: `GraphError` if the modules are miswired: building the graph checks every key it knows
  ///   — the ones the app module binds and exposes, and all they declare they need — before any
  ///   factory runs.
  public static func graph(environment: AppEnvironment, configuration: FollowersConfiguration) throws -> Graph {
    try Graph(modules: [FollowersAppModule(configuration: configuration)], environment: environment)
  }
}
