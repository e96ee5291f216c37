/// A value declared in a way Sheath cannot work with, found when it is created: it stops the program
/// at the declaration with a message that says how to fix it.
///
/// Like ``ResolutionFailure``'s, these are programming errors: a scope or an environment is declared
/// once, in code, so a test that touches it finds the mistake.
enum DeclarationFailure {
  /// A ``Scope`` whose name, as written, is empty or only whitespace.
  case unnamedScope(String, CodeLocation)
  /// An ``AppEnvironment`` whose name, as written, is empty or only whitespace.
  case unnamedEnvironment(String, CodeLocation)

  var diagnostic: Diagnostic {
    switch self {
    case .unnamedScope(let name, let location):
      return Diagnostic(
        summary: "a scope needs a name: Scope(\(String(reflecting: name))) at \(location)",
        details: [
          "messages show a scope by its name (scoped to .flow, graph.child(scope: .flow)), and scopes with the same name are the same scope"
        ],
        fix: "name it for the lifetime it stands for: static let flow = Scope(\"flow\")")
    case .unnamedEnvironment(let name, let location):
      return Diagnostic(
        summary: "an environment needs a name: AppEnvironment(\(String(reflecting: name))) at \(location)",
        details: [
          "an environment is chosen by its name (--environment NAME, SHEATH_ENV=NAME), and environments with the same name are the same environment"
        ],
        fix: "give it the name a launch argument would use: static let staging = AppEnvironment(\"staging\")")
    }
  }

  /// Stops the program with the diagnostic, in every build configuration.
  func trap(file: StaticString, line: UInt) -> Never {
    fatalError("Sheath: " + diagnostic.rendered(), file: file, line: line)
  }
}

/// Whether `name` is empty or only whitespace: no name at all.
func isBlank(_ name: String) -> Bool {
  name.allSatisfy(\.isWhitespace)
}
