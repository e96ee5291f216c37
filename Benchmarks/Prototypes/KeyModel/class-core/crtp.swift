// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

// (stand-ins for Sheath's documented types, public only so that run.sh can import them as a module)
// A variant of core.swift (REPORT follow-up 6): the flavour is the key's own class
// (`Key<Value>: KeyCore<Value, Key<Value>>`), so that KeyCore can store its bindings typed by the
// flavour's associated `Factory`, with no type erasure, and a subclass of a flavour (ChildKey) keeps it.
public struct Resolver: Sendable {}
@MainActor public struct MainActorResolver {}
public struct Lifetime<V> {
  public static var transient: Lifetime<V> { .init() }; public static var singleton: Lifetime<V> { .init() }
}
public final class Binding<Factory>: @unchecked Sendable { let factory: Factory; init(_ f: Factory) { factory = f } }

public protocol KeyFlavour { associatedtype Factory }
public protocol SynchronousFlavour: KeyFlavour {
  associatedtype Value
  static func run(_ factory: Factory, _ r: Resolver) -> Value
}
public protocol MainActorFlavour: KeyFlavour {
  associatedtype Value
  @MainActor static func run(_ factory: Factory, _ r: MainActorResolver) -> Value
}

open class Keys: @unchecked Sendable {}
open class KeyCore<Value, Flavour: KeyFlavour>: Keys, @unchecked Sendable {
  final let defaultBinding: Binding<Flavour.Factory>?
  init(_ f: Flavour.Factory?) { defaultBinding = f.map(Binding.init) }
}
public class Key<Value>: KeyCore<Value, Key<Value>>, KeyFlavour, SynchronousFlavour, @unchecked Sendable {
  public typealias Factory = @Sendable (Resolver) -> Value
  public static func run(_ factory: Factory, _ r: Resolver) -> Value { factory(r) }
  public init(_ lifetime: Lifetime<Value> = .transient, _ factory: @escaping @Sendable (Resolver) -> Value) {
    super.init(factory)
  }
  public init(_ lifetime: Lifetime<Value> = .transient, _ factory: @escaping @Sendable () -> Value) {
    super.init({ _ in factory() })
  }
  public init<A>(
    _ lifetime: Lifetime<Value>, _ a: @autoclosure @escaping @Sendable () -> Key<A>,
    _ factory: @escaping @Sendable (A) -> Value
  ) { super.init(nil) }
}
public final class ChildKey<Seed>: Key<[Seed]>, @unchecked Sendable {
  public init() { super.init { [] } }
}
public final class MainActorKey<Value>: KeyCore<Value, MainActorKey<Value>>, MainActorFlavour, @unchecked Sendable {
  public typealias Factory = @MainActor @Sendable (MainActorResolver) -> Value
  @MainActor public static func run(_ factory: Factory, _ r: MainActorResolver) -> Value { factory(r) }
  public init(_ factory: @escaping @MainActor @Sendable () -> Value) { super.init(nil) }
  public init<A, FA>(
    _ lifetime: Lifetime<Value>, _ a: @autoclosure @escaping @Sendable () -> KeyCore<A, FA>,
    _ factory: @escaping @MainActor @Sendable (A) -> Value
  ) { super.init(nil) }
}
public protocol Contributable: SynchronousFlavour { associatedtype Element }
public final class CollectionKey<Element>: KeyCore<[Element], CollectionKey<Element>>, Contributable,
  @unchecked Sendable
{
  public typealias Factory = @Sendable (Resolver) -> [Element]
  public static func run(_ factory: Factory, _ r: Resolver) -> [Element] { factory(r) }
  public init() { super.init(nil) }
}
public struct Graph: Sendable {
  public init() {}
  public subscript<Value, Flavour: SynchronousFlavour>(key: KeyCore<Value, Flavour>) -> Value
  where Flavour.Value == Value {
    guard let binding = key.defaultBinding else { fatalError("a required key") }
    return Flavour.run(binding.factory, Resolver())
  }
  @MainActor public subscript<Value, Flavour: MainActorFlavour>(key: KeyCore<Value, Flavour>) -> Value
  where Flavour.Value == Value {
    guard let binding = key.defaultBinding else { fatalError("a required key") }
    return Flavour.run(binding.factory, MainActorResolver())
  }
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
    _ key: KeyCore<Value, Flavour>, _ a: @autoclosure @escaping @Sendable () -> Key<A>,
    _ factory: @escaping @Sendable (A) -> Value
  ) {}
}
