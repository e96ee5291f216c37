/// A main-actor key whose value is built with an argument the caller supplies: a view model built with
/// its view, on the main actor.
///
/// The main-actor counterpart of ``AssistedKey``: the factory is `@MainActor`, so the argument and the
/// value need not be `Sendable`, and only main-actor code can make one.
///
/// ```swift
/// extension Keys {
///   static let profileViewModel = MainActorAssistedKey<any ProfileView, ProfileViewModel> { r, view in
///     ProfileViewModel(view: view, data: r[.followersData], presenter: r[.presenter])
///   }
/// }
///
/// @MainActor func show(_ view: ProfileViewController, in flow: Graph) {
///   view.viewModel = flow.make(.profileViewModel, view)
///   let makeViewModel = flow[.profileViewModel]     // a MainActorAssistedFactory to call later
/// }
/// ```
///
/// Assisted values are always new: the graph never caches them, because each is built for its argument.
public final class MainActorAssistedKey<Argument, Value>: Keys, @unchecked Sendable {
  // @unchecked: immutable; the stored binding is Sendable, and its factory only runs on the main actor.

  let defaultBinding: MainActorAssistedBinding<Argument, Value>

  override var defaultAnyBinding: AnyBinding? { defaultBinding }

  /// Creates a main-actor assisted key with its default factory.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - factory: Builds the value on the main actor from the resolver and the caller's argument.
  public init(
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value
  ) {
    let declaration = CodeLocation(fileID: fileID, line: line)
    self.defaultBinding = MainActorAssistedBinding(
      source: BindingSource(modulePath: nil, location: declaration), factory: factory)
    super.init(
      name: name, typeName: "(\(describeType(Argument.self))) -> \(describeType(Value.self))",
      declaration: declaration, filePath: filePath)
  }
}

/// A function that builds a ``MainActorAssistedKey``'s value from its argument on the main actor,
/// resolving the rest from the graph it came from.
///
/// Inject one where a main-actor object creates values later — a navigator that makes each screen's
/// view model:
///
/// ```swift
/// let makeProfile: MainActorAssistedFactory<any ProfileView, ProfileViewModel> = r[.profileViewModel]
/// let viewModel = makeProfile(view)
/// ```
///
/// It is `Sendable` because it is isolated to the main actor: it can be stored anywhere, and called
/// only on the main actor.
@MainActor
public struct MainActorAssistedFactory<Argument, Value>: Sendable {
  let resolver: MainActorResolver
  let key: MainActorAssistedKey<Argument, Value>

  /// Builds a new value for `argument`.
  ///
  /// - Parameter argument: The caller-supplied argument.
  /// - Returns: A new value.
  public func callAsFunction(_ argument: Argument) -> Value {
    resolver.make(key, argument)
  }
}

/// A binding of a ``MainActorAssistedKey``: always transient, built with the caller's argument.
final class MainActorAssistedBinding<Argument, Value>: AnyBinding, @unchecked Sendable {
  // @unchecked: immutable; the factory is a Sendable closure isolated to the main actor.
  let factory: @MainActor @Sendable (MainActorResolver, Argument) -> Value

  init(source: BindingSource, factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value) {
    self.factory = factory
    super.init(lifetime: .transient, source: source)
  }

  // NB: `verify()` builds bindings on probe threads, and a main-actor factory cannot run there.
  override func verificationSkipReason(_ key: Keys) -> String? {
    "skipped \(key.name) (main actor): verify() builds keys off the main actor; make it in a @MainActor test"
  }
}
