import Foundation

/// Finds a key's name for diagnostics from its declaration.
///
/// NB: Swift gives a `static let`'s initializer no way to know the property's name (`#function` there
/// is the enclosing type's name), and macros would cost Sheath its zero dependencies. So a key that
/// was not given a `name:` reads it from its declaration — `static let userAPI: Key<…> = Key…` — the
/// first time a diagnostic needs it. Diagnostics matter while developing and testing, when the
/// sources are on disk; where they are not, the key is named by its declaration site.
///
/// The rule: the key is `Keys.userAPI` only when the line that creates it (the `#line` its initializer
/// received) is the value of a `static let userAPI` or `static var userAPI` — the only declaration
/// that makes a `Keys.userAPI`, since keys live in `extension Keys`. The declaration may be on that
/// line or continue onto it (`static let userAPI: Key<…> =`, then `Key…` on the next line; `static
/// let`, then `userAPI = …`), and the line must start at the top level of its initializer. Comments
/// and the contents of strings are not code. Everything else — a local `let`, a key made in a loop,
/// in a helper function, in an array or a closure, two keys on one line — is named by its declaration
/// site: a wrong name is worse than none, and a fix line would show it as code that does not compile.
enum KeyName {
  /// `Keys.userAPI` for a key created on `line` of `filePath` as the value of `static let userAPI`;
  /// `nil` when the source cannot be read or the line is not such a declaration.
  static func fromSource(filePath: String, line: Int) -> String? {
    guard line > 0, let source = try? String(contentsOfFile: filePath, encoding: .utf8) else { return nil }
    return fromSource(source, line: line)
  }

  /// `Keys.userAPI` for a key created on `line` of `source` as the value of `static let userAPI`.
  static func fromSource(_ source: String, line: Int) -> String? {
    let lines = SourceTokens(source, throughLine: line).lines
    guard line <= lines.count, !lines[line - 1].isEmpty else { return nil }
    let first = statementStart(in: lines, endingAt: line - 1)
    let tokens = lines[first..<(line - 1)].joined()
    return declaredName(in: Array(tokens) + lines[line - 1], keyLineStart: tokens.count).map { "Keys.\($0)" }
  }

  /// The index of the line a statement that continues onto `lines[last]` starts on: lines above it
  /// belong to it while one ends with a token that needs more (`=`, `:`, `let`) or the next starts
  /// with one that continues an expression (`.required()`). Lines with no code are stepped over.
  private static func statementStart(in lines: [[String]], endingAt last: Int) -> Int {
    var first = last
    var above = last - 1
    // A declaration spans a few lines; a longer walk would only find something else's.
    while above >= 0, last - above <= 12 {
      guard let end = lines[above].last else {
        above -= 1
        continue
      }
      guard let start = lines[first].first, !isDirective(start), !isDirective(lines[above][0]),
        end != "{", continuesBelow.contains(end) || continuesAbove.contains(start)
      else { break }
      first = above
      above -= 1
    }
    return first
  }

  /// Tokens that end a line without ending its statement.
  private static let continuesBelow: Set<String> = modifiers.union([
    "=", ":", ",", "(", "[", ".", "->", "&&", "||", "??", "let", "var", "static",
  ])

  /// Tokens that start a line continuing the statement above.
  private static let continuesAbove: Set<String> = ["=", ":", ".", "->", ")", "]", "?", "&&", "||", "??"]

  /// The modifiers a `static let` may carry besides `static`.
  private static let modifiers: Set<String> = [
    "public", "package", "internal", "fileprivate", "private", "open", "final", "nonisolated", "override",
  ]

  private static func isDirective(_ token: String) -> Bool {
    ["#if", "#elseif", "#else", "#endif"].contains(token)
  }

  /// The name `tokens`, a statement, declares for the value created on the line starting at
  /// `keyLineStart`: the statement must be a `static let` or `static var` whose one binding on that
  /// line has that line at the top level of its initializer.
  private static func declaredName(in tokens: [String], keyLineStart: Int) -> String? {
    var index = 0
    var isStatic = false
    // Attributes and modifiers, with their arguments: `@MainActor`, `nonisolated(unsafe)`.
    while index < tokens.count,
      tokens[index].hasPrefix("@") || tokens[index] == "static"
        || modifiers.contains(tokens[index])
    {
      isStatic = isStatic || tokens[index] == "static"
      index += 1
      if index < tokens.count, tokens[index] == "(" { index = afterParentheses(in: tokens, from: index) }
    }
    guard isStatic, index + 1 < tokens.count, tokens[index] == "let" || tokens[index] == "var" else { return nil }
    index += 1

    // Each binding's name and where it is: `static let a = …, b = …` declares two.
    var bindings: [(name: String, index: Int)] = []
    var inInitializer = false
    var depth = 0
    var depthAtKeyLine = 0
    while index < tokens.count {
      if index == keyLineStart { depthAtKeyLine = depth }
      let token = tokens[index]
      if bindings.isEmpty {
        guard isIdentifier(token) else { return nil }
        bindings.append((token, index))
      } else if !inInitializer {
        // The type annotation holds no `=`; its brackets and commas are not the initializer's.
        inInitializer = token == "="
      } else {
        switch token {
        case "(", "[", "{": depth += 1
        case ")", "]", "}":
          depth -= 1
          if depth < 0 { return nil }
        case ";" where depth == 0:
          // The statement ends here: a `;` that ends the key's line is only punctuation; any other
          // ends the declaration before the key's line, or puts another statement on it.
          guard index == tokens.count - 1, index >= keyLineStart else { return nil }
        case ","
        where depth == 0 && index + 2 < tokens.count && isIdentifier(tokens[index + 1])
          && (tokens[index + 2] == ":" || tokens[index + 2] == "="):
          bindings.append((tokens[index + 1], index + 1))
          inInitializer = false
          index += 1
        default: break
        }
      }
      index += 1
    }
    // The one binding whose tokens reach the key's line, at the top level of its initializer.
    let onKeyLine = bindings.indices.filter { binding in
      binding + 1 == bindings.count || bindings[binding + 1].index > keyLineStart
    }
    guard depthAtKeyLine == 0, onKeyLine.count == 1 else { return nil }
    return bindings[onKeyLine[0]].name
  }

  /// The index after the `)` that closes the `(` at `start`.
  private static func afterParentheses(in tokens: [String], from start: Int) -> Int {
    var depth = 0
    for index in start..<tokens.count {
      if tokens[index] == "(" { depth += 1 }
      if tokens[index] == ")" { depth -= 1 }
      if depth == 0 { return index + 1 }
    }
    return tokens.count
  }
}

/// Whether `text` is one Swift identifier: `userAPI`, `_cache`, `café`.
func isIdentifier(_ text: some StringProtocol) -> Bool {
  guard let first = text.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
  return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
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
