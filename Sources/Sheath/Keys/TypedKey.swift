/// A key whose values are `Value`s: the common base of every kind of key that modules bind, and what
/// main-actor and async factories declare as dependencies.
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
/// An ``AsyncKey`` declares `TypedKey`s too, and awaits an async key's value as directly:
/// `AsyncKey(.singleton, .database) { database in Repository(database) }`.
///
/// The graph checks the edges as it checks every declared edge — missing bindings, cycles and
/// captive dependencies, with their paths — and one more thing the types cannot: a main-actor factory
/// takes the value of a ``Key`` or a ``MainActorKey``, and an async factory the value of a ``Key`` or
/// an ``AsyncKey``, not of a key that needs an argument, that must be awaited where the factory cannot
/// wait, or that lives on the main actor where the factory does not run. Declare an ``AssistedKey``'s
/// or a ``MainActorAssistedKey``'s `.factory`, or the other key's `.provider`: `Graph(modules:)`
/// reports any other such dependency, with the fix, before a factory runs.
///
/// A ``Key``'s and an ``AssistedKey``'s factories declare ``Key``s, so a nonisolated synchronous
/// factory can never take a main-actor or an async value: the compiler says so.
public class TypedKey<Value>: Keys, @unchecked Sendable {
  // @unchecked: immutable, as `Keys` is; it adds nothing but its type, which carries `Value`.

  /// This key's value for a main-actor factory that declared it, when it is not a plain key (see
  /// ``MainActorResolver/declared(_:fileID:line:)``): what a ``MainActorKey`` gives. Any other kind of
  /// key here got past the graph's check (see ``UnusableDependency``), which would be a bug in it: it
  /// stops with the check's message. `package` so that a test can pin that stop's text.
  @MainActor @usableFromInline
  package func value(forMainActorFactory r: MainActorResolver, fileID: StaticString, line: UInt) -> Value {
    ResolutionStack.stop(.unusableDependency(self, declaredBy: .mainActor), at: CallSite(fileID: fileID, line: line))
  }

  /// This key's value for an async factory that declared it, when it is not a plain key: what an
  /// ``AsyncKey`` gives. Any other kind of key stops, as above.
  @usableFromInline
  package func value(forAsyncFactory r: AsyncResolver, fileID: StaticString, line: UInt) async throws -> Value {
    ResolutionStack.stop(.unusableDependency(self, declaredBy: .async), at: CallSite(fileID: fileID, line: line))
  }
}

extension MainActorResolver {
  /// The value of a main-actor factory's declared dependency: a plain key's through the subscript, as
  /// before dependencies could be main-actor keys; any other kind's as that kind resolves itself.
  @inlinable @inline(__always)
  func declared<Value>(_ key: TypedKey<Value>, fileID: StaticString, line: UInt) -> Value {
    guard key.kind == .plain else { return key.value(forMainActorFactory: self, fileID: fileID, line: line) }
    // A plain key is a `Key` or one of its subclasses: no other module can subclass `BindableKey`.
    return self[unsafeDowncast(key, to: Key<Value>.self), fileID: fileID, line: line]
  }
}

extension AsyncResolver {
  /// The value of an async factory's declared dependency: a plain key's through the subscript, with no
  /// async call; any other kind's as that kind resolves itself, awaited.
  @inlinable @inline(__always)
  func declared<Value>(_ key: TypedKey<Value>, fileID: StaticString, line: UInt) async throws -> Value {
    guard key.kind == .plain else { return try await key.value(forAsyncFactory: self, fileID: fileID, line: line) }
    // As above.
    return self[unsafeDowncast(key, to: Key<Value>.self), fileID: fileID, line: line]
  }
}

/// The kinds of keys a module binds, one per key class.
@usableFromInline
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
