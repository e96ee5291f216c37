/// Keys made from other keys, for declaring a dependency that is resolved later: a provider, a lazy
/// value, an assisted factory.
///
/// ```swift
/// static let router: Key<Router> = Key(.singleton, .screens.provider) { screens in
///   Router(screens: screens)
/// }
/// static let flowCoordinator: Key<FlowCoordinator> = Key(.transient, .profileViewModel.factory) {
///   makeViewModel in FlowCoordinator(makeProfile: makeViewModel)
/// }
/// ```
///
/// Each is an ordinary key — `graph[.userAPI.provider]` resolves it too — whose value resolves its
/// base key when it is called, not when it is made. Its edge to the base key is *deferred*: legal in a
/// cycle, and what a shared instance may hold of a shorter-lived key. A key made from another is made
/// once, however often it is named.
extension Key {
  /// A dependency on a ``Provider`` of this key: each call resolves it anew.
  ///
  /// Declare it where a value is needed later, or many times, or to break a cycle:
  /// `Key(.singleton, .session.provider) { session in … }`.
  public var provider: Key<Provider<Value>> {
    derived(".provider") { r, key in r.provider(key) }
  }

  /// A dependency on a ``Lazy`` value of this key: resolved on first use, then kept.
  ///
  /// Declare it to defer an expensive value, or to break a cycle:
  /// `Key(.singleton, .database.lazy) { database in … }`.
  public var lazy: Key<Lazy<Value>> {
    derived(".lazy") { r, key in r.lazy(key) }
  }

  private func derived<Derived>(
    _ suffix: String, _ resolve: @escaping @Sendable (Resolver, Key<Value>) -> Derived
  ) -> Key<Derived> {
    KeyRegistry.shared.derivedKey(ofSlot: slot, suffix) { [self] in
      Key<Derived>(
        .transient, test: nil, name: nil, fileID: declaration.fileID, filePath: "", line: declaration.line,
        derivedFrom: (self, suffix), dependencies: DeclaredDependencies([DeclaredEdge(.deferred) { self }])
      ) { r in resolve(r, self) }
    }
  }
}

extension AssistedKey {
  /// A dependency on this key's ``AssistedFactory``: the factory builds a value for each argument it
  /// is called with.
  ///
  /// `Key(.transient, .profileViewModel.factory) { makeViewModel in … }`.
  public var factory: Key<AssistedFactory<Argument, Value>> {
    KeyRegistry.shared.derivedKey(ofSlot: slot, ".factory") { [self] in
      Key<AssistedFactory<Argument, Value>>(
        .transient, test: nil, name: nil, fileID: declaration.fileID, filePath: "", line: declaration.line,
        derivedFrom: (self, ".factory"), dependencies: DeclaredDependencies([DeclaredEdge(.deferred) { self }])
      ) { r in r[self] }
    }
  }
}
