/// A function that builds an assisted key's value from its argument, resolving the rest from the graph
/// it came from.
///
/// Inject one where an object creates values later — a navigator that makes each screen's view model:
///
/// ```swift
/// let makeProfile: AssistedFactory<any ProfileView, ProfileViewModel> =
///   r[.profileViewModel]
/// let viewModel = makeProfile(view)
/// ```
///
/// Like a ``Provider``, one made by a shared instance's factory does not keep the graph alive.
public struct AssistedFactory<Argument, Value>: Sendable {
  @usableFromInline let resolver: Resolver
  @usableFromInline let key: AssistedKey<Argument, Value>

  @inlinable
  init(resolver: Resolver, key: AssistedKey<Argument, Value>) {
    self.resolver = resolver
    self.key = key
  }

  /// Builds a new value for `argument`.
  ///
  /// - Parameters:
  ///   - argument: The caller-supplied argument.
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: A new value.
  @inlinable
  public func callAsFunction(_ argument: Argument, fileID: StaticString = #fileID, line: UInt = #line) -> Value {
    resolver.make(key, argument, fileID: fileID, line: line)
  }
}

/// A function that builds a ``MainActorAssistedKey``'s value from its argument on the main actor,
/// resolving the rest from the graph it came from.
///
/// Inject one where a main-actor object creates values later — a navigator that makes each screen's
/// view model:
///
/// ```swift
/// let makeProfile: MainActorAssistedFactory<
///   any ProfileView, ProfileViewModel
/// > = r[.profileViewModel]
/// let viewModel = makeProfile(view)
/// ```
///
/// It is `Sendable` because it is isolated to the main actor: it can be stored anywhere, and called
/// only on the main actor.
@MainActor
public struct MainActorAssistedFactory<Argument, Value>: Sendable {
  let resolver: Resolver
  let key: MainActorAssistedKey<Argument, Value>

  nonisolated init(resolver: Resolver, key: MainActorAssistedKey<Argument, Value>) {
    self.resolver = resolver
    self.key = key
  }

  /// Builds a new value for `argument`.
  ///
  /// - Parameters:
  ///   - argument: The caller-supplied argument.
  ///   - fileID: The file a stop names when the call itself fails (the graph was released, the key
  ///     has no binding); the caller's unless you pass another.
  ///   - line: The line a stop names, likewise.
  /// - Returns: A new value.
  public func callAsFunction(_ argument: Argument, fileID: StaticString = #fileID, line: UInt = #line) -> Value {
    MainActorResolver(resolver).make(key, argument, fileID: fileID, line: line)
  }
}
