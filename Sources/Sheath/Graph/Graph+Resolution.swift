/// The resolution path: one array read to find a binding, then the lifetime decides where the value
/// comes from.
extension Graph {
  /// Resolves `key`, falling back on `fallback` (the key's default) when no module bound it.
  ///
  /// The fallback is an autoclosure so that the common case — a bound slot — never loads (and retains)
  /// the key's default binding.
  @inline(__always)
  func resolve<Value>(
    _ key: Keys, default fallback: @autoclosure () -> Binding<Value>?, _ context: ResolutionContext
  ) -> Value {
    let slot = key.slot
    let binding: Binding<Value>
    let ownerLevel: Int
    if slot < entries.count, let entry = entries[slot] {
      // The slot belongs to `key`, whose bindings the compiler checked to be `Binding<Value>`.
      binding = unsafeDowncast(entry.binding, to: Binding<Value>.self)
      ownerLevel = entry.ownerLevel
    } else if let fallback = fallback() {
      binding = fallback
      ownerLevel = 0
      if usesTestValues, fallback.isLiveOnlyStandIn { reportLiveOnly(key) }
    } else {
      context.fail(.missingBinding(key))
    }
    let inner = context.entering(key, binding.lifetime)
    switch binding.lifetime {
    case .transient:
      return binding.factory(Resolver(graph: self, context: inner))
    case .singleton:
      return ancestor(atLevel: ownerLevel).sharedInstance(key, binding.factory, inner)
    case .scoped(let scope):
      guard let home = nearest(opening: scope) else {
        guard let recorder = inner.recorder, let path = inner.trail?.path else {
          ResolutionFailure.scopeNotOpen(key, scope).trap()
        }
        // Verifying: note the problem, and build the instance in the root to go on.
        recorder.scopeNotOpen(key, scope, path: path)
        return ancestor(atLevel: 0).sharedInstance(key, binding.factory, inner)
      }
      return home.sharedInstance(key, binding.factory, inner)
    case .weak:
      return ancestor(atLevel: ownerLevel).weakInstance(key, binding.factory, inner)
    }
  }

  /// The binding a key falls back on when no module binds it: its test behaviour in a test graph.
  @inline(__always)
  func defaultBinding<Value>(of key: Key<Value>) -> Binding<Value>? {
    usesTestValues ? key.testBinding ?? key.defaultBinding : key.defaultBinding
  }

  private func reportLiveOnly(_ key: Keys) {
    guard let testHooks else {
      FileHandleOutput.standardError("Sheath: " + TestHooks.liveOnlyMessage(key))
      return
    }
    testHooks.reportLiveOnly(key)
  }

  /// Builds an assisted key's value with `argument`.
  func make<Argument, Value>(
    _ key: AssistedKey<Argument, Value>, _ argument: Argument, _ context: ResolutionContext
  ) -> Value {
    let slot = key.slot
    var binding = key.defaultBinding
    if slot < entries.count, let entry = entries[slot] {
      binding = unsafeDowncast(entry.binding, to: AssistedBinding<Argument, Value>.self)
    }
    return binding.factory(Resolver(graph: self, context: context.entering(key, .transient)), argument)
  }

  /// The instance this graph caches for `key`, built on first use.
  @inline(__always)
  func sharedInstance<Value>(
    _ key: Keys, _ factory: @Sendable (Resolver) -> Value, _ context: ResolutionContext
  ) -> Value {
    if let box = instances.load(key.slot) {
      return Unmanaged<Box<Value>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
    }
    return buildSharedInstance(key, factory, context)
  }

  private func buildSharedInstance<Value>(
    _ key: Keys, _ factory: @Sendable (Resolver) -> Value, _ context: ResolutionContext
  ) -> Value {
    let id = BuildCoordinator.BuildID(graph: ObjectIdentifier(self), slot: key.slot)
    let claim = coordinator.claim(id, key: key) { () -> Value? in
      instances.load(key.slot).map { Unmanaged<Box<Value>>.fromOpaque($0).takeUnretainedValue().value }
    }
    switch claim {
    case .existing(let value):
      return value
    case .reentered:
      // A cycle through this instance: build it again, recording the path, to report the cycle.
      return factory(Resolver(graph: self, context: context.tracing(from: key, .singleton)))
    case .claimed:
      let value = factory(Resolver(graph: self, context: context))
      coordinator.finish(id) { _ = instances.storeIfEmpty(Box(value), at: key.slot) }
      return value
    }
  }

  /// The instance this graph holds weakly for `key`, rebuilt when nobody holds it any more.
  private func weakInstance<Value>(
    _ key: Keys, _ factory: @Sendable (Resolver) -> Value, _ context: ResolutionContext
  ) -> Value {
    let cell = instances.load(key.slot) ?? instances.storeIfEmpty(WeakBox(), at: key.slot)
    let box = Unmanaged<WeakBox>.fromOpaque(cell).takeUnretainedValue()
    let id = BuildCoordinator.BuildID(graph: ObjectIdentifier(self), slot: key.slot)
    // The cell held what this factory returned, so the cast back succeeds.
    switch coordinator.claim(id, key: key, existing: { box.object.flatMap { $0 as? Value } }) {
    case .existing(let value):
      return value
    case .reentered:
      return factory(Resolver(graph: self, context: context.tracing(from: key, .weak)))
    case .claimed:
      let value = factory(Resolver(graph: self, context: context))
      guard type(of: value as Any) is AnyObject.Type else {
        let failure = ResolutionFailure.weakValueNotAnObject(key, valueType: describeType(type(of: value as Any)))
        guard let recorder = context.recorder else { failure.trap() }
        // Verifying: note the problem and go on with the value (uncached).
        recorder.record(failure, path: context.trail?.path ?? [key])
        coordinator.finish(id) {}
        return value
      }
      coordinator.finish(id) { box.object = value as AnyObject }
      return value
    }
  }
}
