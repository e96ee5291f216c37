import Foundation

/// The `followers` command's options, parsed by hand (the sample has no dependencies) but behaving
/// like a real tool: unknown options and bad values are usage errors.
public struct FollowersOptions: Equatable, Sendable {
  /// The login given as an argument, or `nil` to ask for one.
  public var login: String?
  /// The API's base URL: `--api-url`, else `GITHUB_API_URL`, else GitHub's.
  public var apiURL: URL = LiveUserAPI.gitHubBaseURL
  /// Seconds to wait for each request, from 1 to 3600.
  public var timeout: TimeInterval = URLSessionConnection.defaultTimeout
  /// The first page of followers to show.
  public var page = 1
  /// Followers per page, from 1 to 100.
  public var pageSize = PageRequest.maximumSize
  /// Print the dependency graph as DOT and exit.
  public var printGraph = false
  /// Print the help and exit.
  public var showHelp = false
  /// Print the version and exit.
  public var showVersion = false

  /// The range `--timeout` accepts, in seconds.
  ///
  /// NB: swift-corelibs-foundation counts timeouts in whole seconds (a timeout under one second ends
  /// every request at once) and multiplies them into an `Int` of milliseconds (a timeout above about
  /// 9.2e15 seconds traps). An hour is more than any request needs.
  public static let timeoutRange: ClosedRange<TimeInterval> = 1...3600

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
      case "--version": showVersion = true
      case "--graph": printGraph = true
      case "--mock": break  // read by AppEnvironment.detect
      case "--environment": _ = try value()  // read by AppEnvironment.detect
      case "--api-url": apiURL = try Self.url(try value(), from: "--api-url")
      case "--timeout": timeout = try Self.timeout(try value())
      case "--page": page = try Self.whole(try value(), in: 1...PageRequest.maximumNumber, for: name)
      case "--per-page": pageSize = try Self.whole(try value(), in: 1...PageRequest.maximumSize, for: name)
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
    if previous != nil { throw UsageError("unexpected argument '\(TerminalText.line(argument))': give one login") }
    return argument
  }

  private static func url(_ text: String, from source: String) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw UsageError("\(source) must be an http or https URL, not '\(TerminalText.line(text))'")
    }
    return url
  }

  private static func timeout(_ text: String) throws -> TimeInterval {
    guard let seconds = TimeInterval(text), timeoutRange.contains(seconds) else {
      let range = "\(Int(timeoutRange.lowerBound)) to \(Int(timeoutRange.upperBound))"
      throw UsageError("--timeout must be a number of seconds from \(range), not '\(TerminalText.line(text))'")
    }
    return seconds
  }

  private static func whole(_ text: String, in range: ClosedRange<Int>, for name: String) throws -> Int {
    guard let number = Int(text), range.contains(number) else {
      let bounds = "\(range.lowerBound) to \(NumberText.grouped(range.upperBound))"
      throw UsageError("\(name) must be a whole number from \(bounds), not '\(TerminalText.line(text))'")
    }
    return number
  }
}

/// A mistake in the command line: shown with the usage, exit status 2.
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
