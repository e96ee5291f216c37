/// Where a binding came from, for diagnostics: the module path and the `bind` call's location, or the
/// key's own default.
struct BindingSource: Hashable, Sendable, CustomStringConvertible {
  /// `AppModule > APIModule`, or `nil` for a key's default factory.
  let modulePath: String?
  let location: CodeLocation
  /// Whether a test's graph registered it: a test override may also bind a key nothing binds.
  var isTestOverride = false

  var description: String {
    guard let modulePath else { return "the key's default (\(location))" }
    return "\(modulePath) (\(location))"
  }
}

/// A type-erased binding: how to build one key's value, and how long the value lives.
///
/// The graph stores bindings by the key's slot and recovers the typed subclass with `unsafeDowncast`:
/// a slot only ever holds a binding for its own key, whose type the compiler checked at `bind`.
class AnyBinding: @unchecked Sendable {
  // @unchecked: immutable after init; subclasses add only immutable Sendable state.
  let lifetime: LifetimeKind
  let source: BindingSource

  init(lifetime: LifetimeKind, source: BindingSource) {
    self.lifetime = lifetime
    self.source = source
  }

  /// Why `verify()` cannot build this binding by itself, or `nil` when it can.
  func verificationSkipReason(_ key: Keys) -> String? {
    "skipped \(key.name): this kind of key is not verified yet"
  }

  /// Resolves `key` through this binding for `verify()`, discarding the value.
  func resolveDiscardingValue(_ key: Keys, from graph: Graph, _ context: ResolutionContext) {}
}

/// A binding of a ``Key``.
final class Binding<Value>: AnyBinding, @unchecked Sendable {
  let factory: @Sendable (Resolver) -> Value
  /// Whether this is a live-only key's stand-in, which a test graph reports when it is used.
  let isLiveOnlyStandIn: Bool

  init(
    lifetime: LifetimeKind, source: BindingSource, isLiveOnlyStandIn: Bool = false,
    factory: @escaping @Sendable (Resolver) -> Value
  ) {
    self.factory = factory
    self.isLiveOnlyStandIn = isLiveOnlyStandIn
    super.init(lifetime: lifetime, source: source)
  }

  override func verificationSkipReason(_ key: Keys) -> String? { nil }

  override func resolveDiscardingValue(_ key: Keys, from graph: Graph, _ context: ResolutionContext) {
    _ = graph.resolve(key, default: self, context)
  }
}

/// A binding of an ``AssistedKey``: always transient, built with the caller's argument.
final class AssistedBinding<Argument, Value>: AnyBinding, @unchecked Sendable {
  let factory: @Sendable (Resolver, Argument) -> Value

  init(source: BindingSource, factory: @escaping @Sendable (Resolver, Argument) -> Value) {
    self.factory = factory
    super.init(lifetime: .transient, source: source)
  }

  override func verificationSkipReason(_ key: Keys) -> String? {
    "skipped \(key.name) (assisted): give verify() a sample argument with arguments.provide(\(key.callSiteName), …)"
  }
}
