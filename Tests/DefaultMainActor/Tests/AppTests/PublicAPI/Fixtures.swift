import Sheath

// What the public-API tests share: a greeting that modules bind, values with an identity, a scope.

/// A value with an identity: a new one is a new build.
nonisolated final class Token: Sendable {}

/// A main-actor value, as every unmarked class in this package is.
final class Badge {
  let text: String

  init(text: String = "") {
    self.text = text
  }
}

nonisolated extension Scope {
  static let session = Scope("session")
}

nonisolated extension Keys {
  static var greeting: Key<String> { Key(name: "Keys.greeting", fileID: "App/Keys.swift", line: 1) { "hello" } }
  static var greetingLength: Key<Int> {
    Key(.singleton, .greeting, name: "Keys.greetingLength", fileID: "App/Keys.swift", line: 2) { $0.count }
  }
  /// Resolves through a resolver, so the graph does not know what it needs.
  static var shout: Key<String> {
    Key(name: "Keys.shout", fileID: "App/Keys.swift", line: 3) { r in r[.greeting].uppercased() }
  }
  /// Handlers by command name, which modules contribute.
  static var handlers: MapKey<String, String> { MapKey(.singleton) }
}

/// Binds the greeting.
struct GreetingModule: Module {
  var greeting = "hi"

  func register(into b: inout Bindings) {
    b.bind(.greeting, fileID: "App/GreetingModule.swift", line: 4) { [greeting] in greeting }
    b.expose(.shout)
  }
}

/// Replaces the greeting in a child graph.
struct WelcomeModule: Module {
  func register(into b: inout Bindings) {
    b.override(.greeting) { "welcome" }
  }
}
