import CSheathRuntime

/// A value resolved on first use and kept after that.
///
/// Inject a `Lazy` to defer building something expensive until it is needed, or to break a
/// dependency cycle between two keys:
///
/// ```swift
/// static let profileData: Key<any ProfileDataControlling> =
///   Key(.singleton) { r in
///     // the API is resolved when first used, not now
///     ProfileDataController(api: r.lazy(.userAPI))
///   }
///
/// let user = try await api.value.user("octocat")
/// ```
///
/// The first ``value`` resolves the key once, even when several threads ask at the same time; no lock
/// is held while the key's factory runs, and once resolved, reading it takes no lock. Threads waiting
/// for one another through lazy values and shared instances are reported as a cycle, like any other.
///
/// A lazy value of a shared key — a singleton, a scoped or a weak instance — is the graph's instance,
/// so the graph keeps it, not the lazy value: each ``value`` reads it from the graph (a lock-free read
/// once it is built). That is what keeps the cycles `Lazy` breaks broken in memory too: two singletons
/// that hold each other through a lazy value are released with their graph. Like a ``Provider``, a
/// lazy value made by a shared instance's factory does not keep the graph alive.
public final class Lazy<Value> {
  private let resolver: Resolver
  private let key: Key<Value>
  /// The resolved value's box, published once.
  private let cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// Creates a lazy value that resolves `provider` on first use.
  ///
  /// - Parameter provider: What to resolve.
  public convenience init(_ provider: Provider<Value>) {
    self.init(resolver: provider.resolver, key: provider.key)
  }

  init(resolver: Resolver, key: Key<Value>) {
    self.resolver = resolver
    self.key = key
    self.cell = .allocate(capacity: 1)
    cell.initialize(to: nil)
  }

  deinit {
    if let box = cell.pointee { Unmanaged<Box<Value>>.fromOpaque(box).release() }
    cell.deallocate()
  }

  /// The value, resolved on first use.
  public var value: Value {
    if let box = sheath_load_acquire(cell) {
      return Unmanaged<Box<Value>>.fromOpaque(box).takeUnretainedValue().value
    }
    return resolveOnce()
  }

  private func resolveOnce() -> Value {
    // `value` is a property, with no caller's line to name: a stop names this one.
    let site = CallSite(fileID: #fileID, line: #line)
    return resolver._withGraph(resolving: key, at: site) { graph in
      let fallback = key.unretainedFallbackBinding(testing: graph.usesTestValues)
      if graph.lifetime(of: key, fallback: fallback?.takeUnretainedValue()).isShared {
        return graph.resolve(key, from: resolver, at: site, fallback: fallback) { $0.build($1) }
      }
      let id = BuildCoordinator.BuildID(owner: ObjectIdentifier(self), slot: -1)
      let cell = self.cell
      var found: UnsafeMutableRawPointer?
      let claim = graph.coordinator.claim(id, key: key) {
        found = cell.pointee
        return found != nil
      }
      switch claim {
      case .existing:
        return Unmanaged<Box<Value>>.fromOpaque(found.unsafelyUnwrapped).takeUnretainedValue().value
      case .reentered:
        // Asked for again on this thread while resolving it: the key's factory needs itself.
        ResolutionStack.stop(.cycle(ResolutionStack.cycle(reentering: key)))
      case .claimed:
        let value = graph.resolve(key, from: resolver, at: site, fallback: fallback) { $0.build($1) }
        graph.coordinator.finish(id) {
          sheath_store_release(cell, Unmanaged.passRetained(Box(value)).toOpaque())
        }
        return value
      }
    }
  }
}

// @unchecked: the value is published once through an atomic pointer, and the build is coordinated
// under the graph family's lock; the value is shared, so it must be Sendable.
extension Lazy: @unchecked Sendable where Value: Sendable {}
