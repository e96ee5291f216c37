import Foundation

/// A value resolved on first use and kept after that.
///
/// Inject a `Lazy` to defer building something expensive until it is needed, or to break a
/// dependency cycle between two keys:
///
/// ```swift
/// static let profileData = Key<any ProfileDataControlling>(.singleton) { r in
///   ProfileDataController(api: r.lazy(.userAPI))     // resolved when first used, not now
/// }
///
/// let user = try await api.value.user("octocat")
/// ```
///
/// The first ``value`` resolves the key once, even when several threads ask at the same time; no lock
/// is held while the key's factory runs.
public final class Lazy<Value> {
  private enum State {
    case pending
    case resolving(thread: UInt)
    case resolved(Value)
  }

  private let provider: Provider<Value>
  private let condition = NSCondition()
  private var state = State.pending

  /// Creates a lazy value that resolves `provider` on first use.
  ///
  /// - Parameter provider: What to resolve.
  public init(_ provider: Provider<Value>) {
    self.provider = provider
  }

  /// The value, resolved on first use.
  public var value: Value {
    let me = currentThreadID()
    condition.lock()
    while true {
      switch state {
      case .resolved(let value):
        condition.unlock()
        return value
      case .resolving(let thread) where thread == me:
        // Asked for again while resolving it: a cycle. Resolve again; the provider reports the cycle.
        condition.unlock()
        return provider()
      case .resolving:
        condition.wait()
      case .pending:
        state = .resolving(thread: me)
        condition.unlock()
        let value = provider()
        condition.lock()
        state = .resolved(value)
        condition.broadcast()
        condition.unlock()
        return value
      }
    }
  }
}

// @unchecked: `state` is only accessed under `condition`; the value is shared, so it must be Sendable.
extension Lazy: @unchecked Sendable where Value: Sendable {}
