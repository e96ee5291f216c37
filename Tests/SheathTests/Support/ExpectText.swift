import Testing

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

/// A minimal line diff: common lines with two spaces, then `-`/`+` for what differs (by longest common
/// subsequence, so an inserted line shows as one `+`).
func lineDiff(expected: String, actual: String) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var lines: [String] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      lines.append("  " + old[i])
      i += 1
      j += 1
    } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      lines.append("- " + old[i])
      i += 1
    } else {
      lines.append("+ " + new[j])
      j += 1
    }
  }
  return lines.joined(separator: "\n")
}
