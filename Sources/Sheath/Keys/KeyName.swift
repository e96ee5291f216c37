import Foundation

/// Finds a key's name for diagnostics from its declaration.
///
/// NB: Swift gives a `static let`'s initializer no way to know the property's name (`#function` there
/// is the enclosing type's name), and macros would cost Sheath its zero dependencies. So a key that
/// was not given a `name:` reads it from its declaration — `static let userAPI: Key<…> = Key…` — the
/// first time a diagnostic needs it. Diagnostics matter while developing and testing, when the
/// sources are on disk; where they are not, the key is named by its declaration site.
enum KeyName {
  /// `Keys.userAPI` for a `static let userAPI` (any `let` or `var`) on the declaration line or the few
  /// lines above it; `nil` when the source cannot be read.
  static func fromSource(filePath: String, line: Int) -> String? {
    guard line > 0, let source = try? String(contentsOfFile: filePath, encoding: .utf8) else { return nil }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard line <= lines.count else { return nil }
    for index in stride(from: line - 1, through: max(0, line - 4), by: -1) {
      if let name = declaredName(in: lines[index]) { return "Keys.\(name)" }
    }
    return nil
  }

  /// The identifier after the last `let ` or `var ` in `line`, if any.
  static func declaredName(in line: Substring) -> String? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let introducer = words.lastIndex(where: { $0 == "let" || $0 == "var" }),
      introducer + 1 < words.count
    else { return nil }
    let name = words[introducer + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    guard let first = name.first, !first.isNumber else { return nil }
    return String(name)
  }
}

/// The type as written in code: `any UserAPI`, `[String]`, `URL`.
func describeType(_ type: Any.Type) -> String {
  let name = String(describing: type)
  // An existential's metatype is `P.Protocol`; a concrete type's is `T.Type`.
  let isExistential = String(describing: Swift.type(of: type)).hasSuffix(".Protocol") && name != "Any"
  return isExistential ? "any \(name)" : name
}

/// An assisted key's type as diagnostics show it: `(any ProfileView) -> ProfileViewModel`.
func describeAssistedType(_ argument: Any.Type, _ value: Any.Type) -> String {
  "(\(describeType(argument))) -> \(describeType(value))"
}
