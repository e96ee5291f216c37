import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's standard input, output and error.
///
/// Output is written straight to the file descriptors, unbuffered, so a prompt shows before the
/// program waits for input and standard output and error keep their order. Everything written is
/// made printable first (``TerminalText/printable(_:)``). A failed write does not stop the program:
/// it is kept in ``outputFailure`` for the command to report, and later writes are skipped.
///
/// Questions and what is said about their answers go where a person sees them: to standard output
/// when it is a terminal, otherwise to standard error, so that a pipe or a file gets only the
/// screens' text.
@MainActor
public final class StandardTerminal: Terminal {
  /// Whether standard input and output are both terminals.
  public let isInteractive: Bool

  /// Whether standard input is a terminal.
  public let readsFromTerminal: Bool

  /// Why writing to standard output failed, if it did.
  public private(set) var outputFailure: OutputFailure?

  private let output: FileOutput
  private let errors: FileOutput
  private let isOutputTerminal: Bool
  private var isStatusShown = false

  /// Creates the terminal on the process's standard streams, or on other descriptors (in tests).
  ///
  /// NB: SIGPIPE is ignored from here on, process-wide, so that writing to a closed pipe fails with
  /// `EPIPE` — which ends the program quietly — instead of killing it with status 141.
  ///
  /// - Parameters:
  ///   - output: Where output goes; standard output by default.
  ///   - error: Where errors go; standard error by default.
  ///   - isTerminal: Whether `output` is a terminal (status lines and questions go there); found out
  ///     with `isatty` by default.
  public init(output: Int32 = STDOUT_FILENO, error: Int32 = STDERR_FILENO, isTerminal: Bool? = nil) {
    _ = signal(SIGPIPE, SIG_IGN)
    self.output = FileOutput(descriptor: output)
    self.errors = FileOutput(descriptor: error)
    isOutputTerminal = isTerminal ?? self.output.isTerminal
    readsFromTerminal = FileOutput(descriptor: STDIN_FILENO).isTerminal
    isInteractive = isOutputTerminal && readsFromTerminal
  }

  /// Writes a line (or several) to standard output.
  public func write(_ text: String) {
    clearStatus()
    emit(TerminalText.printable(text) + "\n")
  }

  /// Writes a line (or several) to standard error; a failure there has nowhere to be reported.
  public func writeError(_ text: String) {
    clearStatus()
    try? errors.emit(TerminalText.printable(text) + "\n")
  }

  /// Shows a status line on a terminal, until the next write; nothing when output is not a terminal.
  public func showStatus(_ text: String) {
    guard isOutputTerminal else { return }
    clearStatus()
    emit(TerminalText.line(text))
    isStatusShown = outputFailure == nil
  }

  /// Writes `prompt` — on standard output when it is a terminal, else on standard error — then
  /// reads a line from standard input.
  public func ask(_ prompt: String) -> String? {
    converse(TerminalText.printable(prompt))
    guard outputFailure == nil else { return nil }
    return Swift.readLine()
  }

  /// Writes a line where ``ask(_:)`` writes its questions.
  public func say(_ text: String) {
    converse(TerminalText.printable(text) + "\n")
  }

  /// Reads a line from standard input.
  public func readLine() -> String? {
    Swift.readLine()
  }

  /// Writes part of a conversation where a person sees it: on standard output when it is a terminal,
  /// otherwise on standard error.
  private func converse(_ text: String) {
    clearStatus()
    if isOutputTerminal {
      emit(text)
    } else {
      try? errors.emit(text)
    }
  }

  /// Erases the status line: back to the start of the line, then clear to its end.
  private func clearStatus() {
    guard isStatusShown else { return }
    isStatusShown = false
    emit("\r\u{1B}[K")
  }

  private func emit(_ text: String) {
    guard outputFailure == nil else { return }
    do {
      try output.emit(text)
    } catch {
      outputFailure = error as? OutputFailure ?? .failed(reason: String(describing: error))
    }
  }
}
