import Foundation

/// Which world the process runs in — live, mock, test, preview, or one your app defines — and so which
/// modules its graph installs.
///
/// ```swift
/// extension AppEnvironment {
///   static let staging = AppEnvironment("staging")
/// }
///
/// let environment = try AppEnvironment.detect(custom: [.staging])
/// let graph = try Graph(
///   modules: [
///     AppModule(),
///     LiveAPIModule().only(in: .live, .staging),
///     FakeAPIModule().only(in: .mock, .preview),
///   ],
///   environment: environment)
/// ```
///
/// Named `AppEnvironment` rather than `Environment` so that it never collides with SwiftUI's
/// `@Environment` in files that import both.
public struct AppEnvironment: Hashable, Sendable, CustomStringConvertible {
  /// The environment's name, as `--environment NAME` and `SHEATH_ENV` spell it.
  public let name: String

  /// Creates an environment; declare your own as static members of an extension.
  ///
  /// An environment must have a name: an empty or all-whitespace one stops the program here.
  ///
  /// - Parameters:
  ///   - name: The name `--environment` and `SHEATH_ENV` use for it.
  ///   - fileID: Where the environment is created, for the stop when it has no name; leave the
  ///     default.
  ///   - line: Where the environment is created, likewise.
  public init(_ name: String, fileID: StaticString = #fileID, line: Int = #line) {
    if isBlank(name) {
      DeclarationFailure.unnamedEnvironment(name, CodeLocation(fileID: "\(fileID)", line: line))
        .trap(file: fileID, line: UInt(max(0, line)))
    }
    self.name = name
  }

  /// The real world: live services, real network, real disk.
  public static let live = AppEnvironment("live")
  /// Fake services that behave like the real ones, for development without a backend (`--mock`).
  public static let mock = AppEnvironment("mock")
  /// A test process: keys use their test values, and live-only keys fail the test.
  public static let test = AppEnvironment("test")
  /// SwiftUI previews and design tools: canned data, no network.
  public static let preview = AppEnvironment("preview")

  /// The environments Sheath defines.
  public static let builtIn: [AppEnvironment] = [.live, .mock, .test, .preview]

  /// The name.
  public var description: String { name }
}

extension AppEnvironment {
  /// The environment variable that names the environment when launch arguments do not.
  public static let variableName = "SHEATH_ENV"

  /// The environment variable Xcode sets to `1` in the processes that render previews.
  static let previewsVariableName = "XCODE_RUNNING_FOR_PREVIEWS"

  /// Detects the environment, in this order of precedence:
  ///
  /// 1. `explicit`, when the app passes one;
  /// 2. launch arguments: `--mock`, or `--environment NAME` (also `--environment=NAME`);
  /// 3. the `SHEATH_ENV` environment variable;
  /// 4. ``preview`` inside Xcode's previews (`XCODE_RUNNING_FOR_PREVIEWS=1`), so that a preview never
  ///    calls the live services;
  /// 5. ``test`` when the process is running tests (XCTest or Swift Testing);
  /// 6. otherwise ``live``.
  ///
  /// - Parameters:
  ///   - explicit: An environment the app chose itself; wins over everything else.
  ///   - custom: The app's own environments, so that their names are recognized.
  ///   - arguments: The launch arguments; the process's by default.
  ///   - variables: The environment variables; the process's by default.
  /// - Returns: The environment the process runs in.
  /// - Throws: ``DetectionError`` for a name that is neither built in nor in `custom`, for
  ///   `--environment` without a name, for two `--environment`s that name different environments, or
  ///   for `--mock` with a different `--environment`.
  public static func detect(
    explicit: AppEnvironment? = nil,
    custom: [AppEnvironment] = [],
    arguments: [String] = CommandLine.arguments,
    variables: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> AppEnvironment {
    if let explicit { return explicit }
    let known = builtIn + custom.filter { !builtIn.contains($0) }
    if let fromArguments = try environment(inArguments: arguments, known: known) {
      return fromArguments
    }
    if let name = variables[variableName], !name.isEmpty {
      return try named(name, from: variableName, known: known)
    }
    if variables[previewsVariableName] == "1" { return .preview }
    return isTestProcess(arguments: arguments, variables: variables) ? .test : .live
  }

  /// The environment the launch arguments name, if any.
  private static func environment(inArguments arguments: [String], known: [AppEnvironment]) throws
    -> AppEnvironment?
  {
    var named: String?
    func name(_ name: String) throws {
      if name.isEmpty { throw DetectionError(.missingName, known: known) }
      if let named, named != name { throw DetectionError(.repeated(named, name), known: known) }
      named = name
    }
    var index = arguments.index(after: arguments.startIndex)
    while index < arguments.endIndex {
      let argument = arguments[index]
      if argument == "--environment" {
        let next = arguments.index(after: index)
        guard next < arguments.endIndex, !arguments[next].hasPrefix("-") else {
          throw DetectionError(.missingName, known: known)
        }
        try name(arguments[next])
        index = next
      } else if argument.hasPrefix("--environment=") {
        try name(String(argument.dropFirst("--environment=".count)))
      }
      index = arguments.index(after: index)
    }
    let mock = arguments.dropFirst().contains("--mock")
    guard let named else { return mock ? .mock : nil }
    let environment = try self.named(named, from: "--environment", known: known)
    if mock, environment != .mock {
      throw DetectionError(.conflict(environment.name), known: known)
    }
    return environment
  }

  private static func named(_ name: String, from source: String, known: [AppEnvironment]) throws -> AppEnvironment {
    guard let environment = known.first(where: { $0.name == name }) else {
      throw DetectionError(.unknown(name, source: source), known: known)
    }
    return environment
  }

  /// Whether the process is running tests: an XCTest or Swift Testing host, as its environment
  /// variables, its program or its `--testing-library` option shows.
  ///
  /// Only the program (the first argument) is taken for a test runner by its name: the app's own
  /// arguments are the user's, and a user may well ask the app about something called `xctest`.
  static func isTestProcess(arguments: [String], variables: [String: String]) -> Bool {
    let xctestVariables = [
      "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
      "XCTestSessionIdentifier",
    ]
    if xctestVariables.contains(where: { variables[$0] != nil }) { return true }
    if let program = arguments.first {
      let url = URL(fileURLWithPath: program)
      if url.lastPathComponent == "swiftpm-testing-helper" || url.lastPathComponent == "xctest"
        || url.pathExtension == "xctest"
      {
        return true
      }
    }
    return arguments.dropFirst().contains("--testing-library")
  }
}

extension AppEnvironment {
  /// An environment could not be detected from the launch arguments or `SHEATH_ENV`: what
  /// ``detect(explicit:custom:arguments:variables:)`` throws.
  public struct DetectionError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Reason: Hashable, Sendable {
      case unknown(String, source: String)
      case missingName
      case conflict(String)
      case repeated(String, String)
    }

    let reason: Reason
    /// The environments that were known when detection failed.
    public let known: [AppEnvironment]

    init(_ reason: Reason, known: [AppEnvironment]) {
      self.reason = reason
      self.known = known
    }

    /// The message: what is wrong, the known environments, how to fix it.
    public var description: String {
      let names = known.map(\.name).joined(separator: ", ")
      let diagnostic: Diagnostic
      switch reason {
      case .unknown(let name, let source):
        diagnostic = Diagnostic(
          summary: "unknown environment '\(name)' (from \(source))",
          details: ["known environments: \(names)"],
          fix: "use one of the known environments, or pass your own to AppEnvironment.detect(custom:)")
      case .missingName:
        diagnostic = Diagnostic(
          summary: "--environment needs a name",
          details: ["known environments: \(names)"],
          fix: "write --environment NAME, for example --environment mock")
      case .conflict(let name):
        diagnostic = Diagnostic(
          summary: "--mock and --environment \(name) disagree",
          details: ["known environments: \(names)"],
          fix: "pass either --mock or --environment NAME, not both")
      case .repeated(let first, let second):
        diagnostic = Diagnostic(
          summary: "--environment \(first) and --environment \(second) disagree",
          details: ["known environments: \(names)"],
          fix: "pass --environment once")
      }
      return diagnostic.rendered(prefix: "error: ")
    }
  }
}
