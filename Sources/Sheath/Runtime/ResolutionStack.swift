import CSheathRuntime

/// The keys the calling thread is resolving right now, outermost first: one stack per thread that
/// every way into a graph pushes onto, kept in the C runtime's thread-local state.
///
/// A factory's resolver, a graph the factory captured, `@Inject`, a ``Provider`` or ``Lazy`` called
/// later — all of them resolve on the calling thread, so all of them push here. This file is the
/// handle: pushing, popping and reading frames, and the state a request lends. When to look for a
/// cycle, how much stack to keep free and what to report are the policy of
/// Resolution/ResolutionChecks.swift, which the push calls only past a threshold it sets.
///
/// A provider called after its factory returned starts on an empty stack: the state belongs to the
/// resolution in progress, never to the values that resolutions hand out.
@usableFromInline
enum ResolutionStack {
  /// Runs `body`, a request made on `graph`, with this thread's state naming the graph and the address
  /// of its anchor (see ``Graph/lending(_:)``), and names the outer request's again when it returns.
  @inlinable @inline(__always)
  static func lending<Result>(_ graph: Graph, anchorAddress: UInt, _ body: () -> Result) -> Result {
    let state = sheath_resolution_state()
    let (outerGraph, outerAnchor) = (state.pointee.lentGraph, state.pointee.lentAnchor)
    state.pointee.lentGraph = UnsafeRawPointer(Unmanaged.passUnretained(graph).toOpaque())
    state.pointee.lentAnchor = anchorAddress
    defer { (state.pointee.lentGraph, state.pointee.lentAnchor) = (outerGraph, outerAnchor) }
    return body()
  }

  /// The graph a request on this thread lent, unretained, when its anchor is at `address`; `nil`
  /// otherwise.
  @inlinable @inline(__always)
  static func lentGraph(anchoredAt address: UInt) -> Unretained<Graph>? {
    let state = sheath_resolution_state()
    guard state.pointee.lentAnchor == address else { return nil }
    return Unretained(address: state.pointee.lentGraph.unsafelyUnwrapped)
  }

  /// The calling thread's resolution state, as ``enter(_:_:_:in:)`` found it: what ``exit(_:)``
  /// pops, and the thread's identity while the resolution runs.
  @frozen @usableFromInline
  struct Entered {
    @usableFromInline let state: UnsafeMutablePointer<SheathResolutionState>

    @inlinable @inline(__always)
    init(_ state: UnsafeMutablePointer<SheathResolutionState>) {
      self.state = state
    }

    /// The thread, as long as it runs the resolution: its state's address.
    var thread: UInt { UInt(bitPattern: state) }

    /// Whether the key entered is the resolution's outermost: what the resolution was asked for.
    var isOutermost: Bool { state.pointee.count == 1 }
  }

  /// Pushes `key`, resolved with `lifetime` by `binding` in `graph`, onto the calling thread's stack,
  /// before its factory runs; pair with ``exit(_:)``.
  @inlinable @inline(__always)
  static func enter(
    _ key: Keys, _ lifetime: LifetimeKind, _ binding: AnyBinding, in graph: Graph
  ) -> Entered {
    let state = sheath_resolution_state()
    let depth = state.pointee.count
    if _slowPath(depth >= state.pointee.slowDepth || sheath_stack_address() < state.pointee.stackLimit) {
      enterSlowly(ThreadFrames(state), key, lifetime, binding, graph)
    } else {
      state.pointee.frames.unsafelyUnwrapped[depth] = SheathFrame(
        key: UnsafeRawPointer(Unmanaged.passUnretained(key).toOpaque()), lifetime: lifetime.code)
      state.pointee.count = depth &+ 1
    }
    return Entered(state)
  }

  /// Pops the key ``enter(_:_:)`` pushed; when it was the resolution's outermost, releases what the
  /// resolution built of its per-resolution keys.
  @inlinable @inline(__always)
  static func exit(_ entered: Entered) {
    let state = entered.state
    state.pointee.count &-= 1
    if _slowPath(state.pointee.resolutionInstances != nil) { endResolution(state) }
  }

  // MARK: Reading the stack

  /// The keys on the calling thread's stack, outermost first.
  static var currentPath: [Keys] { ThreadFrames.current.keys }

  /// The keys on the calling thread's stack with their lifetimes, outermost first.
  static var currentFrames: [(key: Keys, lifetime: LifetimeKind)] {
    let frames = ThreadFrames.current
    return (0..<frames.count).map { frames[$0] }
  }

  /// The last ``InnermostKeys/capacity`` keys on the calling thread's stack, kept without an
  /// allocation and unretained: for a record that lives no longer than the frames it copies.
  struct InnermostKeys {
    static let capacity = 8
    private var frames: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0

    /// The calling thread's innermost keys; none outside a resolution, as for most shared builds.
    init() {
      let state = sheath_resolution_state()
      let total = ThreadFrames(state).count
      guard total > 0 else { return }
      let first = max(0, total - Self.capacity)
      count = total - first
      let source = state.pointee.frames.unsafelyUnwrapped
      withUnsafeMutableBytes(of: &frames) { words in
        for index in 0..<count {
          words.storeBytes(
            of: Int(bitPattern: source[first + index].key), toByteOffset: index * MemoryLayout<Int>.stride, as: Int.self
          )
        }
      }
    }

    /// The keys, outermost first. Only while the frames they were copied from are on their stack.
    var keys: [Keys] {
      withUnsafeBytes(of: frames) { words in
        (0..<count).map { index in
          let address = words.load(fromByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
          return Unmanaged<Keys>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            .takeUnretainedValue()
        }
      }
    }
  }

  /// A thread's resolution state, read and written in place: its frames, and the thresholds past
  /// which a push takes the slow path (``ResolutionStack/enterSlowly(_:_:_:_:_:)``), which the checks
  /// set. Only the thread it belongs to writes it; another thread reads it only while this one waits
  /// (a stop moved to a thread with room).
  @frozen @usableFromInline
  struct ThreadFrames {
    @usableFromInline let state: UnsafeMutablePointer<SheathResolutionState>

    @inlinable @inline(__always)
    init(_ state: UnsafeMutablePointer<SheathResolutionState>) {
      self.state = state
    }

    /// The calling thread's.
    static var current: ThreadFrames { ThreadFrames(sheath_resolution_state()) }

    /// Whether the thread has resolved before: its frames are allocated and its thresholds set.
    var isStarted: Bool { state.pointee.capacity != 0 }

    /// How many frames are pushed.
    var count: Int { state.pointee.frames == nil ? 0 : state.pointee.count }

    /// How many frames fit before the buffer must grow.
    var capacity: Int { state.pointee.capacity }

    /// Makes room for `capacity` frames; false when memory is exhausted.
    func reserve(_ capacity: Int) -> Bool {
      sheath_resolution_state_reserve(state, capacity)
    }

    /// Pushes `key` with `lifetime`; the buffer has room.
    func push(_ key: Keys, _ lifetime: LifetimeKind) {
      let depth = state.pointee.count
      state.pointee.frames.unsafelyUnwrapped[depth] = SheathFrame(
        key: UnsafeRawPointer(Unmanaged.passUnretained(key).toOpaque()), lifetime: lifetime.code)
      state.pointee.count = depth + 1
    }

    /// Whether the calling thread's stack is below the lowest address a resolution may use.
    var isStackLow: Bool { sheath_stack_address() < state.pointee.stackLimit }

    /// Sets the lowest address of the calling thread's stack a resolution may use: its lowest
    /// address plus `margin(stackSize)`, when the thread's stack bounds can be known.
    func limitStack(keepingFree margin: (UInt) -> UInt) {
      var low: UInt = 0
      var high: UInt = 0
      if sheath_thread_stack_bounds(&low, &high) { state.pointee.stackLimit = low + margin(high - low) }
    }

    /// The depth at which a push next scans for a cycle.
    var nextCycleCheck: Int {
      get { state.pointee.nextCycleCheck }
      nonmutating set {
        state.pointee.nextCycleCheck = newValue
        updateSlowDepth()
      }
    }

    /// What records every push, if anything.
    var tracer: ResolutionTrace.Recorder? {
      get { state.pointee.tracer.map { Unmanaged<ResolutionTrace.Recorder>.fromOpaque($0).takeUnretainedValue() } }
      nonmutating set {
        state.pointee.tracer = newValue.map { UnsafeMutableRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        updateSlowDepth()
      }
    }

    /// Makes the fast push hand over at the next cycle scan or a full buffer, or at once while a
    /// tracer records.
    func updateSlowDepth() {
      state.pointee.slowDepth =
        state.pointee.tracer == nil ? min(state.pointee.capacity, state.pointee.nextCycleCheck) : 0
    }

    subscript(index: Int) -> (key: Keys, lifetime: LifetimeKind) {
      let frame = state.pointee.frames.unsafelyUnwrapped[index]
      return (Unmanaged<Keys>.fromOpaque(frame.key).takeUnretainedValue(), LifetimeKind(code: frame.lifetime))
    }

    /// The keys, outermost first.
    var keys: [Keys] { (0..<count).map { self[$0].key } }

    /// Stops unless the state holds together: the pushed frames fit the buffer, a thread that
    /// resolved has one, and the fast push hands over where the checks asked — at the next cycle
    /// scan or a full buffer, at once while a tracer records. The checks call it after each slow push
    /// in debug builds and with `-DSHEATH_INTERNAL_CHECKS`; tests call it in any build.
    func checkInvariants() {
      let state = state.pointee
      precondition(state.count >= 0 && state.count <= state.capacity, "frames: \(state.count) in \(state.capacity)")
      precondition(state.capacity == 0 || state.frames != nil, "frames: a capacity of \(state.capacity) and no buffer")
      let handOver = state.tracer == nil ? min(state.capacity, state.nextCycleCheck) : 0
      precondition(
        state.slowDepth == handOver, "frames: the fast push hands over at \(state.slowDepth), not \(handOver)")
    }
  }
}

extension LifetimeKind {
  /// The lifetime as a frame stores it: 0 transient, 1 singleton, 2 weak, 3 per-resolution, 4 + n
  /// scoped to scope n.
  @inlinable @inline(__always)
  var code: Int {
    switch self {
    case .transient: 0
    case .singleton: 1
    case .weak: 2
    case .perResolution: 3
    case .scoped(let scope): 4 + scope.id
    }
  }

  init(code: Int) {
    switch code {
    case 0: self = .transient
    case 1: self = .singleton
    case 2: self = .weak
    case 3: self = .perResolution
    default: self = .scoped(Scope(id: code - 4))
    }
  }
}

extension ResolutionStack {
  /// The per-resolution instances of the resolution in progress on this thread, made by the first key
  /// that needs them: inside an async factory, its async resolution's.
  static func resolutionInstances(_ entered: Entered) -> ResolutionInstances {
    let state = entered.state
    if let instances = state.pointee.resolutionInstances {
      return Unmanaged<ResolutionInstances>.fromOpaque(instances).takeUnretainedValue()
    }
    let instances = AsyncTrail.current?.resolutionInstances ?? ResolutionInstances()
    state.pointee.resolutionInstances = Unmanaged.passRetained(instances).toOpaque()
    return instances
  }

  /// Releases the per-resolution instances of the resolution on this thread, if the key just popped
  /// was its outermost.
  @usableFromInline @inline(never)
  static func endResolution(_ state: UnsafeMutablePointer<SheathResolutionState>) {
    guard state.pointee.count == 0, let instances = state.pointee.resolutionInstances else { return }
    // Cleared first: releasing an instance may run a deinit that resolves.
    state.pointee.resolutionInstances = nil
    Unmanaged<ResolutionInstances>.fromOpaque(instances).release()
  }
}
