// Never called: the overloads a misspelled key falls back on in `decorate`, `require` and `expose`, so
// that the compiler's error is "type 'Keys' has no member 'usrAPI'" alone.
//
// NB: these methods take every kind of key through its base class with types only the key decides
// (see BindableKey), and a key that does not exist leaves those types unknown: Swift 6.3 then says
// "generic parameter 'Factory' could not be inferred" for each of them before the missing member.
// These take the key as a type the rest of the call decides, so the missing member is the only error.
// Code that compiles never uses them: the methods above fit it as well, and are available. (`bind` and
// `override` have theirs in Bindings+Declared.swift; `bind(_:to:)` and `override(_:to:)` have none: a
// fallback there would be picked for a value of the wrong type, and blame the key.)
extension Bindings {
  /// Never called: see the note at the top of this file.
  @available(*, unavailable, message: "no key of this name is declared")
  public mutating func decorate<Value>(
    _ key: Key<Value>,
    fileID: String = #fileID,
    line: Int = #line,
    _ decorator: @escaping @Sendable (Resolver, Value) -> Value
  ) {
    fatalError("unavailable")
  }

  /// Never called: see the note at the top of this file.
  @available(*, unavailable, message: "no key of this name is declared")
  public mutating func require(_ key: Keys, fileID: String = #fileID, line: Int = #line) {
    fatalError("unavailable")
  }

  /// Never called: see the note at the top of this file.
  @available(*, unavailable, message: "no key of this name is declared")
  public mutating func expose(_ key: Keys, fileID: String = #fileID, line: Int = #line) {
    fatalError("unavailable")
  }
}
