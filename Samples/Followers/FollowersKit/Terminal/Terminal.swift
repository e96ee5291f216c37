/// Where the terminal front end reads and writes: the process's standard streams, or a script in tests.
@MainActor
public protocol Terminal: AnyObject {
  /// Whether a person is there to answer: standard input and output are both terminals. Then the
  /// followers screen asks before each next page.
  var isInteractive: Bool { get }

  /// Whether standard input is a terminal: a person types the answers, so the registration screen
  /// asks for a login, and asks again after an invalid one. Otherwise it reads one line, unasked.
  var readsFromTerminal: Bool { get }

  /// Why writing to standard output failed, if it did; nothing more is written after a failure.
  var outputFailure: OutputFailure? { get }

  /// Writes a line (or several) to standard output.
  func write(_ text: String)

  /// Writes a line (or several) to standard error.
  func writeError(_ text: String)

  /// Shows a line of status, such as `Loading @octocat…`, on a terminal only, until the next thing
  /// is written; when output goes to a pipe or a file, writes nothing.
  func showStatus(_ text: String)

  /// Writes `prompt` without a line break where the person sees it — standard output when it is a
  /// terminal, otherwise standard error, so that the output holds only the screens' text — and
  /// reads a line.
  ///
  /// - Returns: The line, or `nil` at the end of input or when the output has failed.
  func ask(_ prompt: String) -> String?

  /// Writes a line of the conversation — why an answer was refused, or the end of a question's line
  /// — where ``ask(_:)`` writes its questions.
  func say(_ text: String)

  /// Reads a line of standard input without asking.
  ///
  /// - Returns: The line, or `nil` at the end of input.
  func readLine() -> String?
}
