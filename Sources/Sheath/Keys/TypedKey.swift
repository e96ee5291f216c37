/// A key whose values are `Value`s: the common base of every kind of key that modules bind, and what
/// a main-actor factory declares as a dependency.
///
/// You never create one directly, and rarely name it. A ``MainActorKey`` or
/// ``MainActorAssistedKey`` declares its dependencies as `TypedKey`s, so that a main-actor factory can
/// take a main-actor value as directly as a nonisolated one:
///
/// ```swift
/// extension Keys {
///   static var profilePresenter: MainActorKey<ProfilePresenter> {
///     MainActorKey(.transient) { ProfilePresenter() }
///   }
///   static var profileViewModel: MainActorKey<ProfileViewModel> {
///     // a nonisolated data controller and a main-actor presenter
///     MainActorKey(.transient, .followersData, .profilePresenter) {
///       data, presenter in
///       ProfileViewModel(data: data, presenter: presenter)
///     }
///   }
/// }
/// ```
///
/// The graph checks the edges as it checks every declared edge — missing bindings, cycles and
/// captive dependencies, with their paths — and one more thing the types cannot: a main-actor factory
/// takes the value of a ``Key`` or a ``MainActorKey``, not of a key that needs an argument or must be
/// awaited. Declare an ``AssistedKey``'s or a ``MainActorAssistedKey``'s `.factory`, or an
/// ``AsyncKey``'s `.provider`; `Graph(modules:)` reports any other such dependency, with the fix, before
/// a factory runs.
///
/// A ``Key``'s and an ``AsyncKey``'s factories declare ``Key``s, so a nonisolated factory can never take
/// a main-actor value: the compiler says so.
public class TypedKey<Value>: Keys, @unchecked Sendable {
  // @unchecked: immutable, as `Keys` is; it adds nothing but its type, which carries `Value`.
}

/// The kinds of keys a module binds, one per key class.
enum KeyKind: Sendable {
  /// ``Key`` and its subclasses: ``CollectionKey``, ``MapKey``, the child graph keys.
  case plain
  /// ``AssistedKey``.
  case assisted
  /// ``MainActorKey``.
  case mainActor
  /// ``MainActorAssistedKey``.
  case mainActorAssisted
  /// ``AsyncKey``.
  case async

  /// Where the key's factories run.
  var isolation: KeyIsolation {
    switch self {
    case .plain, .assisted: .nonisolated
    case .mainActor, .mainActorAssisted: .mainActor
    case .async: .async
    }
  }
}
