import Foundation

/// The async keys a resolution went through, newest first, and the builds among them.
///
/// Factories receive theirs in their ``AsyncResolver``. It is also the task's ``current`` trail while
/// a factory runs, so that a factory that resolves through a graph it reached some other way — the
/// ambient `Graph.current`, a graph it captured — still has its cycles found instead of waiting for
/// itself forever.
final class AsyncTrail: Sendable {
  /// The trail of the factory running in this task, if any.
  @TaskLocal static var current: AsyncTrail?

  /// The innermost build in progress on a trail, and the keys from it to the trail's end.
  typealias Requester = (build: AnyAsyncBuild, via: [Keys])

  let key: Keys
  let lifetime: LifetimeKind
  let build: AnyAsyncBuild?
  let depth: Int
  let previous: AsyncTrail?

  /// The per-resolution instances of the resolution this trail is the first node of, made when the
  /// first such key is resolved; `nil` on every other node, and until then. Read and written holding
  /// ``resolutionInstancesLock``.
  private nonisolated(unsafe) var ownResolutionInstances: ResolutionInstances?
  private static let resolutionInstancesLock = NSLock()

  init(_ key: Keys, _ lifetime: LifetimeKind, build: AnyAsyncBuild?, previous: AsyncTrail?) {
    self.key = key
    self.lifetime = lifetime
    self.build = build
    self.depth = (previous?.depth ?? 0) + 1
    self.previous = previous
  }

  /// The trail for a transient key's factory. Transient factories that resolve each other nest
  /// forever rather than wait, so, as for synchronous keys, the trail is scanned for a repeated key
  /// when it is ``ResolutionStack/cycleCheckDepth`` deep and at every doubling: linear in the depth.
  static func entering(_ key: Keys, from trail: AsyncTrail?) -> AsyncTrail {
    let next = AsyncTrail(key, .transient, build: nil, previous: trail)
    if next.depth >= ResolutionStack.cycleCheckDepth, next.depth & (next.depth - 1) == 0,
      let cycle = ResolutionStack.firstCycle(in: next.path)
    {
      ResolutionStack.stop(.cycle(cycle))
    }
    return next
  }

  /// The per-resolution instances of the async resolution this trail belongs to: its first node's,
  /// which every task the resolution starts reaches through its trail.
  var resolutionInstances: ResolutionInstances {
    var first = self
    while let previous = first.previous { first = previous }
    Self.resolutionInstancesLock.lock()
    defer { Self.resolutionInstancesLock.unlock() }
    if let instances = first.ownResolutionInstances { return instances }
    let instances = ResolutionInstances()
    first.ownResolutionInstances = instances
    return instances
  }

  /// The innermost build on this trail, and the keys from it to here.
  var requester: Requester? {
    var via: [Keys] = []
    var node: AsyncTrail? = self
    while let current = node {
      via.append(current.key)
      if let build = current.build { return (build, Array(via.reversed())) }
      node = current.previous
    }
    return nil
  }

  /// The keys and lifetimes from the first entered to this one.
  var frames: [(key: Keys, lifetime: LifetimeKind)] {
    var frames: [(key: Keys, lifetime: LifetimeKind)] = []
    var node: AsyncTrail? = self
    while let current = node {
      frames.append((current.key, current.lifetime))
      node = current.previous
    }
    return frames.reversed()
  }

  /// The last `count` keys of ``path``, outermost first.
  func innermostPath(_ count: Int) -> [Keys] {
    var keys: [Keys] = []
    var node: AsyncTrail? = self
    while let current = node, keys.count < count {
      keys.append(current.key)
      node = current.previous
    }
    return keys.reversed()
  }

  /// The keys from the first entered to this one.
  var path: [Keys] {
    var keys: [Keys] = []
    var node: AsyncTrail? = self
    while let current = node {
      keys.append(current.key)
      node = current.previous
    }
    return keys.reversed()
  }
}
