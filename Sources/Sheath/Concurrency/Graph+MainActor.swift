extension Graph {
  /// The value for a main-actor `key`, built on the main actor or shared as its lifetime says.
  ///
  /// ```swift
  /// @MainActor func showProfile(in flow: Graph) {
  ///   let viewModel = flow[.profileViewModel]
  /// }
  /// ```
  ///
  /// - Parameter key: The main-actor key to resolve.
  @MainActor
  public subscript<Value>(key: MainActorKey<Value>) -> Value {
    resolveOnMainActor(key, .root)
  }

  /// A function that builds a main-actor assisted key's value from an argument, to call later on the
  /// main actor.
  ///
  /// - Parameter key: The main-actor assisted key.
  @MainActor
  public subscript<Argument, Value>(
    key: MainActorAssistedKey<Argument, Value>
  ) -> MainActorAssistedFactory<Argument, Value> {
    MainActorAssistedFactory(resolver: MainActorResolver(resolver), key: key)
  }

  /// Builds a main-actor assisted key's value with `argument`, on the main actor.
  ///
  /// ```swift
  /// let viewModel = flow.make(.profileViewModel, view)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The main-actor assisted key.
  ///   - argument: The caller-supplied argument, such as the view of a view model.
  /// - Returns: A new value.
  @MainActor
  public func make<Argument, Value>(_ key: MainActorAssistedKey<Argument, Value>, _ argument: Argument) -> Value {
    makeOnMainActor(key, argument, .root)
  }

  /// A provider that resolves a main-actor `key` from this graph each time it is called.
  ///
  /// - Parameter key: The main-actor key to resolve later.
  /// - Returns: A provider of `key`'s values.
  @MainActor
  public func provider<Value>(_ key: MainActorKey<Value>) -> MainActorProvider<Value> {
    MainActorResolver(resolver).provider(key)
  }
}

// MARK: - Resolution

// NB: a main-actor key's shared instance lives in the owning graph's `instances` table, in the key's
// own cell, like any shared instance — so it is released with the graph and costs no lookup. The table
// itself is used from every thread, but a main-actor key's cell is created, read and written only by
// the `@MainActor` functions below, and the main actor runs one at a time: that is what makes keeping
// a value that is not `Sendable` there safe. (Releasing it when the graph goes away may happen on any
// thread, as releasing any reference may.)
extension Graph {
  @MainActor
  func resolveOnMainActor<Value>(_ key: MainActorKey<Value>, _ context: ResolutionContext) -> Value {
    let slot = key.slot
    var binding = key.defaultBinding
    var ownerLevel = 0
    if slot < entries.count, let entry = entries[slot] {
      // The slot belongs to `key`, whose bindings the compiler checked to be `MainActorBinding<Value>`.
      binding = unsafeDowncast(entry.binding, to: MainActorBinding<Value>.self)
      ownerLevel = entry.ownerLevel
    }
    let inner = context.enteringOnMainActor(key, binding.lifetime)
    switch binding.lifetime {
    case .transient:
      return binding.factory(MainActorResolver(Resolver(graph: self, context: inner)))
    case .singleton:
      return ancestor(atLevel: ownerLevel).mainActorInstance(key, binding.factory, inner)
    case .scoped(let scope):
      guard let home = nearest(opening: scope) else {
        ResolutionFailure.scopeNotOpen(key, scope).trap()
      }
      return home.mainActorInstance(key, binding.factory, inner)
    case .weak:
      return ancestor(atLevel: ownerLevel).mainActorWeakInstance(key, binding.factory, inner)
    }
  }

  @MainActor
  func makeOnMainActor<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>, _ argument: Argument, _ context: ResolutionContext
  ) -> Value {
    let slot = key.slot
    var binding = key.defaultBinding
    if slot < entries.count, let entry = entries[slot] {
      binding = unsafeDowncast(entry.binding, to: MainActorAssistedBinding<Argument, Value>.self)
    }
    let resolver = MainActorResolver(Resolver(graph: self, context: context.enteringOnMainActor(key, .transient)))
    return binding.factory(resolver, argument)
  }

  /// The instance this graph caches for a main-actor key, built on first use.
  ///
  /// No claim is needed: the main actor runs one factory at a time, and a factory that asks for the
  /// instance it is building is a cycle, which the resolution path reports as it nests.
  @MainActor
  private func mainActorInstance<Value>(
    _ key: Keys, _ factory: @MainActor (MainActorResolver) -> Value, _ context: ResolutionContext
  ) -> Value {
    if let box = instances.load(key.slot) {
      return Unmanaged<MainActorBox<Value>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
    }
    let value = factory(MainActorResolver(Resolver(graph: self, context: context)))
    let stored = instances.storeIfEmpty(MainActorBox(value), at: key.slot)
    return Unmanaged<MainActorBox<Value>>.fromOpaque(stored)._withUnsafeGuaranteedRef { $0.value }
  }

  /// The instance this graph holds weakly for a main-actor key, rebuilt when nobody holds it any more.
  @MainActor
  private func mainActorWeakInstance<Value>(
    _ key: Keys, _ factory: @MainActor (MainActorResolver) -> Value, _ context: ResolutionContext
  ) -> Value {
    let cell = instances.load(key.slot) ?? instances.storeIfEmpty(MainActorWeakBox(), at: key.slot)
    let box = Unmanaged<MainActorWeakBox>.fromOpaque(cell).takeUnretainedValue()
    // The cell held what this factory returned, so the cast back succeeds.
    if let value = box.object.flatMap({ $0 as? Value }) { return value }
    let value = factory(MainActorResolver(Resolver(graph: self, context: context)))
    guard type(of: value as Any) is AnyObject.Type else {
      ResolutionFailure.weakValueNotAnObject(key, valueType: describeType(type(of: value as Any))).trap()
    }
    box.object = value as AnyObject
    return value
  }
}

extension ResolutionContext {
  /// The context for a main-actor key's factory, reporting a cycle through main-actor keys.
  ///
  /// A cycle that reaches a main-actor key is made of main-actor keys only (nonisolated factories
  /// cannot resolve them), so it is reported here, with advice that fits them.
  func enteringOnMainActor(_ key: Keys, _ lifetime: LifetimeKind) -> ResolutionContext {
    if let cycle = trail?.cycle(closingAt: key) {
      ConcurrencyFailure.cycle(cycle).trap()
    }
    return entering(key, lifetime)
  }
}

/// A main-actor key's cached instance; touched only on the main actor (see above).
final class MainActorBox<Value> {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// A weak main-actor key's cell: the instance while someone holds it; touched only on the main actor.
final class MainActorWeakBox {
  weak var object: AnyObject?
}
