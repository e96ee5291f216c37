import Foundation
import Sheath

/// The `followers` command's options, parsed by hand (the sample has no dependencies) but behaving
/// like a real tool: unknown options and bad values are usage errors, a flag takes no value, and
/// `--` ends the options.
///
/// Only the arguments are read here; the environment variables are read when they are used
/// (``detectEnvironment(variables:)``, ``configuration(for:variables:)``), so that a bad one stops
/// only the runs that need it.
public struct FollowersOptions: Equatable, Sendable {
  /// The login given as an argument, or `nil` to read one.
  public var login: String?
  /// The environment `--mock` or `--environment` named, or `nil` to detect it.
  public var environment: AppEnvironment?
  /// The API's base URL given with `--api-url`, or `nil` for `GITHUB_API_URL` or GitHub's.
  public var apiURL: URL?
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

  /// The range `--timeout` accepts, in whole seconds.
  ///
  /// NB: swift-corelibs-foundation counts timeouts in whole seconds (a timeout under one second ends
  /// every request at once) and multiplies them into an `Int` of milliseconds (a timeout above about
  /// 9.2e15 seconds traps). An hour is more than any request needs.
  public static let timeoutRange: ClosedRange<Int> = 1...3600

  /// Parses the launch arguments (without the program's path).
  ///
  /// Everything after `--` is an argument, never an option. A number is plain decimal digits.
  ///
  /// - Parameter arguments: The arguments after the program's path.
  /// - Throws: ``UsageError`` for an unknown option, a flag given a value, a missing or bad value,
  ///   `--mock` with another environment, a second login, or a login with `--graph`.
  public init(arguments: [String]) throws(UsageError) {
    var mock = false
    var named: AppEnvironment?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        for operand in remaining { login = try Self.login(operand, after: login) }
        break
      }
      let (name, inlineValue) = Self.split(argument)
      func flag() throws(UsageError) {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
      }
      func value() throws(UsageError) -> String {
        let value = inlineValue ?? remaining.popFirst()
        guard let value, !value.isEmpty, inlineValue != nil || !value.hasPrefix("--") else {
          throw Self.missingValue(for: name)
        }
        return value
      }
      switch name {
      case "-h", "--help":
        try flag()
        showHelp = true
      case "--version":
        try flag()
        showVersion = true
      case "--graph":
        try flag()
        printGraph = true
      case "--mock":
        try flag()
        mock = true
      case "--environment":
        let environment = try Self.environment(try value())
        if let named, named != environment { throw UsageError.repeatedEnvironments(named, environment) }
        named = environment
      case "--api-url": apiURL = try Self.url(try value(), from: name)
      case "--timeout": timeout = TimeInterval(try Self.seconds(try value()))
      case "--page": page = try Self.whole(try value(), in: 1...PageRequest.maximumNumber, for: name)
      case "--per-page": pageSize = try Self.whole(try value(), in: 1...PageRequest.maximumSize, for: name)
      default:
        if argument.hasPrefix("-"), argument != "-" {
          throw UsageError("unknown option '\(TerminalText.line(argument))'")
        }
        login = try Self.login(argument, after: login)
      }
    }
    if mock, let named, named != .mock { throw UsageError.conflictingEnvironments(named) }
    // `--graph` shows no user: a login beside it would be silently ignored.
    if printGraph, !showHelp, !showVersion, let login {
      throw UsageError(
        "--graph prints the dependency graph and shows no user: drop '\(TerminalText.line(login))', or drop --graph")
    }
    environment = mock ? .mock : named
  }

  /// `--name=value` as `("--name", "value")`; anything else as `(argument, nil)`.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func missingValue(for name: String) -> UsageError {
    name == "--environment" ? .missingEnvironment : UsageError("\(name) needs a value")
  }

  private static func environment(_ name: String) throws(UsageError) -> AppEnvironment {
    guard let environment = AppEnvironment.builtIn.first(where: { $0.name == name }) else {
      throw UsageError.unknownEnvironment(
        name, from: "--environment", fix: "use one of the known environments, for example --environment mock")
    }
    return environment
  }

  private static func login(_ argument: String, after previous: String?) throws(UsageError) -> String {
    if let previous {
      let (extra, login) = (TerminalText.line(argument), TerminalText.line(previous))
      throw UsageError("unexpected argument '\(extra)' after the login '\(login)': give one login")
    }
    return argument
  }

  static func url(_ text: String, from source: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw UsageError("\(source) must be an http or https URL, not '\(TerminalText.line(text))'")
    }
    return url
  }

  private static func seconds(_ text: String) throws(UsageError) -> Int {
    guard let seconds = decimal(text, in: timeoutRange) else {
      let range = "\(timeoutRange.lowerBound) to \(timeoutRange.upperBound)"
      throw UsageError("--timeout must be a whole number of seconds from \(range), not '\(TerminalText.line(text))'")
    }
    return seconds
  }

  private static func whole(_ text: String, in range: ClosedRange<Int>, for name: String) throws(UsageError) -> Int {
    guard let number = decimal(text, in: range) else {
      let bounds = "\(range.lowerBound) to \(NumberText.grouped(range.upperBound))"
      throw UsageError("\(name) must be a whole number from \(bounds), not '\(TerminalText.line(text))'")
    }
    return number
  }

  /// The number `text` writes in plain decimal digits — no sign, no hexadecimal, no exponent — when
  /// it is in `range`.
  private static func decimal(_ text: String, in range: ClosedRange<Int>) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = Int(text), range.contains(number)
    else { return nil }
    return number
  }
}
