/// Numbers written the same way whatever the locale: the formatters' shared vocabulary.
public enum NumberText {
  /// Writes an integer with `,` between groups of three digits.
  ///
  /// - Parameter value: The number, for example `1234567`.
  /// - Returns: The grouped digits, for example `1,234,567` (or `-1,234` for negatives).
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 {
        result.append(",")
      }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// `1 follower` or `N followers`, with `N` grouped.
  ///
  /// - Parameters:
  ///   - count: How many.
  ///   - singular: The noun for one.
  ///   - plural: The noun for any other count.
  /// - Returns: The count and the noun.
  public static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(grouped(count)) \(count == 1 ? singular : plural)"
  }
}
