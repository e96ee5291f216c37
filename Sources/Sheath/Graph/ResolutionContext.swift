/// What a resolution carries down into the factories it runs: how deep it is, and — once it is
/// suspiciously deep, or while verifying — the keys it went through.
///
/// Cycle detection must not show in the benchmarks, so the common case is a counter: a resolution
/// nested more than ``suspicionDepth`` deep starts recording a trail of keys, and a key that appears
/// twice in the trail is a cycle, reported with its path. A real graph rarely nests a dozen deep; a
/// cycle reaches the threshold within microseconds, long before the stack runs out.
///
/// `Graph.verify()` resolves with a trail from the start, whose root carries the ``Verification``
/// that records every edge and problem instead of stopping the program.
struct ResolutionContext: Sendable {
  /// How deep a resolution may nest before Sheath records its path to look for a cycle.
  static let suspicionDepth = 64

  /// A resolution that starts at a graph or a ``Provider``.
  static let root = ResolutionContext(depth: 0, trail: nil)

  let depth: Int
  let trail: Trail?

  /// The context for the factory of `key`, bound with `lifetime`, resolved from this one.
  @inline(__always)
  func entering(_ key: Keys, _ lifetime: LifetimeKind) -> ResolutionContext {
    if trail == nil && depth < Self.suspicionDepth {
      return ResolutionContext(depth: depth &+ 1, trail: nil)
    }
    return enteringWithTrail(key, lifetime)
  }

  private func enteringWithTrail(_ key: Keys, _ lifetime: LifetimeKind) -> ResolutionContext {
    if let cycle = trail?.cycle(closingAt: key) {
      fail(.cycle(cycle))
    }
    let next = Trail(key, lifetime, previous: trail)
    next.recorder?.entered(next)
    return ResolutionContext(depth: depth + 1, trail: next)
  }

  /// This context, recording its path from `key` on: used when a shared instance is asked for again
  /// while it is being built on this thread, so the rebuild can name the cycle.
  func tracing(from key: Keys, _ lifetime: LifetimeKind) -> ResolutionContext {
    trail == nil ? ResolutionContext(depth: depth, trail: Trail(key, lifetime, previous: nil)) : self
  }

  /// Reports a mistake that leaves the resolution without a value: stops the program, or, while
  /// verifying, records it and abandons this verification probe.
  func fail(_ failure: ResolutionFailure) -> Never {
    if let trail, let recorder = trail.recorder {
      // A missing key fails before it is entered: end its path with it.
      let missing: [Keys] = if case .missingBinding(let key) = failure { [key] } else { [] }
      recorder.abandon(failure, path: trail.path + missing)
    }
    failure.trap()
  }

  /// The verification recording this resolution, if any.
  var recorder: Verification? { trail?.recorder }
}

/// The keys a traced resolution went through, newest first.
final class Trail: Sendable {
  /// The key entered, or `nil` for the root of a verification probe.
  let key: Keys?
  let lifetime: LifetimeKind
  let previous: Trail?
  /// The verification this resolution records into, inherited from the root.
  let recorder: Verification?

  init(_ key: Keys, _ lifetime: LifetimeKind, previous: Trail?) {
    self.key = key
    self.lifetime = lifetime
    self.previous = previous
    self.recorder = previous?.recorder
  }

  /// The root of a verification probe's trail.
  init(recordingInto recorder: Verification) {
    self.key = nil
    self.lifetime = .transient
    self.previous = nil
    self.recorder = recorder
  }

  /// The cycle `key → … → key` if `key` is already on the trail.
  func cycle(closingAt key: Keys) -> [Keys]? {
    // Walk without allocating; a deep legitimate chain checks every level, so only a found cycle
    // builds its path.
    var node: Trail? = self
    while let current = node, let currentKey = current.key {
      if currentKey === key {
        var since: [Keys] = []
        var step: Trail? = self
        while let inner = step, inner !== current {
          if let innerKey = inner.key { since.append(innerKey) }
          step = inner.previous
        }
        return [key] + Array(since.reversed()) + [key]
      }
      node = current.previous
    }
    return nil
  }

  /// The keys from the first entered to this one.
  var path: [Keys] {
    var keys: [Keys] = []
    var node: Trail? = self
    while let current = node {
      if let key = current.key { keys.append(key) }
      node = current.previous
    }
    return keys.reversed()
  }
}
