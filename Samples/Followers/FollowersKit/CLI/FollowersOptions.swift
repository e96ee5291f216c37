import Foundation

/// The `followers` command's options, parsed by hand (the sample has no dependencies) but behaving
/// like a real tool: unknown options and bad values are usage errors.
public struct FollowersOptions: Equatable, Sendable {
  /// The login given as an argument, or `nil` to ask for one.
  public var login: String?
  /// The API's base URL: `--api-url`, else `GITHUB_API_URL`, else GitHub's.
  public var apiURL: URL = LiveUserAPI.gitHubBaseURL
  /// Seconds to wait for each request.
  public var timeout: TimeInterval = URLSessionConnection.defaultTimeout
  /// Print the dependency graph as DOT and exit.
  public var printGraph = false
  /// Print the help and exit.
  public var showHelp = false

  /// The help text.
  public static let help = """
    USAGE: followers [--mock] [--environment <name>] [--api-url <url>] [--timeout <seconds>] [<login>]
           followers --graph
           followers --help

    Shows a GitHub user's profile and first page of followers: the Sheath sample.

    ARGUMENTS:
      <login>                 The GitHub login to show; asked for when omitted.

    OPTIONS:
      --mock                  Use the fake API (the same as --environment mock).
      --environment <name>    Where to run: live, mock, test or preview (default: live).
      --api-url <url>         The API's base URL (default: GITHUB_API_URL, or https://api.github.com).
      --timeout <seconds>     How long to wait for each request (default: 10).
      --graph                 Print the sample's dependency graph as Graphviz DOT, and exit.
      -h, --help              Show this help, and exit.

    ENVIRONMENT:
      GITHUB_TOKEN            Sent as a bearer token only to the API's origin (the scheme, host and
                              port of its base URL), only over https (or plain http to localhost,
                              127.0.0.1 or ::1, for testing), and never on a redirect to another
                              origin. Never printed.
      GITHUB_API_URL          The API's base URL when --api-url is not given.
      SHEATH_ENV              Where to run when no option says (live, mock, test or preview).
    """

  /// The one-line usage shown after a usage error.
  public static let usage =
    "USAGE: followers [--mock] [--environment <name>] [--api-url <url>] [--timeout <seconds>] [<login>]"

  /// Parses the launch arguments (without the program's path).
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's path.
  ///   - variables: The environment variables, for `GITHUB_API_URL`.
  /// - Throws: ``UsageError`` for an unknown option, a missing or bad value, or a second login.
  public init(arguments: [String], variables: [String: String]) throws {
    if let url = variables["GITHUB_API_URL"], !url.isEmpty {
      apiURL = try Self.url(url, from: "GITHUB_API_URL")
    }
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (name, inlineValue) = Self.split(argument)
      func value() throws -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
          throw UsageError("\(name) needs a value")
        }
        return next
      }
      switch name {
      case "-h", "--help": showHelp = true
      case "--graph": printGraph = true
      case "--mock": break  // read by AppEnvironment.detect
      case "--environment": _ = try value()  // read by AppEnvironment.detect
      case "--api-url": apiURL = try Self.url(try value(), from: "--api-url")
      case "--timeout": timeout = try Self.timeout(try value())
      case "--": login = try Self.login(remaining.popFirst(), after: login)
      default:
        if argument.hasPrefix("-"), argument != "-" { throw UsageError("unknown option '\(argument)'") }
        login = try Self.login(argument, after: login)
      }
    }
  }

  /// `--name=value` as `("--name", "value")`; anything else as `(argument, nil)`.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func login(_ argument: String?, after previous: String?) throws -> String? {
    guard let argument else { return previous }
    if previous != nil { throw UsageError("unexpected argument '\(argument)': give one login") }
    return argument
  }

  private static func url(_ text: String, from source: String) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw UsageError("\(source) must be an http or https URL, not '\(text)'")
    }
    return url
  }

  private static func timeout(_ text: String) throws -> TimeInterval {
    guard let seconds = TimeInterval(text), seconds.isFinite, seconds > 0 else {
      throw UsageError("--timeout must be a positive number of seconds, not '\(text)'")
    }
    return seconds
  }
}

/// A mistake in the command line: shown with the usage line, exit status 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in one line.
  public let message: String

  /// Creates a usage error.
  ///
  /// - Parameter message: What is wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
