extension Resolving {
  /// Never called: the subscript a misspelled key falls back on, so that the compiler's error is
  /// "type 'Key<Int>' has no member 'numbr'" alone.
  ///
  /// NB: the subscripts that resolve keys take a key through its base class with types only the key
  /// decides (see ``BindableKey``), and a key that does not exist leaves those types unknown: Swift
  /// 6.3 then says "generic parameter 'LifetimeOption' could not be inferred" and "reference to member
  /// 'numbr' cannot be resolved without a contextual type". This one takes a ``Key`` as its own type,
  /// which the value's type decides, so the missing member is the only error. Code that compiles never
  /// uses it: the subscripts that resolve keys fit it as well, and are available.
  @available(*, unavailable, message: "no key of this name is declared")
  public subscript<Value>(key: Key<Value>, fileID fileID: StaticString = #fileID, line line: UInt = #line) -> Value {
    fatalError("unavailable")
  }
}
