import Foundation

/// A GitHub token, which never shows itself: its description, debug description and mirror say
/// `<redacted>`, so printing, logging or dumping a value that holds one cannot leak it.
public struct GitHubToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The token's text; read only to send it, or to hide it in text.
  let value: String

  /// Wraps a token read from the environment.
  ///
  /// - Parameter text: The token, possibly with surrounding whitespace; `nil`, empty or blank means
  ///   there is no token.
  public init?(_ text: String?) {
    let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !trimmed.isEmpty else { return nil }
    value = trimmed
  }

  /// The `Authorization` header's value: `Bearer <token>`.
  var authorization: String { "Bearer \(value)" }

  /// `text` with every occurrence of the token replaced by `<redacted>`.
  ///
  /// - Parameter text: Text that may quote the token, such as a server's error message.
  /// - Returns: The text without the token.
  public func redacted(in text: String) -> String {
    text.replacingOccurrences(of: value, with: "<redacted>")
  }

  /// `<redacted>`.
  public var description: String { "<redacted>" }

  /// `<redacted>`.
  public var debugDescription: String { "<redacted>" }

  /// A mirror with no children.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
