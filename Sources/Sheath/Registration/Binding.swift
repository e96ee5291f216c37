/// Where a key's binding comes from: the module that bound it and the line of the `bind` call, or the
/// key's own default.
///
/// Diagnostics name bindings this way, and ``Graph/source(of:)`` tells it for a debug menu or a test:
///
/// ```swift
/// graph.source(of: .userAPI)?.modulePath   // "AppModule > LiveAPIModule"
/// ```
public struct BindingSource: Hashable, Sendable, CustomStringConvertible {
  /// The modules that registered the binding, outermost first (`AppModule > APIModule`), `Graph` for a
  /// test's override, or `nil` for the key's own default.
  public let modulePath: String?
  /// Where the binding was made, or where the key was declared for its default.
  public let location: CodeLocation
  /// Whether a test's graph registered it: a test override may also bind a key nothing binds.
  var isTestOverride = false

  init(modulePath: String?, location: CodeLocation, isTestOverride: Bool = false) {
    self.modulePath = modulePath
    self.location = location
    self.isTestOverride = isTestOverride
  }

  /// Whether this is the key's own default rather than a module's binding.
  public var isKeyDefault: Bool { modulePath == nil }

  /// `AppModule > APIModule (App/Modules.swift:31)`, or `the key's default (App/Keys.swift:9)`.
  public var description: String {
    guard let modulePath else { return "the key's default (\(location))" }
    return "\(modulePath) (\(location))"
  }
}

/// The way a resolution goes for a binding's lifetime: the two kept inline, and the rest.
@usableFromInline
enum ResolutionPath: UInt8, Sendable {
  case transient
  case singleton
  /// Scoped, weak and per-resolution: ``Graph/resolveShared(_:_:ownerLevel:from:_:_:)``.
  case shared

  init(_ lifetime: LifetimeKind) {
    switch lifetime {
    case .transient: self = .transient
    case .singleton: self = .singleton
    case .weak, .perResolution, .scoped: self = .shared
    }
  }
}

/// How to build one key's value, and how long the value lives: a binding without its factory's type.
///
/// The graph stores bindings by the key's slot and recovers the typed ``Binding`` with
/// `unsafeDowncast`: a slot only ever holds a binding for its own key, whose factory type the compiler
/// checked at `bind`.
@usableFromInline
class AnyBinding: @unchecked Sendable {
  // @unchecked: immutable after init; the subclass adds only an immutable Sendable factory.
  @usableFromInline final let lifetime: LifetimeKind
  /// Which way ``Graph/resolve(_:from:at:fallback:_:)`` goes for ``lifetime``, in one byte: one compare
  /// finds a transient binding, where switching on `lifetime`, whose scoped case carries a payload,
  /// takes eight instructions (bench-floor's leaf row).
  @usableFromInline final let path: ResolutionPath
  final let source: BindingSource
  /// Whether this is a live-only key's stand-in, which a test graph reports when it is used.
  @usableFromInline final let isLiveOnlyStandIn: Bool
  /// For a test's override: records that the test used it.
  final let usage: OverrideUsage?
  /// Where the decorators that wrap this binding were registered, innermost first.
  final let decorators: [BindingSource]
  /// Those of ``decorators`` that resolve through a resolver (`b.decorate(.key) { r, value in … }`),
  /// whose dependencies are unchecked; a decorator that declared them added them to ``dependencies``.
  final let uncheckedDecorators: [BindingSource]
  /// Whether building a value must be recorded in ``usage``.
  @usableFromInline final let tracksUsage: Bool
  /// Whether this is a ``DirectKeyBinding``, whose factory is called as its key received it.
  @usableFromInline final let callsDirectly: Bool
  /// Whether this is a ``DeclaredKeyBinding``: a graph that knows the key may resolve it through
  /// ``Graph/resolveDeclared(_:_:fileID:line:)`` (see ``BindingTable/Entry``).
  @usableFromInline final let hasSlotThunk: Bool
  /// The dependencies the factory declared, which the graph checks before any factory runs; `nil`
  /// for a factory that resolves through a ``Resolver`` (`{ r in … }`), whose edges are unchecked.
  final let dependencies: DeclaredDependencies?

  init(
    lifetime: LifetimeKind, source: BindingSource, isLiveOnlyStandIn: Bool, usage: OverrideUsage?,
    decorators: [BindingSource], uncheckedDecorators: [BindingSource], callsDirectly: Bool,
    dependencies: DeclaredDependencies?, hasSlotThunk: Bool
  ) {
    self.lifetime = lifetime
    self.path = ResolutionPath(lifetime)
    self.source = source
    self.isLiveOnlyStandIn = isLiveOnlyStandIn
    self.usage = usage
    self.decorators = decorators
    self.uncheckedDecorators = uncheckedDecorators
    self.tracksUsage = usage != nil
    self.callsDirectly = callsDirectly
    self.dependencies = dependencies
    self.hasSlotThunk = hasSlotThunk
  }

  /// Records that the test that registered this override resolved it.
  @usableFromInline
  final func markUsed(_ key: Keys) {
    usage?.markUsed(key)
  }
}

/// A binding whose factory has the type `Factory`: `@Sendable (Resolver) -> Value` for a ``Key``,
/// `@MainActor @Sendable (MainActorResolver, Argument) -> Value` for a ``MainActorAssistedKey``, and
/// so on. One type for every kind of key, so that registering, overriding, test usage and the graph's
/// tables are written once.
@usableFromInline
class Binding<Factory>: AnyBinding, @unchecked Sendable {
  // @unchecked: `Factory` is always a `@Sendable` function type (every key's initializer and
  // `Bindings` method asks for one).
  @usableFromInline final let factory: Factory

  init(
    lifetime: LifetimeKind, source: BindingSource, isLiveOnlyStandIn: Bool = false, usage: OverrideUsage? = nil,
    decorators: [BindingSource] = [], uncheckedDecorators: [BindingSource] = [], callsDirectly: Bool = false,
    dependencies: DeclaredDependencies? = nil, hasSlotThunk: Bool = false, factory: Factory
  ) {
    self.factory = factory
    super.init(
      lifetime: lifetime, source: source, isLiveOnlyStandIn: isLiveOnlyStandIn, usage: usage, decorators: decorators,
      uncheckedDecorators: uncheckedDecorators, callsDirectly: callsDirectly, dependencies: dependencies,
      hasSlotThunk: hasSlotThunk)
  }

  /// This binding with its factory replaced by `factory`, decorated by `decoration`: what the
  /// decorator declared it needs joins what the binding needs.
  func decorated(by decoration: Decoration, factory: Factory) -> Binding<Factory> {
    let added = decoration.dependencies
    return Binding(
      lifetime: lifetime, source: source, isLiveOnlyStandIn: isLiveOnlyStandIn, usage: usage,
      decorators: decorators + [decoration.source],
      uncheckedDecorators: uncheckedDecorators + (added == nil ? [decoration.source] : []),
      dependencies: dependencies.map { own in
        added.map { DeclaredDependencies(own, decoratedBy: decoration.source, adding: $0) } ?? own
      },
      factory: factory)
  }
}

/// A ``Key``'s own binding, which keeps its factory as the key's initializer received it.
///
/// Stored as `Factory` — a generic parameter — a closure is kept in its most general form, taking its
/// resolver indirectly, and a closure the key's initializer received is called through a
/// reabstraction thunk. A key's default factory, the most common binding, is called through ``call``
/// instead, as written (measured: 2,246 → 2,172 instructions per view-model graph resolve). A module's
/// `bind` closure is compiled in the general form to begin with, and called as is.
///
/// A factory that declared its dependencies is a ``DeclaredKeyBinding``, which keeps it as a slot thunk
/// too.
@usableFromInline
class DirectKeyBinding<Value>: Binding<@Sendable (Resolver) -> Value>, @unchecked Sendable {
  // @unchecked: immutable, as its base is; it adds only a `@Sendable` closure.
  @usableFromInline final let call: @Sendable (Resolver) -> Value

  init(
    lifetime: LifetimeKind, source: BindingSource, usage: OverrideUsage? = nil,
    dependencies: DeclaredDependencies? = nil, hasSlotThunk: Bool = false, call: @escaping @Sendable (Resolver) -> Value
  ) {
    self.call = call
    super.init(
      lifetime: lifetime, source: source, usage: usage, callsDirectly: true, dependencies: dependencies,
      hasSlotThunk: hasSlotThunk, factory: call)
  }
}

/// The binding of a factory that declared its dependencies (`Key(.singleton, .httpClient) { http in … }`,
/// `b.bind(.userAPI, .fakeStore) { store in … }`): its ``SlotThunk`` resolves them from the graph by
/// slot (see ``Graph/resolveDeclared(_:_:fileID:line:)``), and ``DirectKeyBinding/call``, the same
/// factory for a resolver, runs the thunk with the resolver's graph.
@usableFromInline
final class DeclaredKeyBinding<Value>: DirectKeyBinding<Value>, @unchecked Sendable {
  // @unchecked: immutable, as its base is; it adds only a `@Sendable` closure.
  /// The factory, resolving its dependencies from the graph it is given. Not optional: an optional
  /// closure is kept in its most general form, and called through a reabstraction thunk.
  @usableFromInline let slotThunk: SlotThunk<Value>

  /// `usage` records a test's override.
  init(
    lifetime: LifetimeKind, source: BindingSource, usage: OverrideUsage? = nil, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver) -> Value, thunk: @escaping SlotThunk<Value>
  ) {
    self.slotThunk = thunk
    super.init(
      lifetime: lifetime, source: source, usage: usage, dependencies: dependencies, hasSlotThunk: true, call: call)
  }
}

/// An ``AssistedKey``'s own binding, which keeps its factory as the key's initializer received it; see
/// ``DirectKeyBinding``. A factory that declared its dependencies is a ``DeclaredAssistedKeyBinding``.
@usableFromInline
class DirectAssistedKeyBinding<Argument, Value>:
  Binding<@Sendable (Resolver, Argument) -> Value>, @unchecked Sendable
{
  // @unchecked: immutable, as its base is; it adds only a `@Sendable` closure.
  @usableFromInline final let call: @Sendable (Resolver, Argument) -> Value

  /// `call` runs a declared factory's ``AssistedSlotThunk`` with the resolver's graph; `usage` records
  /// a test's override.
  init(
    source: BindingSource, usage: OverrideUsage? = nil, dependencies: DeclaredDependencies? = nil,
    hasSlotThunk: Bool = false, call: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    self.call = call
    super.init(
      lifetime: .transient, source: source, usage: usage, callsDirectly: true, dependencies: dependencies,
      hasSlotThunk: hasSlotThunk, factory: call)
  }
}

/// The binding of an assisted factory that declared its dependencies (`AssistedKey(.data) { view, data
/// in … }`): as ``DeclaredKeyBinding``, its ``AssistedSlotThunk`` runs with the graph a request is made
/// on, and ``DirectAssistedKeyBinding/call`` runs it with a resolver's graph.
@usableFromInline
final class DeclaredAssistedKeyBinding<Argument, Value>: DirectAssistedKeyBinding<Argument, Value>, @unchecked Sendable
{
  // @unchecked: immutable, as its base is; it adds only a `@Sendable` closure.
  @usableFromInline let slotThunk: AssistedSlotThunk<Argument, Value>

  /// `usage` records a test's override.
  init(
    source: BindingSource, usage: OverrideUsage? = nil, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver, Argument) -> Value, thunk: @escaping AssistedSlotThunk<Argument, Value>
  ) {
    self.slotThunk = thunk
    super.init(source: source, usage: usage, dependencies: dependencies, hasSlotThunk: true, call: call)
  }
}

extension Binding {
  /// Builds a ``Key``'s value with `resolver`, a resolver for `graph`: directly when the key's
  /// initializer made this binding, and with its dependencies read from `graph` by slot when the
  /// factory declared them (as ``Resolver/runDeclared(_:at:_:)`` would, without looking up the graph
  /// again).
  @inlinable @inline(__always)
  func build<Value>(_ graph: Graph, _ resolver: Resolver) -> Value where Factory == @Sendable (Resolver) -> Value {
    if callsDirectly {
      if hasSlotThunk {
        return runSlotThunk(graph, resolver, unsafeDowncast(self, to: DeclaredKeyBinding<Value>.self).slotThunk)
      }
      return unsafeDowncast(self, to: DirectKeyBinding<Value>.self).call(resolver)
    }
    return factory(resolver)
  }

  /// Builds an ``AssistedKey``'s value with `resolver` and `argument`: directly when the key's
  /// initializer made this binding.
  @inlinable @inline(__always)
  func build<Argument, Value>(_ graph: Graph, _ resolver: Resolver, _ argument: Argument) -> Value
  where Factory == @Sendable (Resolver, Argument) -> Value {
    if callsDirectly {
      if hasSlotThunk {
        let thunk = unsafeDowncast(self, to: DeclaredAssistedKeyBinding<Argument, Value>.self).slotThunk
        return runSlotThunk(graph, resolver, argument, thunk)
      }
      return unsafeDowncast(self, to: DirectAssistedKeyBinding<Argument, Value>.self).call(resolver, argument)
    }
    return factory(resolver, argument)
  }
}

/// A decorator a module registered for a key: wraps a binding of the key in a new one.
final class Decoration: @unchecked Sendable {
  // @unchecked: immutable; `wrap` captures the key's factory shape, which is Sendable, and a decorator,
  // which every key's `Decorator` type makes a `@Sendable` closure.
  let source: BindingSource
  /// What the decorator declared it needs besides the value it wraps (`b.decorate(.userAPI, .clock)
  /// { api, clock in … }`); `nil` for one that resolves through a resolver, whose needs are unchecked.
  let dependencies: DeclaredDependencies?
  private let wrap: (AnyBinding, Decoration) -> AnyBinding

  init<Factory, LifetimeOption, Decorator, Value>(
    key: BindableKey<Factory, LifetimeOption, Decorator, Value>, source: BindingSource,
    dependencies: DeclaredDependencies?, decorator: Decorator
  ) {
    self.source = source
    self.dependencies = dependencies
    let shape = key.factoryShape
    self.wrap = { binding, decoration in
      // A decoration of a key only ever meets that key's bindings.
      let base = unsafeDowncast(binding, to: Binding<Factory>.self)
      return base.decorated(by: decoration, factory: shape.decorated(base.factory, decorator))
    }
  }

  /// `binding` (of this decoration's key) with the decorator around its factory.
  func decorate(_ binding: AnyBinding) -> AnyBinding {
    wrap(binding, self)
  }
}
