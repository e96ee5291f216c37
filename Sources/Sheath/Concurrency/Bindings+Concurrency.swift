// Registering main-actor and async keys: the same `bind` and `override` as for ``Key``, typed by the
// key, so the factory's isolation and effects are checked where the module binds it. Overrides that a
// SheathTesting test graph registers are tracked like every other override, to report unused ones.
extension Bindings {
  // MARK: Main-actor keys

  /// Binds a main-actor key to a `@MainActor` factory, replacing the key's default.
  ///
  /// ```swift
  /// b.bind(.profileViewModel, .scoped(.flow)) { r in ProfileViewModel(data: r[.followersData]) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - lifetime: How long values live; the key's ``MainActorKey/defaultLifetime`` when `nil`.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  ///   - factory: Builds the value on the main actor.
  public mutating func bind<Value>(
    _ key: MainActorKey<Value>,
    _ lifetime: MainActorLifetime? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver) -> Value
  ) {
    let binding = MainActorBinding(
      lifetime: (lifetime ?? key.defaultLifetime).kind, source: source(fileID, line), factory: factory)
    registrations.append(.bind(key, binding, isOverride: false))
  }

  /// Replaces the binding of a main-actor key that another module (or a parent graph) provides.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - lifetime: How long values live; the key's ``MainActorKey/defaultLifetime`` when `nil`.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  ///   - factory: Builds the value on the main actor.
  public mutating func override<Value>(
    _ key: MainActorKey<Value>,
    _ lifetime: MainActorLifetime? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver) -> Value
  ) {
    let source = source(fileID, line)
    var factory = factory
    if let markUsed = usageHook(forOverrideOf: key, at: source) {
      factory = { [factory] r in
        markUsed()
        return factory(r)
      }
    }
    let binding = MainActorBinding(lifetime: (lifetime ?? key.defaultLifetime).kind, source: source, factory: factory)
    registrations.append(.bind(key, binding, isOverride: true))
  }

  /// Binds a main-actor assisted key to a `@MainActor` factory that takes the caller's argument.
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  ///   - factory: Builds the value on the main actor from the resolver and the caller's argument.
  public mutating func bind<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value
  ) {
    let binding = MainActorAssistedBinding(source: source(fileID, line), factory: factory)
    registrations.append(.bind(key, binding, isOverride: false))
  }

  /// Replaces the binding of a main-actor assisted key that another module (or a parent graph)
  /// provides.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  ///   - factory: Builds the value on the main actor from the resolver and the caller's argument.
  public mutating func override<Argument, Value>(
    _ key: MainActorAssistedKey<Argument, Value>,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value
  ) {
    let source = source(fileID, line)
    var factory = factory
    if let markUsed = usageHook(forOverrideOf: key, at: source) {
      factory = { [factory] r, argument in
        markUsed()
        return factory(r, argument)
      }
    }
    registrations.append(.bind(key, MainActorAssistedBinding(source: source, factory: factory), isOverride: true))
  }

  // MARK: Async keys

  /// Binds an async key to an async factory, replacing the key's default.
  ///
  /// ```swift
  /// b.bind(.database) { r in try await Database.open(at: r[.databaseURL]) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - lifetime: How long values live; the key's ``AsyncKey/defaultLifetime`` when `nil`.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  ///   - factory: Builds the value; may suspend and may throw.
  public mutating func bind<Value>(
    _ key: AsyncKey<Value>,
    _ lifetime: Lifetime<Value>? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    let binding = AsyncBinding(
      lifetime: (lifetime ?? key.defaultLifetime).kind, source: source(fileID, line), factory: factory)
    registrations.append(.bind(key, binding, isOverride: false))
  }

  /// Binds an async key to a fixed value, shared by everyone who resolves it (the key's lifetime is
  /// kept for diagnostics; the value is the same whatever it is).
  ///
  /// ```swift
  /// b.bind(.database, to: .inMemory)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - value: The value every resolution returns.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  public mutating func bind<Value>(_ key: AsyncKey<Value>, to value: Value, fileID: String = #fileID, line: Int = #line)
  {
    let binding = AsyncBinding(lifetime: key.defaultLifetime.kind, source: source(fileID, line)) { _ in value }
    registrations.append(.bind(key, binding, isOverride: false))
  }

  /// Replaces the binding of an async key that another module (or a parent graph) provides.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - lifetime: How long values live; the key's ``AsyncKey/defaultLifetime`` when `nil`.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  ///   - factory: Builds the value; may suspend and may throw.
  public mutating func override<Value>(
    _ key: AsyncKey<Value>,
    _ lifetime: Lifetime<Value>? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    registerOverride(key, lifetime, source(fileID, line), factory)
  }

  /// Replaces the binding of an async key with a fixed value — an in-memory database in a test, say.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - value: The value every resolution returns.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  public mutating func override<Value>(
    _ key: AsyncKey<Value>, to value: Value, fileID: String = #fileID, line: Int = #line
  ) {
    registerOverride(key, nil, source(fileID, line)) { _ in value }
  }

  private mutating func registerOverride<Value>(
    _ key: AsyncKey<Value>,
    _ lifetime: Lifetime<Value>?,
    _ source: BindingSource,
    _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    var factory = factory
    if let markUsed = usageHook(forOverrideOf: key, at: source) {
      factory = { [factory] r in
        markUsed()
        return try await factory(r)
      }
    }
    let binding = AsyncBinding(lifetime: (lifetime ?? key.defaultLifetime).kind, source: source, factory: factory)
    registrations.append(.bind(key, binding, isOverride: true))
  }
}
