/// Keys made from other keys, for declaring a dependency that is resolved later — a provider, a lazy
/// value, an assisted factory — or that may be absent (``Key/optional``).
///
/// ```swift
/// static var router: Key<Router> {
///   Key(.singleton, .screens.provider) { screens in
///     Router(screens: screens)
///   }
/// }
/// static var flowCoordinator: Key<FlowCoordinator> {
///   Key(.transient, .profileViewModel.factory) {
///     makeViewModel in FlowCoordinator(makeProfile: makeViewModel)
///   }
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
    derivedKey(".provider") { [self] r in r.provider(self) }
  }

  /// A dependency on a ``Lazy`` value of this key: resolved on first use, then kept.
  ///
  /// Declare it to defer an expensive value, or to break a cycle:
  /// `Key(.singleton, .database.lazy) { database in … }`. A lazy value of a shared key resolves it from
  /// the graph at each read; of a transient or per-resolution key, it keeps the value it resolved, so a
  /// shared (or per-resolution) key whose lazy value's value would hold it back is a reference cycle,
  /// which building the graph reports (<doc:Troubleshooting#Reference-cycle-through-a-lazy-value>).
  public var lazy: Key<Lazy<Value>> {
    derivedKey(".lazy") { [self] r in r.lazy(self) }
  }

  /// A dependency on this key that may be absent: its value when something binds the key — a module,
  /// or the key's own default — and `nil` when nothing does, as Dagger's `@BindsOptionalOf`.
  ///
  /// Declare it where a feature is optional, and the graph checks the rest as usual: a missing binding
  /// of this key is no problem, a cycle or a captive dependency through it is.
  /// `Key(.singleton, .analytics.optional) { analytics in Tracker(analytics: analytics) }`.
  /// Resolving the key itself, `graph[.analytics]`, still stops when nothing binds it: only a
  /// dependency declared `.optional` may be `nil`.
  public var optional: Key<Value?> {
    derivedKey(".optional", edge: .optional) { [self] r in r.graphReference.binds(self) ? r[self] : nil }
  }
}

extension AssistedKey {
  /// A dependency on this key's ``AssistedFactory``: the factory builds a value for each argument it
  /// is called with.
  ///
  /// `Key(.transient, .profileViewModel.factory) { makeViewModel in … }`.
  public var factory: Key<AssistedFactory<Argument, Value>> {
    derivedKey(".factory") { [self] r in r[self] }
  }
}

extension MainActorKey {
  /// A dependency on a ``MainActorProvider`` of this key, which resolves it on the main actor when
  /// called: any key may hold one, and a main-actor factory calls it.
  ///
  /// `MainActorKey(.transient, .navigator.provider) { navigator in … }`.
  public var provider: Key<MainActorProvider<Value>> {
    derivedKey(".provider") { [self] r in
      MainActorProvider(resolver: Resolver(r.graphReference.kept(toResolveLater: self)), key: self)
    }
  }
}

extension MainActorAssistedKey {
  /// A dependency on this key's ``MainActorAssistedFactory``, which builds a value on the main actor for
  /// each argument it is called with.
  public var factory: Key<MainActorAssistedFactory<Argument, Value>> {
    derivedKey(".factory") { [self] r in
      MainActorAssistedFactory(resolver: Resolver(r.graphReference.kept(toResolveLater: self)), key: self)
    }
  }
}

extension MainActorKey {
  /// A dependency on this main-actor key that may be absent: its value when something binds the key,
  /// and `nil` when nothing does — a main-actor factory's optional dependency, as ``Key/optional``
  /// is a plain factory's.
  ///
  /// `MainActorKey(.transient, .promoBanner.optional) { banner in HomeViewModel(banner: banner) }`.
  public var optional: MainActorKey<Value?> {
    KeyRegistry.shared.derivedKey(ofSlot: slot, ".optional") { [self] in
      MainActorKey<Value?>(
        .transient, test: nil, name: nil, declaration: declaration, derivedFrom: (self, ".optional"),
        dependencies: DeclaredDependencies([DeclaredEdge(.optional) { self }])
      ) { r in r.graphReference.binds(self) ? r[self] : nil }
    }
  }
}

extension AsyncKey {
  /// A dependency on this async key that may be absent: its value when something binds the key, and
  /// `nil` when nothing does — an async factory's optional dependency, as ``Key/optional`` is a plain
  /// factory's.
  ///
  /// `AsyncKey(.singleton, .searchIndex.optional) { index in Library(index: index) }`.
  public var optional: AsyncKey<Value?> {
    KeyRegistry.shared.derivedKey(ofSlot: slot, ".optional") { [self] in
      AsyncKey<Value?>(
        .transient, test: nil, name: nil, declaration: declaration, derivedFrom: (self, ".optional"),
        dependencies: DeclaredDependencies([DeclaredEdge(.optional) { self }])
      ) { r in r.graphReference.binds(self) ? try await r[self] : nil }
    }
  }
}

extension AsyncKey {
  /// A dependency on an ``AsyncProvider`` of this key, awaited when it is called: how a main-actor view
  /// model, or any key, depends on something that loads — a flow's data controller opened from disk.
  ///
  /// ```swift
  /// static var bookViewModel:
  ///   MainActorAssistedKey<any BookView, BookViewModel>
  /// {
  ///   MainActorAssistedKey(.bookStore.provider) { view, store in
  ///     BookViewModel(view: view, store: store)  // try await store()
  ///   }
  /// }
  /// ```
  public var provider: Key<AsyncProvider<Value>> {
    derivedKey(".provider") { [self] r in
      AsyncProvider(reference: r.graphReference.kept(toResolveLater: self), key: self)
    }
  }
}

extension Keys {
  /// The key made from this one for `suffix`, whose factory `resolve` makes what resolves this key
  /// later: made once, with one deferred edge to this key.
  func derivedKey<Derived>(
    _ suffix: String, edge: DeclaredEdge.Kind = .deferred, _ resolve: @escaping @Sendable (Resolver) -> Derived
  ) -> Key<Derived> {
    KeyRegistry.shared.derivedKey(ofSlot: slot, suffix) { [self] in
      Key<Derived>(
        .transient, test: nil, name: nil, declaration: declaration,
        derivedFrom: (self, suffix), dependencies: DeclaredDependencies([DeclaredEdge(edge) { self }]),
        resolve)
    }
  }
}
