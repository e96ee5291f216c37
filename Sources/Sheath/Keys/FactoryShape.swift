/// What a kind of key's factories look like: how to make one that returns a fixed value
/// (`b.bind(.apiBaseURL, to: url)`), and how to put a decorator around one
/// (`b.decorate(.userAPI) { r, api in … }`).
///
/// `bind(_:to:)` and `decorate` are one method for every kind of key, and see a key as its base class,
/// ``BindableKey``, whose `Factory` and `Decorator` are opaque function types. Each kind of key hands
/// its base class its shape when it is made — one of the members below, whose closures keep no state —
/// so that the base class can make those factories for it.
struct FactoryShape<Factory, Decorator, Value>: Sendable {
  /// The kind of key whose factories these are.
  let kind: KeyKind

  /// A factory that returns `value` — the same value — every time.
  let constant: @Sendable (_ value: Value) -> Factory

  /// `factory` with `decorator` around what it builds.
  let decorated: @Sendable (_ factory: Factory, _ decorator: Decorator) -> Factory
}

extension FactoryShape
where Factory == @Sendable (Resolver) -> Value, Decorator == @Sendable (Resolver, Value) -> Value {
  /// A ``Key``'s factories, and so those of ``CollectionKey`` and ``MapKey``.
  static var synchronous: Self {
    FactoryShape(
      kind: .plain,
      constant: { value in
        let value = UncheckedSendable(value: value)
        return { _ in value.value }
      },
      decorated: { factory, decorator in { r in decorator(r, factory(r)) } })
  }
}

extension FactoryShape {
  /// An ``AssistedKey``'s factories: the decorator wraps what the factory builds from the argument.
  static func assisted<Argument>() -> Self
  where Factory == @Sendable (Resolver, Argument) -> Value, Decorator == @Sendable (Resolver, Value) -> Value {
    FactoryShape(
      kind: .assisted,
      constant: { value in
        let value = UncheckedSendable(value: value)
        return { _, _ in value.value }
      },
      decorated: { factory, decorator in { r, argument in decorator(r, factory(r, argument)) } })
  }
}

extension FactoryShape
where
  Factory == @MainActor @Sendable (MainActorResolver) -> Value,
  Decorator == @MainActor @Sendable (MainActorResolver, Value) -> Value
{
  /// A ``MainActorKey``'s factories, which run on the main actor.
  static var mainActor: Self {
    FactoryShape(
      kind: .mainActor,
      constant: { value in
        let value = UncheckedSendable(value: value)
        return { _ in value.value }
      },
      decorated: { factory, decorator in { r in decorator(r, factory(r)) } })
  }
}

extension FactoryShape {
  /// A ``MainActorAssistedKey``'s factories, which run on the main actor.
  static func mainActorAssisted<Argument>() -> Self
  where
    Factory == @MainActor @Sendable (MainActorResolver, Argument) -> Value,
    Decorator == @MainActor @Sendable (MainActorResolver, Value) -> Value
  {
    FactoryShape(
      kind: .mainActorAssisted,
      constant: { value in
        let value = UncheckedSendable(value: value)
        return { _, _ in value.value }
      },
      decorated: { factory, decorator in { r, argument in decorator(r, factory(r, argument)) } })
  }
}

extension FactoryShape
where
  Value: Sendable, Factory == @Sendable (AsyncResolver) async throws -> Value,
  Decorator == @Sendable (AsyncResolver, Value) async throws -> Value
{
  /// An ``AsyncKey``'s factories, which may suspend and may throw.
  static var asynchronous: Self {
    FactoryShape(
      kind: .async,
      constant: { value in { _ in value } },
      decorated: { factory, decorator in { r in try await decorator(r, try await factory(r)) } })
  }
}
