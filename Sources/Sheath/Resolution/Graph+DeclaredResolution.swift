/// Resolution through precomputed slots: the path of a factory that declared its dependencies
/// (`Key(.transient, .data, .validator) { data, validator in … }`).
///
/// Such a factory is kept as a ``SlotThunk``, which takes the graph to resolve from and resolves each
/// dependency with ``Graph/resolveDeclared(_:_:fileID:line:)``: one read of the dependency's
/// ``BindingTable/Entry`` by its slot, where building the graph laid the binding the graph resolves it
/// with — a module's, or the key's own — and flagged what the read may skip:
///
/// - a transient declared dependency runs its own thunk with the same graph, with only its frame on the
///   thread's ``ResolutionStack`` (what keeps paths, cycle and depth checks and traces right): no
///   resolver is made or asked for its graph, no fallback binding is loaded, no checked bit tested,
///   no lifetime switched on;
/// - a singleton a request through the same table has read or built is read from the table's
///   ``BindingTable/singletons``, by slot;
/// - anything else — a scoped or weak key, a singleton's first read here, a factory that resolves through
///   a resolver, a test's override that records its use — goes the general way, through the resolver
///   the factory would have received, so that it meets every check it meets today.
///
/// A graph is only built when the declared part of it has no cycle and no missing binding
/// (``GraphCheck``), and every key it knows has its entry laid in then; a key it does not know has
/// none, and goes the general way, where it is checked on its first resolution. The frame each
/// transient pushes is the one piece of bookkeeping kept: it is what a stop's path, the depth guard,
/// a cycle through an escape hatch (`@Inject`, a captured graph) and ``ResolutionTrace`` read, and it
/// costs a thread-local read, two compares and three stores.
extension Graph {
  /// The value of `key`, a dependency that a factory resolving from this graph declared; `resolver`
  /// is the factory's own (it refers to this graph), for what is not resolved by slot. `fileID` and
  /// `line` name where the factory was declared, for a stop.
  @inlinable @inline(__always)
  func resolveDeclared<Value>(
    _ key: Unretained<Key<Value>>, _ resolver: Resolver, fileID: StaticString, line: UInt
  ) -> Value {
    key.with { key in
      let slot = key.slot
      if entries.contains(slot) {
        let entry = entries[slot]
        if entry.flags.contains(.declaredTransient) {
          // The table keeps the binding alive.
          return entry.declaredTransientBinding(of: Value.self)
            .with { binding in
              let state = ResolutionStack.enter(key, .transient, binding, in: self)
              defer { ResolutionStack.exit(state) }
              return runSlotThunk(self, resolver, binding.slotThunk)
            }
        }
        if let instance = singletons.load(slot) {
          // A singleton a request through this table has seen (``singletonInstance``): its owner
          // keeps the value, and this graph keeps its owner.
          return instance.value(as: Value.self)
        }
      }
      return resolver[key, fileID: fileID, line: line]
    }
  }
}

extension Resolver {
  /// Runs a declared factory's `thunk` with this resolver's graph: how a factory that declared its
  /// dependencies is called where a resolver is what the caller has. `dependencies` and `site` name
  /// the stop when the graph was released.
  @inlinable @inline(__always)
  func runDeclared<Value>(
    _ dependencies: DeclaredDependencies, at site: CallSite,
    _ thunk: SlotThunkCall<Value>
  ) -> Value {
    if let graph = graphReference.unretainedGraph {
      return graph.with { runSlotThunk($0, self, thunk) }
    }
    let graph = graphReference.graph(resolving: dependencies.keys.keys[0], at: site)
    return withExtendedLifetime(graph) { runSlotThunk(graph, self, thunk) }
  }
}
