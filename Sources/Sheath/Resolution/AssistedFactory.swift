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
  @usableFromInline let reference: _GraphReference
  @usableFromInline let key: AssistedKey<Argument, Value>

  @inlinable
  init(reference: _GraphReference, key: AssistedKey<Argument, Value>) {
    self.reference = reference
    self.key = key
  }

  /// Builds a new value for `argument`.
  ///
  /// - Parameter argument: The caller-supplied argument.
  /// - Returns: A new value.
  @inlinable
  public func callAsFunction(_ argument: Argument) -> Value {
    reference.make(key, argument)
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
  let reference: _GraphReference
  let key: MainActorAssistedKey<Argument, Value>

  nonisolated init(reference: _GraphReference, key: MainActorAssistedKey<Argument, Value>) {
    self.reference = reference
    self.key = key
  }

  /// Builds a new value for `argument`.
  ///
  /// - Parameter argument: The caller-supplied argument.
  /// - Returns: A new value.
  public func callAsFunction(_ argument: Argument) -> Value {
    reference.make(key, argument)
  }
}
