import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why the output could not be written.
public enum OutputFailure: Error, Equatable, Sendable {
  /// The reader went away (a closed pipe, as after `| head -1`): nothing more is worth writing.
  case closed
  /// Writing failed, for the reason given (such as `No space left on device`).
  case failed(reason: String)
}

/// An open file descriptor written with `write(2)`: unbuffered, retrying interrupted and partial
/// writes, and reporting failures as values instead of trapping (as `FileHandle.write(_:)` does).
struct FileOutput {
  /// The file descriptor, such as `STDOUT_FILENO`.
  let descriptor: Int32

  /// Writes all of `text` as UTF-8.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``OutputFailure``: `closed` for a broken pipe (SIGPIPE must be ignored for this to
  ///   happen instead of the process ending), `failed` for any other error.
  func emit(_ text: String) throws {
    var bytes = Array(text.utf8)
    try bytes.withUnsafeMutableBytes { buffer in
      guard let start = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, start + offset, buffer.count - offset)
        if written >= 0 {
          offset += written
          continue
        }
        let code = errno
        if code == EINTR { continue }
        if code == EPIPE { throw OutputFailure.closed }
        throw OutputFailure.failed(reason: String(cString: strerror(code)))
      }
    }
  }

  /// Whether the descriptor is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }
}
