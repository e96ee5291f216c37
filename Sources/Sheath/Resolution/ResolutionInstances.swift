import Foundation

/// What one resolution built of its ``Lifetime/perResolution`` keys: one instance per key and graph,
/// shared by every factory the resolution runs, and kept no longer than the resolution.
///
/// A synchronous resolution keeps its instances in the thread's ``ResolutionStack`` state: the first
/// per-resolution key makes them, and they are released when the resolution's outermost key returns
/// (``ResolutionStack/exit(_:)``). An async resolution keeps them on its ``AsyncTrail``'s first
/// node, which every task the resolution starts shares, and builds each once with the family's
/// ``AsyncBuilds``, as it builds shared instances. A synchronous request made inside an async factory
/// joins its resolution's instances.
///
/// The tasks of an async resolution may run on several threads at once, so a synchronous build marks
/// its entry with its thread: asked for again on that thread while it runs, the key is in a cycle;
/// asked for on another, it is built there too, and the first instance recorded is the one both
/// return — the factory ran twice, and everyone shares one instance.
final class ResolutionInstances: @unchecked Sendable {
  // @unchecked: `graphs` and every `Shares`' `values` are only read or written holding `lock`.
  private let lock = NSLock()
  private var graphs: [ObjectIdentifier: Shares] = [:]

  /// One graph's per-resolution instances. It keeps the graph alive, so that no other graph made
  /// while the resolution runs takes its identity; as an object, it also names the builds of an
  /// async resolution (``BuildCoordinator/BuildID``).
  final class Shares: @unchecked Sendable {
    // @unchecked: `values` is read and written under the owning `ResolutionInstances`' lock.
    let graph: Graph
    fileprivate var values: [Int: Entry] = [:]

    fileprivate init(graph: Graph) {
      self.graph = graph
    }
  }

  enum Entry {
    /// The key's factory is running on the thread whose ``ResolutionStack`` state this is.
    case building(thread: UInt)
    /// The instance, in a `Box` of the key's value type.
    case built(AnyObject)
  }

  /// `graph`'s instances in this resolution.
  func shares(of graph: Graph) -> Shares {
    lock.lock()
    defer { lock.unlock() }
    if let shares = graphs[ObjectIdentifier(graph)] { return shares }
    let shares = Shares(graph: graph)
    graphs[ObjectIdentifier(graph)] = shares
    return shares
  }

  /// The entry for `slot` in `shares`, if the resolution has one.
  func entry(_ slot: Int, in shares: Shares) -> Entry? {
    lock.lock()
    defer { lock.unlock() }
    return shares.values[slot]
  }

  /// Records the entry for `slot` in `shares`.
  func set(_ entry: Entry, at slot: Int, in shares: Shares) {
    lock.lock()
    defer { lock.unlock() }
    shares.values[slot] = entry
  }

  /// Records `box` as the instance of `slot` in `shares`, unless one is recorded already: the
  /// instance recorded.
  func publish(_ box: AnyObject, at slot: Int, in shares: Shares) -> AnyObject {
    lock.lock()
    defer { lock.unlock() }
    if case .built(let existing) = shares.values[slot] { return existing }
    shares.values[slot] = .built(box)
    return box
  }

  /// The instance of `slot` in `shares`, if built: for an async resolution's builds, which run with
  /// the family's lock held.
  func built<Value>(_ slot: Int, in shares: Shares, as type: Value.Type) -> Value? {
    guard case .built(let box) = entry(slot, in: shares) else { return nil }
    return unsafeDowncast(box, to: Box<Value>.self).value
  }
}

extension Graph {
  /// The instance of a per-resolution `key` that the resolution in progress on this thread built from
  /// this graph, or a new one: built with `key` on the thread's stack and kept until the resolution
  /// returns. Not specialized: the dictionary and lock it goes through cost far more than the call.
  ///
  /// Its factory gets `resolver`, the caller's, when the value is what the resolution was asked for: it
  /// belongs to the caller, as a transient value does. Built for another key, it may be shared with a
  /// singleton of the same resolution, which the graph owns: its factory then gets the resolver a
  /// shared instance's factory gets, so that nothing it keeps owns the graph (a cycle, else) — as an
  /// async resolution builds it.
  @usableFromInline
  func perResolutionInstance<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, _ resolver: Resolver, _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    let state = ResolutionStack.enter(key, .perResolution, binding, in: self)
    defer { ResolutionStack.exit(state) }
    let instances = ResolutionStack.resolutionInstances(state)
    let shares = instances.shares(of: self)
    let thread = state.thread
    switch instances.entry(key.slot, in: shares) {
    case .built(let box):
      // Recorded for this key, whose value type is `Value`, in a `Box<Value>`.
      return unsafeDowncast(box, to: Box<Value>.self).value
    case .building(let builder):
      // Another thread of the same async resolution builds it too: build, and share the first.
      if builder == thread { perResolutionCycle(key) }
    case nil:
      instances.set(.building(thread: thread), at: key.slot, in: shares)
    }
    if _slowPath(binding.tracksUsage) { binding.markUsed(key) }
    let value: Value
    if state.isOutermost {
      value = run(binding, self, resolver)
    } else {
      let shared = Resolver(GraphReference(.anchored(anchor)))
      value = lending { run(binding, self, shared) }
    }
    let recorded = instances.publish(Box(value), at: key.slot, in: shares)
    return unsafeDowncast(recorded, to: Box<Value>.self).value
  }

  /// Stops a resolution that asked for a per-resolution key while building it: the key is on the
  /// thread's stack twice, and the cycle runs between the two.
  @usableFromInline
  func perResolutionCycle(_ key: Keys) -> Never {
    let keys = ResolutionStack.currentPath
    ResolutionStack.stop(.cycle(ResolutionStack.firstCycle(in: keys) ?? [key, key]))
  }
}
