// Resolutions the type system forbids, declared unavailable so that the compiler says why and what to
// do, instead of listing every subscript that does not fit.

extension Resolver {
  /// Unavailable: a synchronous, nonisolated factory cannot resolve a main-actor key.
  ///
  /// - Parameter key: A main-actor key.
  @available(
    *, unavailable,
    message:
      "a main-actor key is resolved on the main actor: make this key a MainActorKey too, or resolve it in @MainActor code"
  )
  public subscript<Value>(key: MainActorKey<Value>) -> Value {
    fatalError("unavailable")
  }

  /// Unavailable: a synchronous factory cannot wait for an async key.
  ///
  /// - Parameter key: An async key.
  @available(
    *, unavailable,
    message:
      "an async key is resolved with 'try await': make this key an AsyncKey too, or resolve the value first and pass it in"
  )
  public subscript<Value>(key: AsyncKey<Value>) -> Value {
    fatalError("unavailable")
  }
}

extension AsyncResolver {
  /// Unavailable: an async factory does not run on the main actor, so it cannot resolve a main-actor
  /// key.
  ///
  /// - Parameter key: A main-actor key.
  @available(
    *, unavailable,
    message:
      "an async factory does not run on the main actor: resolve main-actor keys in @MainActor code, or in a MainActorKey's factory"
  )
  public subscript<Value>(key: MainActorKey<Value>) -> Value {
    fatalError("unavailable")
  }
}

extension MainActorResolver {
  /// Unavailable: a main-actor factory is synchronous, so it cannot wait for an async key.
  ///
  /// - Parameter key: An async key.
  @available(
    *, unavailable,
    message:
      "a main-actor factory cannot wait for an async key: resolve it first with 'try await graph[…]' and pass the value in"
  )
  public subscript<Value>(key: AsyncKey<Value>) -> Value {
    fatalError("unavailable")
  }
}
