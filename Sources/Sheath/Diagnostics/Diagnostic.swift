/// The one shape every Sheath message has: what is wrong; the keys, their types and where they were
/// declared; the path or the places involved, one per line; how to fix it.
struct Diagnostic: Hashable, Sendable {
  /// What is wrong, in one line.
  var summary: String
  /// The keys, bindings or path involved, one per line.
  var details: [String]
  /// How to fix it: one or two concrete options.
  var fix: String

  /// The message, with `prefix` before the summary (`error: ` in a list of build problems). Details
  /// are indented two spaces; an empty line among them (a nested message's) stays empty.
  func rendered(prefix: String = "") -> String {
    ([prefix + summary] + details.map { $0.isEmpty ? "" : "  " + $0 } + ["fix: " + fix]).joined(separator: "\n")
  }
}

extension Keys {
  /// `Keys.userAPI (any UserAPI, App/Keys.swift:9)`: the key, its type and where it was declared.
  var described: String { "\(name) (\(typeName), \(declaration))" }

  /// `.userAPI`: the key as a call site writes it, for fix-it lines. A name that is not code — `Key
  /// declared at App/Keys.swift:9`, where the source was not available — becomes Xcode's placeholder
  /// `<#key#>`: the summary above the fix says which key it is.
  var callSiteName: String { Sheath.callSiteName(name) }
}

/// A key's name as code writes it where a key is expected: `.userAPI` for `Keys.userAPI`, the name
/// itself when it reads as an expression, or a placeholder.
func callSiteName(_ name: String) -> String {
  if name.hasPrefix("Keys.") { return "." + name.dropFirst("Keys.".count) }
  return isCode(name) ? name : "<#key#>"
}

/// Whether `name` reads as a Swift expression naming a key: identifiers joined by dots.
private func isCode(_ name: String) -> Bool {
  name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier)
}

/// `Keys.a → Keys.b → Keys.c`.
func describePath(_ path: [Keys]) -> String {
  path.map(\.name).joined(separator: " → ")
}
