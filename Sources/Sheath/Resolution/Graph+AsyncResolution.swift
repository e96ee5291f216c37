/// The async resolution path: the same lookup and lifetimes as the synchronous one; a shared instance
/// that is missing is built once by the family's ``AsyncBuilds``, in a task of its own.
extension Graph {
  /// Resolves `key`. The calling task's ``AsyncTrail/current`` says which async factories it runs
  /// inside, so that builds waiting for each other are found wherever the resolution came from.
  func resolveAsync<LifetimeOption, Decorator, Value: Sendable>(
    _ key: BindableKey<@Sendable (AsyncResolver) async throws -> Value, LifetimeOption, Decorator, Value>,
    from reference: GraphReference, at site: CallSite
  ) async throws -> Value {
    let slot = key.slot
    var binding: Binding<@Sendable (AsyncResolver) async throws -> Value>
    var ownerLevel = 0
    if let bound = table.binding(at: slot) {
      // The slot belongs to `key`, whose bindings the compiler checked to have this factory type.
      binding = unsafeDowncast(bound, to: Binding<@Sendable (AsyncResolver) async throws -> Value>.self)
      ownerLevel = table.entries[slot].ownerLevel
    } else if let fallback = key.fallbackBinding(testing: usesTestValues) {
      binding = fallback
      if !table.checked.contains(slot) { checkUnknownKey(key, at: site) }
      // A key known when the graph was built has its default in the table: not one to stop on.
      if table.stopsOnUnknownKeys, !(table.entries.contains(slot) && table.entries[slot].binding != nil) {
        stopIfRequestedOutsideFactories(key, at: site)
      }
      if usesTestValues, fallback.isLiveOnlyStandIn { reportLiveOnly(key, at: site) }
    } else {
      ResolutionStack.stop(.missingBinding(key, neededBy: ResolutionStack.fullPath), at: site)
    }
    switch binding.lifetime {
    case .transient:
      // Built in the caller's task: its cancellation reaches the factory.
      let inner = AsyncTrail.entering(key, from: AsyncTrail.current)
      if binding.tracksUsage { binding.markUsed(key) }
      return try await AsyncTrail.$current.withValue(inner) {
        try await binding.factory(AsyncResolver(reference.forFactories(of: self)))
      }
    case .singleton:
      return try await ancestor(atLevel: ownerLevel).sharedAsyncInstance(key, binding)
    case .scoped(let scope):
      return try await home(of: key, scope, at: site).sharedAsyncInstance(key, binding)
    case .weak:
      return try await ancestor(atLevel: ownerLevel).weakAsyncInstance(key, binding)
    case .perResolution:
      return try await perResolutionAsyncInstance(key, binding, from: reference)
    }
  }

  /// The instance of a per-resolution `key` that the calling task's async resolution built from this
  /// graph, or a new one, built once for the resolution however many of its tasks ask.
  private func perResolutionAsyncInstance<Value: Sendable>(
    _ key: Keys, _ binding: Binding<@Sendable (AsyncResolver) async throws -> Value>,
    from reference: GraphReference
  ) async throws -> Value {
    guard let trail = AsyncTrail.current else {
      // The request starts the resolution: nothing has been built for it yet, and the factory's
      // trail, whose first node this is, carries the instances its dependencies share.
      let inner = AsyncTrail(key, .perResolution, build: nil, previous: nil)
      if binding.tracksUsage { binding.markUsed(key) }
      return try await AsyncTrail.$current.withValue(inner) {
        try await binding.factory(AsyncResolver(reference.forFactories(of: self)))
      }
    }
    let instances = trail.resolutionInstances
    let shares = instances.shares(of: self)
    let slot = key.slot
    return try await buildAsyncInstance(
      key, binding, owner: ObjectIdentifier(shares),
      existing: { instances.built(slot, in: shares, as: Value.self) },
      publish: { value in _ = instances.publish(Box(value), at: slot, in: shares) })
  }

  /// The instance this graph caches for `key`, built on first use; read without a lock once built.
  private func sharedAsyncInstance<Value: Sendable>(
    _ key: Keys, _ binding: Binding<@Sendable (AsyncResolver) async throws -> Value>
  ) async throws -> Value {
    let slot = key.slot
    if let value = instances.value(slot, as: Value.self) { return value }
    let instances = self.instances
    return try await buildAsyncInstance(
      key, binding,
      existing: { instances.value(slot, as: Value.self) },
      publish: { value in instances.store(value, at: slot) })
  }

  /// The instance this graph holds weakly for `key`, rebuilt when nobody holds it any more.
  private func weakAsyncInstance<Value: Sendable>(
    _ key: Keys, _ binding: Binding<@Sendable (AsyncResolver) async throws -> Value>
  ) async throws -> Value {
    let instances = self.instances
    let slot = key.slot
    // Both closures run under the family's lock, where the cell is made and read.
    let cell: @Sendable () -> WeakBox = {
      if let box = instances.value(slot, as: WeakBox.self) { return box }
      let box = WeakBox()
      instances.store(box, at: slot)
      return box
    }
    return try await buildAsyncInstance(
      key, binding,
      // The cell held what this factory returned, so the cast back succeeds.
      existing: { cell().object.flatMap { $0 as? Value } },
      publish: { value in
        switch WeakHold(value) {
        case .object(let object): cell().object = object
        case .nothing: break
        case .notAnObject(let type): ResolutionFailure.weakValueNotAnObject(key, valueType: type).trap()
        }
      })
  }

  /// Returns what `existing` finds, or waits for the build of `key` in this graph, starting it in a
  /// task of its own if none is in flight. `owner` names the instance's owner, when it is not this
  /// graph; `existing` and `publish` run under the family's lock.
  private func buildAsyncInstance<Value: Sendable>(
    _ key: Keys,
    _ binding: Binding<@Sendable (AsyncResolver) async throws -> Value>,
    owner: ObjectIdentifier? = nil,
    existing: () -> Value?,
    publish: @escaping @Sendable (Value) -> Void
  ) async throws -> Value {
    let builds = coordinator.asyncBuilds
    let id = BuildCoordinator.BuildID(owner: owner ?? ObjectIdentifier(self), slot: key.slot)
    let trail = AsyncTrail.current
    switch builds.join(id, key: key, preparing: self, trail: trail, existing: existing) {
    case .existing(let value):
      return value
    case .cycle(let keys):
      ResolutionStack.stop(.cycle(keys))
    case .wait(let build, let token, let isNew, let anchor):
      if isNew {
        // NB: an unstructured task, so that cancelling the task that asked first does not cancel the
        // build for everyone else who waits for it.
        let inner = AsyncTrail(key, binding.lifetime, build: build, previous: trail)
        let resolver = AsyncResolver(GraphReference(.anchored(anchor)))
        // The task keeps the graph alive until it publishes into the graph's table.
        let operation: @Sendable () async -> Void = { [self] in
          let result: Result<Value, any Error>
          do {
            if binding.tracksUsage { binding.markUsed(key) }
            let value = try await AsyncTrail.$current.withValue(inner) { try await binding.factory(resolver) }
            result = .success(value)
          } catch {
            result = .failure(error)
          }
          builds.finish(id, build, result, publish: publish)
          withExtendedLifetime(self) {}
        }
        Task(operation: operation)
      }
      return try await builds.wait(for: build, token: token)
    }
  }
}
