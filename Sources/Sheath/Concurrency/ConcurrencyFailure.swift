/// A wiring mistake among main-actor or async keys, found while resolving: like ``ResolutionFailure``,
/// it stops the program with a message that names the keys and says how to fix it.
///
/// A cycle that reaches a main-actor key is made of main-actor keys only, and one that reaches an
/// async key of async keys only (nonisolated, synchronous factories can resolve neither), so the fix
/// can point at what their resolvers offer: `provider(_:)` on ``MainActorResolver`` and
/// ``AsyncResolver``.
enum ConcurrencyFailure {
  case cycle([Keys])

  var diagnostic: Diagnostic {
    switch self {
    case .cycle(let keys):
      // The same shape and path as every other cycle: reuse its rendering, change the advice.
      var diagnostic = ResolutionFailure.cycle(keys).diagnostic
      diagnostic.fix =
        "resolve one of these keys with r.provider(…) instead of r[…] in the factory that needs it and call the provider after the factory returns, or split a type so the cycle disappears"
      return diagnostic
    }
  }

  /// Stops the program with the diagnostic.
  func trap(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Sheath: " + diagnostic.rendered(), file: file, line: line)
  }
}
