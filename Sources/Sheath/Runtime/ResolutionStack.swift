import CSheathRuntime

/// The keys the calling thread is resolving right now, outermost first: one stack per thread that
/// every way into a graph pushes onto.
///
/// A factory's resolver, a graph the factory captured, `@Inject`, a ``Provider`` or ``Lazy`` called
/// later — all of them resolve on the calling thread, so all of them meet the same checks:
///
/// - **Cycles.** A shared instance asked for again while this thread builds it is a cycle, found at
///   once (the build coordinator says so). A transient key that needs itself nests without end; the
///   stack is scanned for a repeated key when it is ``cycleCheckDepth`` deep, then at every doubling,
///   and when the thread's stack runs low — linear in the depth, and free below it. The cycle is
///   reported from the key the resolution entered first, so the same cycle gives the same message in
///   every run.
/// - **Depth.** Before the thread's stack runs out (measured, not guessed), the resolution stops with
///   a message naming its path, instead of a bare signal.
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

  /// The depth of the first scan for a repeated key. A real graph rarely nests a dozen deep, and a
  /// chain this long costs nothing to check; a cycle reaches it within microseconds.
  static let cycleCheckDepth = 1024

  /// How much of its stack a thread keeps free: a resolution that would go deeper stops with a
  /// message. A quarter of the stack, at most 256 KiB: room for a factory's frames, the keys it
  /// reads, a stop's start — a stop builds and prints its message on a thread of its own when this
  /// one's stack is short (see ``withAmpleStack(_:)``) — and the signal handler the Swift runtime's
  /// crash reporter runs on every thread while that stop ends the program.
  static func stackMargin(stackSize: UInt) -> UInt {
    min(256 << 10, stackSize / 4)
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
      enterSlowly(state, key, lifetime, binding, graph)
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

  /// The push when something needs a closer look: the first resolution on this thread, a full
  /// buffer, a scan for a cycle, a stack running low, or a trace recording every factory run.
  ///
  /// A stack running low is looked at first, in a frame kept small: the stop it leads to waits here
  /// for a thread with room, and the frames below this one are all the stack it has.
  @usableFromInline
  static func enterSlowly(
    _ state: UnsafeMutablePointer<SheathResolutionState>, _ key: Keys, _ lifetime: LifetimeKind,
    _ binding: AnyBinding, _ graph: Graph
  ) {
    let depth = state.pointee.count
    if depth < state.pointee.capacity, sheath_stack_address() < state.pointee.stackLimit {
      state.pointee.frames.unsafelyUnwrapped[depth] = SheathFrame(
        key: UnsafeRawPointer(Unmanaged.passUnretained(key).toOpaque()), lifetime: lifetime.code)
      state.pointee.count = depth + 1
      stopRunningLow(state)
    }
    enterChecking(state, key, lifetime, binding, graph)
  }

  private static func enterChecking(
    _ state: UnsafeMutablePointer<SheathResolutionState>, _ key: Keys, _ lifetime: LifetimeKind,
    _ binding: AnyBinding, _ graph: Graph
  ) {
    if state.pointee.capacity == 0 { start(state) }
    let depth = state.pointee.count
    if depth >= state.pointee.capacity, !sheath_resolution_state_reserve(state, state.pointee.capacity * 2) {
      stop(.tooDeep(depth: depth + 1, path: path(state) + [key]))
    }
    state.pointee.frames.unsafelyUnwrapped[depth] = SheathFrame(
      key: UnsafeRawPointer(Unmanaged.passUnretained(key).toOpaque()), lifetime: lifetime.code)
    state.pointee.count = depth + 1
    if sheath_stack_address() < state.pointee.stackLimit { stopRunningLow(state) }
    if depth + 1 >= state.pointee.nextCycleCheck {
      if let cycle = firstCycle(in: path(state)) { stop(.cycle(cycle)) }
      state.pointee.nextCycleCheck *= 2
    }
    if let tracer = state.pointee.tracer {
      Unmanaged<ResolutionTrace.Recorder>.fromOpaque(tracer).takeUnretainedValue()
        .record(key, lifetime, binding, graph, depth: depth)
    }
    updateSlowDepth(state)
  }

  /// Stops a resolution about to run out of stack: with the cycle on its path, if it has one, or
  /// with its depth.
  ///
  /// The path is read and the message built on a thread with an ample stack, while this one waits:
  /// the first use of a generic type alone costs the Swift runtime kilobytes of stack, which this
  /// thread may not have.
  private static func stopRunningLow(_ state: UnsafeMutablePointer<SheathResolutionState>) -> Never {
    func failure() -> ResolutionFailure {
      let keys = path(state)
      return firstCycle(in: keys).map(ResolutionFailure.cycle) ?? .tooDeep(depth: keys.count, path: keys)
    }
    // The frames are this thread's, read through `state` while it waits.
    withAmpleStack { stop(failure()) }
  }

  /// Sets up a thread's first resolution: its frames, and how low its stack may go.
  private static func start(_ state: UnsafeMutablePointer<SheathResolutionState>) {
    guard sheath_resolution_state_reserve(state, 64) else {
      fatalError("Sheath: out of memory for the resolution stack")
    }
    state.pointee.nextCycleCheck = cycleCheckDepth
    var low: UInt = 0
    var high: UInt = 0
    if sheath_thread_stack_bounds(&low, &high) {
      state.pointee.stackLimit = low + stackMargin(stackSize: high - low)
    }
  }

  private static func updateSlowDepth(_ state: UnsafeMutablePointer<SheathResolutionState>) {
    state.pointee.slowDepth =
      state.pointee.tracer == nil ? min(state.pointee.capacity, state.pointee.nextCycleCheck) : 0
  }

  /// Makes every push on this thread report to `tracer` while `body` runs.
  static func tracing<Result>(into tracer: ResolutionTrace.Recorder, _ body: () throws -> Result) rethrows -> Result {
    let state = sheath_resolution_state()
    if state.pointee.capacity == 0 { start(state) }
    let previous = state.pointee.tracer
    tracer.baseDepth = state.pointee.count
    state.pointee.tracer = UnsafeMutableRawPointer(Unmanaged.passUnretained(tracer).toOpaque())
    updateSlowDepth(state)
    defer {
      state.pointee.tracer = previous
      updateSlowDepth(state)
    }
    return try body()
  }

  // MARK: Reading the stack

  /// The keys on the calling thread's stack, outermost first.
  static var currentPath: [Keys] { path(sheath_resolution_state()) }

  /// The keys on the calling thread's stack with their lifetimes, outermost first.
  static var currentFrames: [(key: Keys, lifetime: LifetimeKind)] {
    let frames = Frames(state: sheath_resolution_state())
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
      let total = Frames(state: state).count
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

  static func path(_ state: UnsafeMutablePointer<SheathResolutionState>) -> [Keys] {
    Frames(state: state).keys
  }

  /// A thread's frames, read in place.
  struct Frames {
    let state: UnsafeMutablePointer<SheathResolutionState>

    var count: Int { state.pointee.frames == nil ? 0 : state.pointee.count }

    subscript(index: Int) -> (key: Keys, lifetime: LifetimeKind) {
      let frame = state.pointee.frames.unsafelyUnwrapped[index]
      return (Unmanaged<Keys>.fromOpaque(frame.key).takeUnretainedValue(), LifetimeKind(code: frame.lifetime))
    }

    /// The keys, outermost first.
    var keys: [Keys] { (0..<count).map { self[$0].key } }
  }

  /// The first repeated key's cycle, `key → … → key`, from its first occurrence: the cycle's key the
  /// resolution entered first.
  static func firstCycle(in path: [Keys]) -> [Keys]? {
    var firstIndex: [ObjectIdentifier: Int] = [:]
    for (index, key) in path.enumerated() {
      if let first = firstIndex[ObjectIdentifier(key)] { return Array(path[first...index]) }
      firstIndex[ObjectIdentifier(key)] = index
    }
    return nil
  }

  /// The cycle that asking for `key` again closes, shown from the member this thread's resolution
  /// entered first.
  static func cycle(reentering key: Keys) -> [Keys] {
    let keys = currentPath
    guard let first = keys.firstIndex(where: { $0 === key }) else { return [key, key] }
    return rotated(Array(keys[first...]) + [key], toFirstOf: keys)
  }

  // MARK: Failing

  /// The keys of the resolution in progress, outermost first: the task's async keys, when an async
  /// factory is running, then the thread's.
  static var fullPath: [Keys] {
    (AsyncTrail.current?.path ?? []) + currentPath
  }

  /// Reports a mistake that leaves the resolution without a value: stops the program, naming `site`
  /// when there is one.
  static func stop(_ failure: ResolutionFailure, at site: CallSite? = nil) -> Never {
    guard let site else { failure.trap() }
    failure.trap(file: site.fileID, line: site.line)
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

/// The threads' buffers of resolution frames, counted for the tests of the thread-exit path.
package enum ResolutionFrameBuffers {
  /// How many threads hold a buffer of frames now: one is allocated on a thread's first resolution,
  /// and freed, by a thread-exit destructor, when the thread ends.
  package static var live: Int { sheath_frame_buffers_live() }
}
