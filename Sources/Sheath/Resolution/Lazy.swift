import Foundation

/// A value resolved on first use and kept after that.
///
/// Inject a `Lazy` to defer building something expensive until it is needed, or to break a
/// dependency cycle between two keys:
///
/// ```swift
/// static var profileData: Key<any ProfileDataControlling> {
///   Key(.singleton) { r in
///     // the API is resolved when first used, not now
///     ProfileDataController(api: r.lazy(.userAPI))
///   }
/// }
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
///
/// A unit test hands a type a lazy value made from a closure, with no graph, which the first
/// ``value`` calls, once:
///
/// ```swift
/// let search = SearchController(index: Lazy { SearchIndex() })
/// ```
public final class Lazy<Value> {
  /// What a lazy value resolves: a graph's key, or a closure.
  private enum Source {
    case graph(Resolver, Key<Value>)
    case closure(LazyClosure<Value>)
  }

  private let source: Source
  /// The resolved value's box, published once.
  private let cell = PublishedReference<Box<Value>>()

  /// Creates a lazy value that resolves `provider` on first use (or, for a provider made from a
  /// closure, calls the closure).
  ///
  /// - Parameter provider: What to resolve.
  public convenience init(_ provider: Provider<Value>) {
    switch provider.source {
    case .graph(let resolver, let key): self.init(.graph(resolver, key))
    case .closure(let make): self.init(.closure(LazyClosure(make, at: nil)))
    }
  }

  /// Creates a lazy value that calls `make` on first use and keeps what it returns, with no graph: a
  /// stand-in for a graph's lazy value in a unit test.
  ///
  /// ```swift
  /// let search = SearchController(index: Lazy { SearchIndex() })
  /// ```
  ///
  /// `make` runs at most once, even when several threads read ``value`` at the same time: the others
  /// wait for it. A `make` that reads the value it is building stops the program, naming this line.
  ///
  /// - Parameters:
  ///   - fileID: Where the lazy value is made, for that message; leave the default.
  ///   - line: Where the lazy value is made, likewise.
  ///   - make: Returns the value; called once, by the first read of ``value``.
  public convenience init(fileID: String = #fileID, line: Int = #line, _ make: @escaping @Sendable () -> Value) {
    self.init(.closure(LazyClosure(make, at: CodeLocation(fileID: fileID, line: line))))
  }

  convenience init(resolver: Resolver, key: Key<Value>) {
    self.init(.graph(resolver, key))
  }

  private init(_ source: Source) {
    self.source = source
  }

  deinit {
    cell.destroy()
  }

  /// The value, resolved on first use.
  public var value: Value {
    if let box = cell.load() {
      return box.with { $0.value }
    }
    switch source {
    case .graph(let resolver, let key): return resolveOnce(resolver, key)
    case .closure(let closure): return closure.buildOnce(into: cell)
    }
  }

  private func resolveOnce(_ resolver: Resolver, _ key: Key<Value>) -> Value {
    // `value` is a property, with no caller's line to name: a stop names this one.
    let site = CallSite(fileID: #fileID, line: #line)
    return resolver.withGraph(resolving: key, fileID: site.fileID, line: site.line) { graph in
      let fallback = key.unretainedFallbackBinding(testing: graph.usesTestValues)
      if graph.lifetime(of: key, fallback: fallback?.object).isShared {
        return graph.resolve(key, from: resolver, at: site, fallback: { key.unretainedFallbackBinding(testing: $0) }) {
          $0.build($1, $2)
        }
      }
      let id = BuildCoordinator.BuildID(owner: ObjectIdentifier(self), slot: -1)
      let cell = self.cell
      var found: Unretained<Box<Value>>?
      let claim = graph.coordinator.claim(id, key: Unretained(key)) {
        found = cell.load()
        return found != nil
      }
      switch claim {
      case .existing:
        return found.unsafelyUnwrapped.with { $0.value }
      case .reentered:
        // Asked for again on this thread while resolving it: the key's factory needs itself.
        ResolutionStack.stop(.cycle(ResolutionStack.cycle(reentering: key)))
      case .claimed:
        let value = graph.resolve(
          key, from: resolver, at: site, fallback: { key.unretainedFallbackBinding(testing: $0) }
        ) { $0.build($1, $2) }
        graph.coordinator.finish(id) {
          cell.publish(Box(value))
        }
        return value
      }
    }
  }
}

/// What a ``Lazy`` made from a closure builds with: the closure, and a lock that runs it once.
private final class LazyClosure<Value>: @unchecked Sendable {
  // @unchecked: `isBuilding` is only read or written while `lock` is held; `make` is Sendable.
  private let make: @Sendable () -> Value
  /// Where the lazy value was made, for the message when `make` reads it; `nil` when it was made from
  /// a provider.
  private let location: CodeLocation?
  // NB: recursive, so that a `make` that reads its own lazy value is reported rather than deadlocked.
  private let lock = NSRecursiveLock()
  private var isBuilding = false

  init(_ make: @escaping @Sendable () -> Value, at location: CodeLocation?) {
    self.make = make
    self.location = location
  }

  /// The value in `cell`, built by `make` and published there by the first caller; the others wait.
  func buildOnce(into cell: PublishedReference<Box<Value>>) -> Value {
    lock.lock()
    defer { lock.unlock() }
    // Published under the lock: a caller that waited finds it here.
    if let box = cell.load() { return box.with { $0.value } }
    if isBuilding { stopReentered() }
    isBuilding = true
    let value = make()
    cell.publish(Box(value))
    return value
  }

  private func stopReentered() -> Never {
    let diagnostic = Diagnostic(
      summary:
        "a Lazy<\(describeType(Value.self))> made from a closure read its value while the closure was building it",
      details: [location.map { "made at \($0)" } ?? "made from a provider made from a closure"],
      fix: "build the value without reading the lazy value in its own closure")
    fatalError("Sheath: " + diagnostic.rendered())
  }
}

// @unchecked: the value is published once through an atomic pointer, and the build is coordinated
// under the graph family's lock (or, made from a closure, its own lock); the value is shared, so it
// must be Sendable.
extension Lazy: @unchecked Sendable where Value: Sendable {}
