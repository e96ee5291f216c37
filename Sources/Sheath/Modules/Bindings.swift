/// The builder a ``Module`` registers its bindings into.
///
/// Every registration records where it was made, so that a graph that cannot be built names the
/// modules and lines involved. Registration happens only while a graph is being built; a built graph
/// never changes.
public struct Bindings {
  /// The environment the graph is built for: a module can register differently per environment.
  ///
  /// ```swift
  /// if b.environment == .preview { b.bind(.clock, to: FixedClock()) }
  /// ```
  public let environment: AppEnvironment

  /// What modules registered, in order.
  var registrations: [Registration] = []

  /// The modules being registered, outermost first, for diagnostics.
  private var modulePath: [String] = []

  /// Module types already registered: a module included from several places registers once.
  private var installedModules: Set<ObjectIdentifier> = []

  /// Set by SheathTesting while a test's overrides register: records them and which get resolved, and
  /// lets an override bind a key nothing else binds.
  package var testOverrideUsage: OverrideUsage?

  init(environment: AppEnvironment) {
    self.environment = environment
  }

  /// Registers the bindings of `modules`, in order.
  mutating func install(_ modules: [any Module]) {
    for module in modules { include(module) }
  }

  /// Registers another module's bindings as part of this one.
  ///
  /// A module type registers once per graph, however many modules include it (like Dagger's
  /// `includes`): the first instance included wins.
  ///
  /// - Parameter module: The module to include.
  public mutating func include(_ module: some Module) {
    guard installedModules.insert(ObjectIdentifier(type(of: module))).inserted else { return }
    modulePath.append(module.diagnosticName)
    module.register(into: &self)
    modulePath.removeLast()
  }

  /// While a test's overrides register: records the override of `key`, and returns what its factory
  /// must call when it runs, so that overrides the test never resolved can be reported.
  func usageHook(forOverrideOf key: Keys, at source: BindingSource) -> (@Sendable () -> Void)? {
    guard let usage = testOverrideUsage else { return nil }
    usage.registered(key, at: source)
    return { usage.markUsed(key) }
  }

  func source(_ fileID: String, _ line: Int) -> BindingSource {
    BindingSource(
      modulePath: modulePath.isEmpty ? "Graph" : modulePath.joined(separator: " > "),
      location: CodeLocation(fileID: fileID, line: line),
      isTestOverride: testOverrideUsage != nil)
  }

  // MARK: Keys

  /// Binds `key` to a factory, replacing the key's default.
  ///
  /// Binding a key that another installed module also binds is an error; use
  /// ``override(_:_:fileID:line:_:)-(Key<Value>,_,_,_,_)`` when one binding is meant to replace another.
  ///
  /// ```swift
  /// b.bind(.userAPI) { _ in FakeUserAPI(users: .samples) }
  /// b.bind(.followersData, .scoped(.flow)) { r in FollowersDataController(api: r[.userAPI]) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - lifetime: How long values live; the key's ``Key/defaultLifetime`` when `nil`.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  ///   - factory: Builds the value, resolving its dependencies from the ``Resolver``.
  public mutating func bind<Value>(
    _ key: Key<Value>,
    _ lifetime: Lifetime<Value>? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    register(key, lifetime, isOverride: false, source(fileID, line), factory)
  }

  /// Binds `key` to a fixed value, shared by everyone who resolves it (the key's lifetime is kept for
  /// diagnostics; the value is the same whatever it is).
  ///
  /// ```swift
  /// b.bind(.apiBaseURL, to: URL(string: "https://api.github.com")!)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - value: The value every resolution returns.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  public mutating func bind<Value: Sendable>(
    _ key: Key<Value>, to value: Value, fileID: String = #fileID, line: Int = #line
  ) {
    register(key, nil, isOverride: false, source(fileID, line)) { _ in value }
  }

  /// Replaces the binding of `key` that another module (or a parent graph) provides.
  ///
  /// An override wins over a plain ``bind(_:_:fileID:line:_:)-(Key<Value>,_,_,_,_)`` of the same key
  /// whatever the module order, so an environment- or test-specific module can be installed next to the
  /// app's modules. Two overrides of one key, or an override of a required key that nothing binds, are
  /// errors.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - lifetime: How long values live; the key's ``Key/defaultLifetime`` when `nil`.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  ///   - factory: Builds the value, resolving its dependencies from the ``Resolver``.
  public mutating func override<Value>(
    _ key: Key<Value>,
    _ lifetime: Lifetime<Value>? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    register(key, lifetime, isOverride: true, source(fileID, line), factory)
  }

  /// Replaces the binding of `key` with a fixed value.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - value: The value every resolution returns.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  public mutating func override<Value: Sendable>(
    _ key: Key<Value>, to value: Value, fileID: String = #fileID, line: Int = #line
  ) {
    register(key, nil, isOverride: true, source(fileID, line)) { _ in value }
  }

  private mutating func register<Value>(
    _ key: Key<Value>,
    _ lifetime: Lifetime<Value>?,
    isOverride: Bool,
    _ source: BindingSource,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    var factory = factory
    if isOverride, let markUsed = usageHook(forOverrideOf: key, at: source) {
      factory = { [factory] r in
        markUsed()
        return factory(r)
      }
    }
    let binding = Binding(lifetime: (lifetime ?? key.defaultLifetime).kind, source: source, factory: factory)
    registrations.append(.bind(key, binding, isOverride: isOverride))
  }

  // MARK: Assisted keys

  /// Binds an assisted key to a factory that takes the caller's argument.
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  ///   - factory: Builds the value from the resolver and the caller's argument.
  public mutating func bind<Argument, Value>(
    _ key: AssistedKey<Argument, Value>,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    let binding = AssistedBinding(source: source(fileID, line), factory: factory)
    registrations.append(.bind(key, binding, isOverride: false))
  }

  /// Replaces the binding of an assisted key that another module (or a parent graph) provides.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  ///   - factory: Builds the value from the resolver and the caller's argument.
  public mutating func override<Argument, Value>(
    _ key: AssistedKey<Argument, Value>,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    let source = source(fileID, line)
    var factory = factory
    if let markUsed = usageHook(forOverrideOf: key, at: source) {
      factory = { [factory] r, argument in
        markUsed()
        return factory(r, argument)
      }
    }
    registrations.append(.bind(key, AssistedBinding(source: source, factory: factory), isOverride: true))
  }

  // MARK: Multibindings

  /// Adds an element to a collection that several modules contribute to.
  ///
  /// - Parameters:
  ///   - key: The collection.
  ///   - fileID: Where the contribution is made; leave the default.
  ///   - line: Where the contribution is made; leave the default.
  ///   - factory: Builds the element.
  public mutating func contribute<Element>(
    to key: CollectionKey<Element>,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> Element
  ) {
    registrations.append(.contribute(Contribution.element(of: key, source: source(fileID, line), factory: factory)))
  }

  /// Adds an entry to a dictionary that several modules contribute to.
  ///
  /// - Parameters:
  ///   - key: The dictionary.
  ///   - entry: The entry's key in the dictionary; two contributions with equal entry keys are an error.
  ///   - fileID: Where the contribution is made; leave the default.
  ///   - line: Where the contribution is made; leave the default.
  ///   - factory: Builds the entry's value.
  public mutating func contribute<EntryKey, Value>(
    to key: MapKey<EntryKey, Value>,
    entry: EntryKey,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    let contribution = Contribution<(EntryKey, Value)>.entry(
      entry, of: key, source: source(fileID, line), factory: factory)
    registrations.append(.contribute(contribution))
  }

  // MARK: Requirements

  /// Declares that this module needs `key` bound, so a graph without a binding for it fails to build,
  /// naming the key and this module.
  ///
  /// Use it in reusable modules for the values only the app can supply:
  ///
  /// ```swift
  /// struct NetworkModule: Module {
  ///   func register(into b: inout Bindings) {
  ///     b.require(.apiBaseURL)
  ///     b.bind(.httpClient) { r in URLSessionHTTPClient(baseURL: r[.apiBaseURL]) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: A key that some binding must provide (a key with a default always is).
  ///   - fileID: Where the requirement is declared; leave the default.
  ///   - line: Where the requirement is declared; leave the default.
  public mutating func require<Value>(_ key: Key<Value>, fileID: String = #fileID, line: Int = #line) {
    registrations.append(.require(key, isSatisfiedByDefault: !key.isRequired, source(fileID, line)))
  }
}

/// One thing a module registered.
enum Registration {
  case bind(Keys, AnyBinding, isOverride: Bool)
  case contribute(AnyContribution)
  case require(Keys, isSatisfiedByDefault: Bool, BindingSource)
}
