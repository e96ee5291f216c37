import Foundation

/// Writes to the standard streams without `print`'s buffering.
enum FileHandleOutput {
  /// Writes `line` and a line break to standard error.
  static func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
