import Foundation

/// Applies GitHub's login rules.
///
/// After trimming surrounding whitespace, a login has 1 to 39 characters,
/// uses only ASCII letters, digits and hyphens, does not start or end with a
/// hyphen, and has no two hyphens in a row. Rules are checked in that order
/// and the first one broken is reported. Case is preserved.
public struct LoginValidator: LoginValidating {
  /// The longest login GitHub allows.
  public static let maximumLength = 39

  /// Creates a validator.
  public init() {}

  /// Checks and normalizes a login as the user typed it.
  ///
  /// - Parameter input: The raw text, possibly with surrounding whitespace.
  /// - Returns: The trimmed login, or the first rule it breaks as one sentence.
  public func validate(_ input: String) -> LoginValidation {
    let login = input.trimmingCharacters(in: .whitespacesAndNewlines)
    if login.isEmpty {
      return .invalid(reason: "Enter a GitHub username.")
    }
    let length = login.count
    if length > Self.maximumLength {
      return .invalid(
        reason: "A GitHub username can have at most "
          + "\(Self.maximumLength) characters, but this one has \(length).")
    }
    if let bad = login.first(where: { !Self.isAllowed($0) }) {
      return .invalid(
        reason: "A GitHub username can only contain ASCII letters, "
          + "digits and hyphens, so \(Self.describe(bad)) is not allowed.")
    }
    if login.hasPrefix("-") {
      return .invalid(reason: "A GitHub username cannot start with a hyphen.")
    }
    if login.hasSuffix("-") {
      return .invalid(reason: "A GitHub username cannot end with a hyphen.")
    }
    if login.contains("--") {
      return .invalid(reason: "A GitHub username cannot contain two hyphens in a row.")
    }
    return .valid(login: login)
  }

  private static func isAllowed(_ character: Character) -> Bool {
    guard character.isASCII, let ascii = character.asciiValue else {
      return false
    }
    switch ascii {
    case UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// Names a character so the reason stays on one line: `'_'`, `a space`, `U+000A`.
  private static func describe(_ character: Character) -> String {
    if character == " " {
      return "a space"
    }
    if character.isWhitespace
      || character.unicodeScalars.contains(where: {
        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
      })
    {
      let codes = character.unicodeScalars.map { scalar in
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      }
      return codes.joined(separator: " ")
    }
    return "'\(character)'"
  }
}
