// The line diff the test targets show when a pinned text differs: one implementation for all of them.

/// The lines of `old` and `new`, with `-` before lines only in `old` and `+` before lines only in `new`.
public func lineDiff(_ old: [String], _ new: [String]) -> String {
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
