/// The one shape every Sheath message has: what is wrong; the keys, their types and where they were
/// declared; the path or the places involved, one per line; how to fix it.
struct Diagnostic: Hashable, Sendable {
  /// What is wrong, in one line.
  var summary: String
  /// The keys, bindings or path involved, one per line.
  var details: [String]
  /// How to fix it: one or two concrete options.
  var fix: String

  /// The message, with `prefix` before the summary (`error: ` in a list of build problems).
  func rendered(prefix: String = "") -> String {
    ([prefix + summary] + details.map { "  " + $0 } + ["fix: " + fix]).joined(separator: "\n")
  }
}

extension Keys {
  /// `Keys.userAPI (any UserAPI, App/Keys.swift:9)`: the key, its type and where it was declared.
  var described: String { "\(name) (\(typeName), \(declaration))" }

  /// `.userAPI`: the key as a call site writes it, for fix-it lines.
  var callSiteName: String {
    name.hasPrefix("Keys.") ? "." + name.dropFirst("Keys.".count) : name
  }
}
