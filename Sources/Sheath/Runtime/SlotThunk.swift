/// A declared factory with its dependencies resolved from `graph`, which the caller keeps alive;
/// `resolver` is what the factory would have received — ``Graph/resolveDeclared(_:_:fileID:line:)``
/// resolves through it what it does not resolve by slot. It initializes `result` with the value it
/// built; ``runSlotThunk(_:_:_:)`` calls it.
///
/// NB: the value goes out through a pointer, not as the closure's result, for speed. A thunk is a
/// closure in a generic initializer, specialized in the app's module. Were its result `Value`, the
/// specialization would return a class or a small struct directly, and Swift would keep a "not
/// re-abstracted" thunk with the generic convention for the stored closure. The specializer inlines
/// the body into that thunk, and the compiler marks every call in a thunk `noinline`: the one-instruction
/// C helpers the body calls (an atomic load, the thread's resolution state, the stack address) became
/// real calls, about 15 instructions a dependency (a chain of 100 transients: 64,594 → 63,109). A
/// pointer has one convention whatever `Value` is, so there is no thunk.
@usableFromInline
typealias SlotThunk<Value> =
  @Sendable (_ graph: Graph, _ resolver: Resolver, _ result: UnsafeMutablePointer<Value>) -> Void

/// An assisted declared factory: ``SlotThunk`` with the caller's argument, which it reads through a
/// pointer for the same reason.
@usableFromInline
typealias AssistedSlotThunk<Argument, Value> =
  @Sendable (
    _ graph: Graph, _ resolver: Resolver, _ argument: UnsafePointer<Argument>, _ result: UnsafeMutablePointer<Value>
  ) -> Void

/// What a slot thunk's caller passes: the thunk, with anything else it needs bound.
@usableFromInline
typealias SlotThunkCall<Value> = (_ graph: Graph, _ resolver: Resolver, _ result: UnsafeMutablePointer<Value>) -> Void

/// The value `thunk` builds with `graph` and `resolver` (see ``SlotThunk``).
///
/// NB: the result's room is not stack-protected. `withUnsafeTemporaryAllocation` would give every
/// function this is inlined into (each request) a stack canary, set and checked even on paths that
/// never build: 12 instructions a request. The room holds one value, which `thunk` initializes whole.
@inlinable @inline(__always)
func runSlotThunk<Value>(
  _ graph: Graph, _ resolver: Resolver, _ thunk: SlotThunkCall<Value>
) -> Value {
  _withUnprotectedUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
    let result = buffer.baseAddress.unsafelyUnwrapped
    thunk(graph, resolver, result)
    return result.move()
  }
}

/// The value the assisted `thunk` builds with `graph`, `resolver` and `argument`, which it reads in
/// place.
@inlinable @inline(__always)
func runSlotThunk<Argument, Value>(
  _ graph: Graph, _ resolver: Resolver, _ argument: Argument, _ thunk: AssistedSlotThunk<Argument, Value>
) -> Value {
  _withUnprotectedUnsafePointer(to: argument) { argument in
    runSlotThunk(graph, resolver) { thunk($0, $1, argument, $2) }
  }
}

extension Resolver {
  /// Runs a declared assisted factory's `thunk` with `argument` and this resolver's graph
  /// (``runDeclared(_:at:_:)``).
  @inlinable @inline(__always)
  func runDeclared<Argument, Value>(
    _ dependencies: DeclaredDependencies, at site: CallSite, _ argument: Argument,
    _ thunk: AssistedSlotThunk<Argument, Value>
  ) -> Value {
    _withUnprotectedUnsafePointer(to: argument) { argument in
      runDeclared(dependencies, at: site) { graph, r, result in thunk(graph, r, argument, result) }
    }
  }
}
