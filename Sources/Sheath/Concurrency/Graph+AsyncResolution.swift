/// The async resolution path: the same array read and lifetimes as the synchronous one; a shared
/// instance that is missing is built once by the family's ``AsyncBuilds``.
extension Graph {
  /// Resolves `key`; `trail` is the resolving factory's, or `nil` from a graph or a provider made by
  /// one — then the task's current trail, if a factory is running in it, is used where it matters.
  func resolveAsync<Value>(_ key: AsyncKey<Value>, _ trail: AsyncTrail?) async throws -> Value {
    let slot = key.slot
    var binding = key.defaultBinding
    var ownerLevel = 0
    if slot < entries.count, let entry = entries[slot] {
      // The slot belongs to `key`, whose bindings the compiler checked to be `AsyncBinding<Value>`.
      binding = unsafeDowncast(entry.binding, to: AsyncBinding<Value>.self)
      ownerLevel = entry.ownerLevel
    }
    switch binding.lifetime {
    case .transient:
      // Built in the caller's task: its cancellation reaches the factory.
      let inner = AsyncTrail.entering(key, from: trail ?? AsyncTrail.current)
      return try await AsyncTrail.$current.withValue(inner) {
        try await binding.factory(AsyncResolver(graph: self, trail: inner))
      }
    case .singleton:
      return try await ancestor(atLevel: ownerLevel).sharedAsyncInstance(key, binding, trail)
    case .scoped(let scope):
      guard let home = nearest(opening: scope) else {
        ResolutionFailure.scopeNotOpen(key, scope).trap()
      }
      return try await home.sharedAsyncInstance(key, binding, trail)
    case .weak:
      return try await ancestor(atLevel: ownerLevel).weakAsyncInstance(key, binding, trail)
    }
  }

  /// The instance this graph caches for `key`, built on first use; read without a lock once built.
  private func sharedAsyncInstance<Value>(
    _ key: AsyncKey<Value>, _ binding: AsyncBinding<Value>, _ trail: AsyncTrail?
  ) async throws -> Value {
    let slot = key.slot
    if let box = instances.load(slot) {
      return Unmanaged<Box<Value>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
    }
    let instances = self.instances
    return try await buildAsyncInstance(
      key, binding, trail,
      existing: { instances.load(slot).map { Unmanaged<Box<Value>>.fromOpaque($0).takeUnretainedValue().value } },
      publish: { value in _ = instances.storeIfEmpty(Box(value), at: slot) })
  }

  /// The instance this graph holds weakly for `key`, rebuilt when nobody holds it any more.
  private func weakAsyncInstance<Value>(
    _ key: AsyncKey<Value>, _ binding: AsyncBinding<Value>, _ trail: AsyncTrail?
  ) async throws -> Value {
    let cell = instances.load(key.slot) ?? instances.storeIfEmpty(AsyncWeakBox(), at: key.slot)
    let box = Unmanaged<AsyncWeakBox>.fromOpaque(cell).takeUnretainedValue()
    return try await buildAsyncInstance(
      key, binding, trail,
      // The cell held what this factory returned, so the cast back succeeds.
      existing: { box.object.flatMap { $0 as? Value } },
      publish: { value in
        guard type(of: value as Any) is AnyObject.Type else {
          ResolutionFailure.weakValueNotAnObject(key, valueType: describeType(type(of: value as Any))).trap()
        }
        box.object = value as AnyObject
      })
  }

  /// Returns what `existing` finds, or waits for the build of `key` in this graph, starting it in a
  /// task of its own if none is in flight. `existing` and `publish` run under the family's lock.
  private func buildAsyncInstance<Value>(
    _ key: AsyncKey<Value>,
    _ binding: AsyncBinding<Value>,
    _ trail: AsyncTrail?,
    existing: () -> Value?,
    publish: @escaping @Sendable (Value) -> Void
  ) async throws -> Value {
    let builds = asyncBuilds
    let id = BuildCoordinator.BuildID(graph: ObjectIdentifier(self), slot: key.slot)
    let trail = trail ?? AsyncTrail.current
    switch builds.join(id, key: key, requester: trail?.requester, existing: existing) {
    case .existing(let value):
      return value
    case .wait(let build, let token, let isNew):
      if isNew {
        // NB: an unstructured task, so that cancelling the task that asked first does not cancel the
        // build for everyone else who waits for it.
        let inner = AsyncTrail(key, build: build, previous: trail)
        Task {
          let result: Result<Value, any Error>
          do {
            let value = try await AsyncTrail.$current.withValue(inner) {
              try await binding.factory(AsyncResolver(graph: self, trail: inner))
            }
            result = .success(value)
          } catch {
            result = .failure(error)
          }
          builds.finish(id, build, result, publish: publish)
        }
      }
      return try await builds.wait(for: build, token: token)
    }
  }

  /// The family's async builds, kept by the root graph in a cell of its own.
  private var asyncBuilds: AsyncBuilds {
    let root = ancestor(atLevel: 0)
    let cell = root.instances.load(AsyncBuilds.slot) ?? root.instances.storeIfEmpty(AsyncBuilds(), at: AsyncBuilds.slot)
    return Unmanaged<AsyncBuilds>.fromOpaque(cell).takeUnretainedValue()
  }
}

/// A weak async key's cell: the instance while someone holds it.
final class AsyncWeakBox: @unchecked Sendable {
  // @unchecked: `object` is only read and written under the family's `AsyncBuilds` lock (in `existing`
  // and `publish`).
  weak var object: AnyObject?
}
