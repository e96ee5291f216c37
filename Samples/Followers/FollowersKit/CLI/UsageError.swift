import Sheath

/// A mistake in the command line or in the environment variables it reads: shown with the usage,
/// exit status 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong: one line, or for an environment, a summary, the known ones and a fix.
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

// The environment's mistakes, in the library's shape (`AppEnvironment.DetectionError`) but with fixes a
// user of the command can make: the library's own message for an unknown name suggests
// `AppEnvironment.detect(custom:)`, which only the app's code can call.
extension UsageError {
  /// `--environment` without a name, however it was left out.
  static var missingEnvironment: UsageError {
    let names = AppEnvironment.builtIn.map(\.name)
    return UsageError("--environment needs a value: \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
  }

  /// A name that is not one of ``AppEnvironment/builtIn``.
  ///
  /// - Parameters:
  ///   - name: The name, as given.
  ///   - source: Where it came from: `--environment` or `SHEATH_ENV`.
  ///   - fix: What to do instead.
  /// - Returns: The error: the name, the known environments and the fix, on three lines.
  static func unknownEnvironment(_ name: String, from source: String, fix: String) -> UsageError {
    UsageError(
      """
      unknown environment '\(TerminalText.line(name))' (from \(source))
        \(knownEnvironments)
      fix: \(fix)
      """)
  }

  /// `--mock` with an `--environment` other than `mock`.
  ///
  /// - Parameter named: The environment `--environment` named.
  /// - Returns: The error, on three lines.
  static func conflictingEnvironments(_ named: AppEnvironment) -> UsageError {
    UsageError(
      """
      --mock and --environment \(named.name) disagree
        \(knownEnvironments)
      fix: pass either --mock or --environment NAME, not both
      """)
  }

  /// Two `--environment`s that name different environments.
  ///
  /// - Parameters:
  ///   - first: The environment the first named.
  ///   - second: The environment the other named.
  /// - Returns: The error, on three lines.
  static func repeatedEnvironments(_ first: AppEnvironment, _ second: AppEnvironment) -> UsageError {
    UsageError(
      """
      --environment \(first.name) and --environment \(second.name) disagree
        \(knownEnvironments)
      fix: pass --environment once
      """)
  }

  private static var knownEnvironments: String {
    "known environments: \(AppEnvironment.builtIn.map(\.name).joined(separator: ", "))"
  }
}
