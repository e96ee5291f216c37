import Foundation

extension GitHubResponseParser {
  /// A short phrase naming what was wrong with a JSON body, such as
  /// `missing field 'followers'` or `field '[1].login' is null`.
  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "missing field '\(path(context.codingPath + [key]))'"
    case .valueNotFound(_, let context):
      return context.codingPath.isEmpty
        ? "the body is null"
        : "field '\(path(context.codingPath))' is null"
    case .typeMismatch(let type, let context):
      let expected = describeType(type)
      return context.codingPath.isEmpty
        ? "the body should be \(expected)"
        : "field '\(path(context.codingPath))' should be \(expected)"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "the body is not valid JSON"
        : "field '\(path(context.codingPath))' has an invalid value"
    @unknown default:
      return "the body could not be decoded"
    }
  }

  /// A coding path written as `followers`, `[2].login` or `owner.login`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// A JSON-flavoured name for the type a decoder expected.
  static func describeType(_ type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Array") || name.hasPrefix("[") {
      return "an array"
    }
    if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") {
      return "an object"
    }
    switch name {
    case "String": return "a string"
    case "Bool": return "a boolean"
    case "Int", "Int64", "Int32", "UInt", "UInt64", "Double", "Float": return "a number"
    default: return "a \(name)"
    }
  }
}
