/// Resolves a key each time it is called: a new value for a transient key, the shared one otherwise.
///
/// Inject a provider where an object needs fresh values over its life, or to break a dependency
/// cycle — nothing is resolved until the provider is called:
///
/// ```swift
/// static let session = Key<Session>(.singleton) { r in Session(makeRequest: r.provider(.request)) }
///
/// let request = session.makeRequest()   // a new Request each call
/// ```
///
/// A provider keeps its graph alive. A shared instance that holds a provider of its own graph keeps
/// that graph alive too; prefer ``Lazy`` or resolving up front in instances scoped to a child graph.
public struct Provider<Value>: Sendable {
  let resolver: Resolver
  let key: Key<Value>

  /// Resolves the key.
  ///
  /// - Returns: The key's value, built or shared as its lifetime says.
  public func callAsFunction() -> Value {
    resolver[key]
  }
}
