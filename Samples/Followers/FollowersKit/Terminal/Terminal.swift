import Foundation

/// Where the terminal front end reads and writes: the process's standard streams, or a script in tests.
@MainActor
public protocol Terminal: AnyObject {
  /// Writes a line to standard output.
  func write(_ line: String)
  /// Writes a line to standard error.
  func writeError(_ line: String)
  /// Writes `prompt` without a line break and reads a line; `nil` at the end of input.
  func ask(_ prompt: String) -> String?
}

/// The process's standard input, output and error.
///
/// Output is written straight to the file descriptors, unbuffered, so a prompt shows before the
/// program waits for input and standard output and error keep their order.
@MainActor
public final class StandardTerminal: Terminal {
  /// Creates the terminal.
  public init() {}

  /// Writes a line to standard output.
  public func write(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Writes a line to standard error.
  public func writeError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Writes `prompt`, then reads a line from standard input.
  public func ask(_ prompt: String) -> String? {
    FileHandle.standardOutput.write(Data(prompt.utf8))
    return readLine()
  }
}
