import Testing
import TextDiff

/// Checks a pinned text word for word; on a difference, records the two as a line diff
/// (`-` expected, `+` actual). A final line break on either side is ignored.
///
/// - Parameters:
///   - actual: The text produced.
///   - expected: The text it must be.
///   - sourceLocation: Where to report a difference; the caller by default.
func expectText(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let trim: (String) -> String = { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
  guard trim(actual) != trim(expected) else { return }
  let lines = { (text: String) in trim(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
  Issue.record(
    "The text differs (- expected, + actual):\n\(lineDiff(lines(expected), lines(actual)))",
    sourceLocation: sourceLocation)
}
