/// Text made safe to write to a terminal.
///
/// A server can put anything in a name, a login or an error message — including escape sequences
/// that retitle the window, clear the screen or move the cursor, and bidirectional-text controls that
/// reorder what is shown. Everything the front end prints passes through here: each such character
/// is written as a visible escape, `\u{1B}`, and never reaches the terminal raw.
public enum TerminalText {
  /// One line, safe to print: control characters and line breaks (the line and paragraph separators
  /// included) and bidirectional-text controls are shown as `\u{…}` escapes.
  ///
  /// ```swift
  /// TerminalText.line("\u{1B}]0;pwned\u{7}Mallory")   // "\\u{1B}]0;pwned\\u{7}Mallory"
  /// ```
  ///
  /// - Parameter text: Text that may have come from the network.
  /// - Returns: The text with every unsafe character escaped.
  public static func line(_ text: String) -> String {
    escaping(text, keepingLineBreaks: false)
  }

  /// Text safe to print that keeps its line breaks (`\n`); every other control character or line
  /// break and every bidirectional-text control is shown as a `\u{…}` escape.
  ///
  /// - Parameter text: Text of one or more lines.
  /// - Returns: The text with every unsafe character escaped.
  public static func printable(_ text: String) -> String {
    escaping(text, keepingLineBreaks: true)
  }

  private static func escaping(_ text: String, keepingLineBreaks: Bool) -> String {
    guard text.unicodeScalars.contains(where: { isUnsafe($0) && !(keepingLineBreaks && $0 == "\n") }) else {
      return text
    }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar), !(keepingLineBreaks && scalar == "\n") {
        result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// C0 and C1 control characters and DEL; the line and paragraph separators (U+2028, U+2029), which
  /// some terminals and most text views break lines at; and the bidirectional-text controls (U+061C,
  /// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
