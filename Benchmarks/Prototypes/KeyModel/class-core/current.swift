// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (stand-ins for Sheath's documented types, public only so that run.sh can import them as a module)
// The class model as Sheath has it at 41c3e53, reduced: BindableKey<Factory, LifetimeOption, Decorator, Value>
// with the decorator's type left free in every entry point.
public struct Resolver: Sendable {}
@MainActor public struct MainActorResolver {}
public struct Lifetime<V> {
  public static var transient: Lifetime<V> { .init() }; public static var singleton: Lifetime<V> { .init() }
}
public struct MainActorLifetime {
  public static var transient: MainActorLifetime { .init() }; public static var singleton: MainActorLifetime { .init() }
}

open class Keys: @unchecked Sendable {}
open class TypedKey<Value>: Keys, @unchecked Sendable {}
open class BindableKey<Factory, LifetimeOption, Decorator, Value>: TypedKey<Value>, @unchecked Sendable {}
open class Key<Value>: BindableKey<
  @Sendable (Resolver) -> Value, Lifetime<Value>, @Sendable (Resolver, Value) -> Value, Value
>, @unchecked Sendable
{
  public init(_ lifetime: Lifetime<Value> = .transient, _ factory: @escaping @Sendable (Resolver) -> Value) {}
  public init(_ lifetime: Lifetime<Value> = .transient, _ factory: @escaping @Sendable () -> Value) {}
  public init<A>(
    _ lifetime: Lifetime<Value>, _ a: @autoclosure @escaping @Sendable () -> Key<A>,
    _ factory: @escaping @Sendable (A) -> Value
  ) {}
}
public final class MainActorKey<Value>: BindableKey<
  @MainActor @Sendable (MainActorResolver) -> Value, MainActorLifetime,
  @MainActor @Sendable (MainActorResolver, Value) -> Value, Value
>, @unchecked Sendable
{
  public init(_ factory: @escaping @MainActor @Sendable () -> Value) {}
  public init<A>(
    _ lifetime: MainActorLifetime, _ a: @autoclosure @escaping @Sendable () -> TypedKey<A>,
    _ factory: @escaping @MainActor @Sendable (A) -> Value
  ) {}
}
open class ContributableKey<Contribution, EntryKey, Value>: Key<Value>, @unchecked Sendable {}
public final class CollectionKey<Element>: ContributableKey<@Sendable (Resolver) -> Element, Never, [Element]>,
  @unchecked Sendable
{
  public init() { super.init { [] } }
}
public struct Graph: Sendable {
  public init() {}
  public subscript<L, D, Value>(key: BindableKey<@Sendable (Resolver) -> Value, L, D, Value>) -> Value { fatalError() }
  @MainActor
  public subscript<L, D, Value>(key: BindableKey<@MainActor @Sendable (MainActorResolver) -> Value, L, D, Value>)
    -> Value
  { fatalError() }
}
public struct Bindings {
  public mutating func contribute<Element, Collection>(
    to key: ContributableKey<@Sendable (Resolver) -> Element, Never, Collection>,
    _ factory: @escaping @Sendable () -> Element
  ) {}
  public mutating func bind<Value, D>(
    _ key: BindableKey<@Sendable (Resolver) -> Value, Lifetime<Value>, D, Value>, _ lifetime: Lifetime<Value>? = nil,
    _ factory: @escaping @Sendable () -> Value
  ) {}
  public mutating func bind<Value, D>(
    _ key: BindableKey<@Sendable (Resolver) -> Value, Lifetime<Value>, D, Value>, _ lifetime: Lifetime<Value>? = nil,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {}
  public mutating func bind<Value, A, D>(
    _ key: BindableKey<@Sendable (Resolver) -> Value, Lifetime<Value>, D, Value>,
    _ a: @autoclosure @escaping @Sendable () -> Key<A>, _ factory: @escaping @Sendable (A) -> Value
  ) {}
}
