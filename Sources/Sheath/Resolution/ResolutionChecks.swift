/// What a resolution checks as it goes, on every thread, and what it reports: the policy of the
/// thread's ``ResolutionStack`` (Runtime/ResolutionStack.swift), whose push calls it only past the
/// thresholds set here.
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
/// The other places that find cycles each find them in what only they see: ``GraphCheck`` in the
/// declared graph before anything runs, ``BuildCoordinator`` among threads waiting for each other's
/// builds, ``AsyncTrail`` among tasks. Each reports through ``ResolutionFailure``.
extension ResolutionStack {
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

  /// The push when something needs a closer look: the first resolution on this thread, a full
  /// buffer, a scan for a cycle, a stack running low, or a trace recording every factory run.
  ///
  /// A stack running low is looked at first, in a frame kept small: the stop it leads to waits here
  /// for a thread with room, and the frames below this one are all the stack it has.
  @usableFromInline
  static func enterSlowly(
    _ frames: ThreadFrames, _ key: Keys, _ lifetime: LifetimeKind, _ binding: AnyBinding, _ graph: Graph
  ) {
    if frames.count < frames.capacity, frames.isStackLow {
      frames.push(key, lifetime)
      stopRunningLow(frames)
    }
    enterChecking(frames, key, lifetime, binding, graph)
  }

  private static func enterChecking(
    _ frames: ThreadFrames, _ key: Keys, _ lifetime: LifetimeKind, _ binding: AnyBinding, _ graph: Graph
  ) {
    if !frames.isStarted { start(frames) }
    let depth = frames.count
    if depth >= frames.capacity, !frames.reserve(frames.capacity * 2) {
      stop(.tooDeep(depth: depth + 1, path: frames.keys + [key]))
    }
    frames.push(key, lifetime)
    if frames.isStackLow { stopRunningLow(frames) }
    if depth + 1 >= frames.nextCycleCheck {
      if let cycle = firstCycle(in: frames.keys) { stop(.cycle(cycle)) }
      frames.nextCycleCheck *= 2
    }
    frames.tracer?.record(key, lifetime, binding, graph, depth: depth)
    frames.updateSlowDepth()
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      frames.checkInvariants()
    #endif
  }

  /// Stops a resolution about to run out of stack: with the cycle on its path, if it has one, or
  /// with its depth.
  ///
  /// The path is read and the message built on a thread with an ample stack, while this one waits:
  /// the first use of a generic type alone costs the Swift runtime kilobytes of stack, which this
  /// thread may not have.
  private static func stopRunningLow(_ frames: ThreadFrames) -> Never {
    func failure() -> ResolutionFailure {
      let keys = frames.keys
      return firstCycle(in: keys).map(ResolutionFailure.cycle) ?? .tooDeep(depth: keys.count, path: keys)
    }
    // The frames are this thread's, read while it waits.
    withAmpleStack { stop(failure()) }
  }

  /// Sets up a thread's first resolution: its frames, and how low its stack may go.
  private static func start(_ frames: ThreadFrames) {
    guard frames.reserve(64) else {
      fatalError("Sheath: out of memory for the resolution stack")
    }
    frames.nextCycleCheck = cycleCheckDepth
    frames.limitStack(keepingFree: stackMargin(stackSize:))
  }

  /// Makes every push on this thread report to `tracer` while `body` runs.
  static func tracing<Result>(into tracer: ResolutionTrace.Recorder, _ body: () throws -> Result) rethrows -> Result {
    let frames = ThreadFrames.current
    if !frames.isStarted { start(frames) }
    let previous = frames.tracer
    tracer.baseDepth = frames.count
    frames.tracer = tracer
    defer { frames.tracer = previous }
    return try body()
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
