/// What a resolution carries down into the factories it runs: how deep it is, and — only once it is
/// suspiciously deep — the keys it went through.
///
/// Cycle detection must not show in the benchmarks, so the common case is a counter: a resolution
/// nested more than ``suspicionDepth`` deep starts recording a trail of keys, and a key that appears
/// twice in the trail is a cycle, reported with its path. A real graph rarely nests a dozen deep; a
/// cycle reaches the threshold within microseconds, long before the stack runs out.
struct ResolutionContext: Sendable {
  /// How deep a resolution may nest before Sheath records its path to look for a cycle.
  static let suspicionDepth = 64

  /// A resolution that starts at a graph or a ``Provider``.
  static let root = ResolutionContext(depth: 0, trail: nil)

  let depth: Int
  let trail: Trail?

  /// The context for the factory of `key`, resolved from this one.
  @inline(__always)
  func entering(_ key: Keys) -> ResolutionContext {
    if trail == nil && depth < Self.suspicionDepth {
      return ResolutionContext(depth: depth &+ 1, trail: nil)
    }
    return enteringWithTrail(key)
  }

  private func enteringWithTrail(_ key: Keys) -> ResolutionContext {
    if let cycle = trail?.cycle(closingAt: key) {
      ResolutionFailure.cycle(cycle).trap()
    }
    return ResolutionContext(depth: depth + 1, trail: Trail(key, previous: trail))
  }

  /// This context, recording its path from `key` on: used when a shared instance is asked for again
  /// while it is being built on this thread, so the rebuild can name the cycle.
  func tracing(from key: Keys) -> ResolutionContext {
    trail == nil ? ResolutionContext(depth: depth, trail: Trail(key, previous: nil)) : self
  }
}

/// The keys a suspicious resolution went through, newest first.
final class Trail: Sendable {
  let key: Keys
  let previous: Trail?

  init(_ key: Keys, previous: Trail?) {
    self.key = key
    self.previous = previous
  }

  /// The cycle `key → … → key` if `key` is already on the trail.
  func cycle(closingAt key: Keys) -> [Keys]? {
    var since: [Keys] = []
    var node: Trail? = self
    while let current = node {
      if current.key === key { return [key] + Array(since.reversed()) + [key] }
      since.append(current.key)
      node = current.previous
    }
    return nil
  }
}
