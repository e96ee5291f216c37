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
      apiURL: options.apiURL, timeout: options.timeout, token: GitHubToken(variables["GITHUB_TOKEN"]))
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
    if environment == .live, configuration.token != nil,
      !TokenPolicy(apiURL: configuration.apiURL, token: configuration.token).sendsToken
    {
      terminal.writeError(
        "warning: GITHUB_TOKEN is not sent to \(configuration.apiURL.displayString): "
          + "a token goes only over https, or plain http to a loopback host")
    }
    let flow = graph.child(scope: .flow)
    let navigator = flow.make(.navigator, TerminalScreens(terminal: terminal))
    switch await navigator.start(login: options.login, page: 1) {
    case .finished:
      return 0
    case .invalidLogin:
      return 2
    case .noLogin:
      if terminal.outputFailure == nil {  // after an output failure, stay quiet
        terminal.writeError("error: no GitHub username was entered")
      }
      return 1
    case .failed, .cancelled:
      return 1
    }
  }
}
