import Sheath

/// The `followers` command: parses the options, builds the sample's graph for the environment, and
/// runs the flow on a terminal.
///
/// Exit statuses: 0 when the flow finished (or for `--help` and `--graph`, or when the output was
/// closed early); 1 when the API failed, no login was entered or the output could not be written; 2
/// for a usage error or an invalid login given as an argument.
public enum FollowersCommand {
  /// Runs the command.
  ///
  /// - Parameters:
  ///   - arguments: The launch arguments after the program's path.
  ///   - variables: The environment variables.
  ///   - terminal: Where to read and write.
  /// - Returns: The exit status.
  @MainActor
  public static func run(arguments: [String], variables: [String: String], terminal: any Terminal) async -> Int32 {
    let status = await runUntilDone(arguments: arguments, variables: variables, terminal: terminal)
    switch terminal.outputFailure {
    case nil:
      return status
    case .closed:
      return 0  // the reader has what it wanted, as after `| head -1`
    case .failed(let reason):
      terminal.writeError("error: cannot write to standard output: \(reason)")
      return 1
    }
  }

  @MainActor
  private static func runUntilDone(arguments: [String], variables: [String: String], terminal: any Terminal) async
    -> Int32
  {
    let options: FollowersOptions
    let environment: AppEnvironment
    do {
      options = try FollowersOptions(arguments: arguments, variables: variables)
      if options.showHelp {
        terminal.write(FollowersOptions.help)
        return 0
      }
      environment = try AppEnvironment.detect(arguments: ["followers"] + arguments, variables: variables)
    } catch let error as EnvironmentError {
      terminal.writeError(String(describing: error))  // already "error: …", with the known environments
      terminal.writeError(FollowersOptions.usage)
      return 2
    } catch {
      terminal.writeError("error: \(error)")
      terminal.writeError(FollowersOptions.usage)
      return 2
    }
    let configuration = FollowersConfiguration(
      apiURL: options.apiURL, timeout: options.timeout,
      token: variables["GITHUB_TOKEN"].flatMap { $0.isEmpty ? nil : $0 })
    let graph: Graph
    do {
      graph = try FollowersApp.graph(environment: environment, configuration: configuration)
    } catch {
      terminal.writeError(String(describing: error))
      return 1
    }
    if options.printGraph {
      terminal.write(FollowersApp.dot(of: graph))
      return 0
    }
    if environment == .live, let token = GitHubToken(configuration.token),
      !TokenPolicy(apiURL: configuration.apiURL, token: token).sendsToken
    {
      terminal.writeError(
        "warning: GITHUB_TOKEN is not sent to \(configuration.apiURL.displayString): "
          + "a token goes only over https, or plain http to a loopback host")
    }
    let flow = graph.child(scope: .flow)
    let navigator = flow.make(.navigator, TerminalScreens(terminal: terminal))
    switch await navigator.start(login: options.login) {
    case .finished:
      return 0
    case .invalidLogin:
      return 2
    case .noLogin:
      if terminal.outputFailure == nil {  // after an output failure, stay quiet
        terminal.writeError("error: no GitHub username was entered")
      }
      return 1
    case .failed:
      return 1
    }
  }
}

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

  /// The keys the screens resolve with their default factories, for ``Graph/verify(scopes:arguments:entryPoints:)``
  /// and the DOT picture. (The view models are main-actor keys, which `verify()` leaves to main-actor
  /// tests.)
  public static let entryPoints: [Keys] = [Keys.followersData, Keys.loginValidator, Keys.followerPresenter]

  /// The graph as Graphviz DOT, with its flow scope opened.
  ///
  /// - Parameter graph: The sample's graph.
  /// - Returns: A DOT document.
  public static func dot(of graph: Graph) -> String {
    graph.dot(scopes: [.flow], entryPoints: entryPoints)
  }
}
