// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (stand-ins for Sheath's documented types, public only so that run.sh can import them as a module)
// The class core proposed for issue 44: one generic base, KeyCore<Value, Flavour>, under the
// non-generic Keys (so `static let` keys in `extension Keys` still compile), with the flavour the
// factory's resolver type; entry points take KeyCore<Value, Flavour> with Flavour constrained by a
// protocol (SynchronousFlavour, MainActorFlavour, Contributable): the type only the key can infer.
public struct Resolver: Sendable {}
@MainActor public struct MainActorResolver {}
public protocol SynchronousFlavour {}
extension Resolver: SynchronousFlavour {}
public protocol MainActorFlavour {}
extension MainActorResolver: MainActorFlavour {}
public struct Lifetime<V> {
  public static var transient: Lifetime<V> { .init() }; public static var singleton: Lifetime<V> { .init() }
}

open class Keys: @unchecked Sendable {}
open class KeyCore<Value, Flavour>: Keys, @unchecked Sendable {}
public final class Key<Value>: KeyCore<Value, Resolver>, @unchecked Sendable {
  public init(_ lifetime: Lifetime<Value> = .transient, _ factory: @escaping @Sendable (Resolver) -> Value) {}
  public init(_ lifetime: Lifetime<Value> = .transient, _ factory: @escaping @Sendable () -> Value) {}
  public init<A>(
    _ lifetime: Lifetime<Value>, _ a: @autoclosure @escaping @Sendable () -> KeyCore<A, Resolver>,
    _ factory: @escaping @Sendable (A) -> Value
  ) {}
}
public final class MainActorKey<Value>: KeyCore<Value, MainActorResolver>, @unchecked Sendable {
  public init(_ factory: @escaping @MainActor @Sendable () -> Value) {}
  public init<A, FA>(
    _ lifetime: Lifetime<Value>, _ a: @autoclosure @escaping @Sendable () -> KeyCore<A, FA>,
    _ factory: @escaping @MainActor @Sendable (A) -> Value
  ) {}
}
/// A collection's flavour: resolved as a plain key is, contributed to element by element.
public enum CollectionFlavour<Element>: SynchronousFlavour {}
public protocol Contributable { associatedtype Element }
extension CollectionFlavour: Contributable {}
public final class CollectionKey<Element>: KeyCore<[Element], CollectionFlavour<Element>>, @unchecked Sendable {
  public override init() {}
}
public struct Graph: Sendable {
  public init() {}
  public subscript<Value, Flavour: SynchronousFlavour>(key: KeyCore<Value, Flavour>) -> Value { fatalError() }
  @MainActor public subscript<Value, Flavour: MainActorFlavour>(key: KeyCore<Value, Flavour>) -> Value { fatalError() }
}
public struct Bindings {
  public mutating func contribute<Element, Flavour: Contributable>(
    to key: KeyCore<[Element], Flavour>, _ factory: @escaping @Sendable () -> Element
  ) where Flavour.Element == Element {}
  public mutating func bind<Value, Flavour: SynchronousFlavour>(
    _ key: KeyCore<Value, Flavour>, _ lifetime: Lifetime<Value>? = nil, _ factory: @escaping @Sendable () -> Value
  ) {}
  public mutating func bind<Value, Flavour: SynchronousFlavour>(
    _ key: KeyCore<Value, Flavour>, _ lifetime: Lifetime<Value>? = nil,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {}
  public mutating func bind<Value, A, Flavour: SynchronousFlavour>(
    _ key: KeyCore<Value, Flavour>, _ a: @autoclosure @escaping @Sendable () -> KeyCore<A, Resolver>,
    _ factory: @escaping @Sendable (A) -> Value
  ) {}
}
