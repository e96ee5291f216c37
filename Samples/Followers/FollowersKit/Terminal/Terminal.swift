/// Where the terminal front end reads and writes: the process's standard streams, or a script in tests.
@MainActor
public protocol Terminal: AnyObject {
  /// Whether a person is there to answer: standard input and output are both terminals. Then the
  /// followers screen asks before each next page.
  var isInteractive: Bool { get }

  /// Why writing to standard output failed, if it did; nothing more is written after a failure.
  var outputFailure: OutputFailure? { get }

  /// Writes a line (or several) to standard output.
  func write(_ text: String)

  /// Writes a line (or several) to standard error.
  func writeError(_ text: String)

  /// Shows a line of status, such as `Loading @octocat…`, on a terminal only, until the next thing
  /// is written; when output goes to a pipe or a file, writes nothing.
  func showStatus(_ text: String)

  /// Writes `prompt` without a line break and reads a line.
  ///
  /// - Returns: The line, or `nil` at the end of input or when the output has failed.
  func ask(_ prompt: String) -> String?
}
