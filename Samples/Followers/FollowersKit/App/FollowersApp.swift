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

  /// Sample arguments for the assisted keys — views that write nowhere, a query — so that `verify()`
  /// builds the navigator, the view models and the pager.
  public static var verificationArguments: VerificationArguments {
    var arguments = VerificationArguments()
    arguments.provide(.navigator) { TerminalScreens(terminal: SilentTerminal()) }
    arguments.provide(.registrationViewModel) { TerminalScreens(terminal: SilentTerminal()).registrationView() }
    arguments.provide(.profileViewModel) { TerminalScreens(terminal: SilentTerminal()).profileView() }
    arguments.provide(.followersViewModel) { TerminalScreens(terminal: SilentTerminal()).followersView() }
    arguments.provide(.followersPager) { FollowersQuery(login: "octocat", firstPage: 1) }
    return arguments
  }

  /// Verifies the sample's graph: every key it knows, main-actor and assisted ones included, with its
  /// flow scope opened; it runs their factories, the child graph key's included.
  ///
  /// - Parameter graph: The sample's graph.
  /// - Returns: What was verified.
  /// - Throws: `VerificationError` listing every problem.
  @discardableResult
  public static func verify(_ graph: Graph) async throws -> VerificationReport {
    try await graph.verify(scopes: [.flow], arguments: verificationArguments)
  }

  /// The graph as Graphviz DOT: every key and dependency, with its flow scope opened.
  ///
  /// - Parameter graph: The sample's graph.
  /// - Returns: A DOT document.
  public static func dot(of graph: Graph) async -> String {
    await graph.dot(scopes: [.flow], arguments: verificationArguments)
  }
}
