import Testing
import TextDiff

/// Compares a diagnostic with its expected text, word for word, and on a mismatch records an issue
/// that shows the two as a line diff (`-` expected, `+` actual).
func expectText(
  _ actual: String,
  _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  Issue.record(
    "Text differs (- expected, + actual):\n\(lineDiff(expected: expected, actual: actual))",
    sourceLocation: sourceLocation)
}

/// `lineDiff` of two texts' lines.
func lineDiff(expected: String, actual: String) -> String {
  lineDiff(
    expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
    actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
}
