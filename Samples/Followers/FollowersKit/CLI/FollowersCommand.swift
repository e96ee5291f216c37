import Sheath

/// The `followers` command: parses the options, builds the sample's graph for the environment, and
/// runs the flow on a terminal. Its exit statuses are ``ExitStatus``.
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
      return status.rawValue
    case .closed:
      return ExitStatus.success.rawValue  // the reader has what it wanted, as after `| head -1`
    case .failed(let reason):
      terminal.writeError("error: cannot write to standard output: \(reason)")
      return ExitStatus.failure.rawValue
    }
  }

  @MainActor
  private static func runUntilDone(arguments: [String], variables: [String: String], terminal: any Terminal) async
    -> ExitStatus
  {
    let options: FollowersOptions
    let environment: AppEnvironment
    let configuration: FollowersConfiguration
    do {
      options = try FollowersOptions(arguments: arguments)
      if options.showHelp || options.showVersion {
        terminal.write(options.showHelp ? FollowersHelp.help : FollowersHelp.version)
        return .success
      }
      environment = try options.detectEnvironment(variables: variables)
      configuration = try options.configuration(for: environment, variables: variables)
    } catch let error as AppEnvironment.DetectionError {
      // detect's own refusals, already "error: …"; the options check names first, with a user's fixes
      terminal.writeError(String(describing: error))
      terminal.writeError(FollowersHelp.usage)
      return .usage
    } catch {
      terminal.writeError("error: \(error)")
      terminal.writeError(FollowersHelp.usage)
      return .usage
    }
    let graph: Graph
    do {
      graph = try FollowersApp.graph(environment: environment, configuration: configuration)
    } catch {
      terminal.writeError(String(describing: error))
      return .failure
    }
    // Every input is checked before anything is done.
    if let login = options.login, let reason = graph[.loginValidator].validate(login).reason {
      terminal.writeError("error: \(TerminalText.line(reason))")
      return .usage
    }
    if options.printGraph {
      terminal.write(graph.dot())
      return .success
    }
    if environment == .live, configuration.token != nil,
      !TokenPolicy(apiURL: configuration.apiURL, token: configuration.token).sendsToken
    {
      terminal.writeError(
        "warning: GITHUB_TOKEN is not sent to \(configuration.apiURL.displayString): "
          + "a token goes only over https, or plain http to a loopback host")
    }
    let navigator = graph.make(.navigator, TerminalScreens(terminal: terminal))
    let outcome = await navigator.start(login: options.login, page: options.page)
    if outcome == .noLogin, terminal.outputFailure == nil {  // after an output failure, stay quiet
      terminal.writeError("error: no GitHub username was entered")
    }
    return ExitStatus(outcome)
  }
}
