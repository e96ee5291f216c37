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
  private var modulePath: [String] = [] {
    didSet { joinedModulePath = modulePath.isEmpty ? "Graph" : modulePath.joined(separator: " > ") }
  }
  /// `modulePath` as every binding's source names it, joined once per module rather than per binding.
  private var joinedModulePath = "Graph"

  /// The module types installed in this graph and its ancestors, by type.
  private(set) var installedModules: [ObjectIdentifier: InstalledModule]

  /// Module types installed twice with different configurations.
  private(set) var moduleProblems: [GraphError.Problem] = []

  /// Set by SheathTesting while a test's overrides register: records them and which get resolved, and
  /// lets an override bind a key nothing else binds.
  package var testOverrideUsage: OverrideUsage?

  /// A builder for a graph built for `environment`, under a parent that installed `inherited`.
  init(environment: AppEnvironment, inheriting inherited: [ObjectIdentifier: InstalledModule] = [:]) {
    self.environment = environment
    self.installedModules = inherited.mapValues { $0.inherited() }
  }

  /// Registers the bindings of `modules`, in order: every module listed is installed.
  mutating func install(_ modules: [any Module]) {
    for module in modules { install(module, listed: true) }
  }

  /// Registers another module's bindings as part of this one.
  ///
  /// Modules reached through `include` are installed once per module type, as Dagger's `includes`
  /// are: a module that two feature modules both include registers its bindings once, and a child
  /// graph whose module includes a module its parent installed uses the parent's. Including a module
  /// type again with a different configuration — properties whose values differ — is an error naming
  /// both, rather than one of them disappearing. (Modules you list when you build a graph are each
  /// installed: two listed instances of one type both register, and their bindings conflict if they
  /// bind the same keys.)
  ///
  /// - Parameter module: The module to include.
  public mutating func include(_ module: some Module) {
    install(module, listed: false)
  }

  /// How deep `include`s may nest: far deeper than any app's modules, and well before an endless
  /// chain of new module types would exhaust the stack or memory.
  static let maximumIncludeDepth = 256

  private mutating func install(_ module: some Module, listed: Bool) {
    if let wrapper = module as? any ModuleWrapper {
      // A wrapper is not a module of its own in paths or in deduplication: what it wraps is.
      if let wrapped = wrapper.module(in: environment) { install(wrapped, listed: listed) }
      return
    }
    if modulePath.count >= Self.maximumIncludeDepth {
      // NB: reached only by new module types without end (a module type seen before returns below);
      // report once, at the deepest module.
      if !moduleProblems.contains(where: { $0.kind == .endlessIncludes }) {
        moduleProblems.append(.endlessIncludes(modulePath + [module.diagnosticName]))
      }
      return
    }
    let id = ObjectIdentifier(type(of: module))
    let path = (modulePath + [module.diagnosticName]).joined(separator: " > ")
    if let earlier = installedModules[id] {
      let registersAgain = listed && earlier.origin != .included
      if !registersAgain {
        let configuration = String(describing: module)
        if earlier.configuration != configuration {
          moduleProblems.append(.conflictingModules(module.diagnosticName, earlier, configuration, path))
        }
        return
      }
    } else {
      installedModules[id] = InstalledModule(
        value: ModuleValue(module), path: path, origin: listed ? .listed : .included)
    }
    modulePath.append(module.diagnosticName)
    module.register(into: &self)
    modulePath.removeLast()
  }

  @usableFromInline
  func source(_ fileID: String, _ line: Int) -> BindingSource {
    BindingSource(
      modulePath: joinedModulePath,
      location: CodeLocation(fileID: fileID, line: line),
      isTestOverride: testOverrideUsage != nil)
  }

  /// Registers a binding of `key`, a ``Key``, whose factory declared no dependency, as `call` and
  /// `thunk` (see ``SlotThunk``): what the generated `bind` and `override` of such a factory do.
  /// They are inlined where a module writes them, so that the optimizer folds the factory into the
  /// two closures it makes there, and call this for the rest, so that a module's `register(into:)`
  /// grows by a call per binding (see scripts/generate-declared.py).
  @usableFromInline
  mutating func registerWithoutDependencies<Value, Decorator>(
    _ key: BindableKey<@Sendable (Resolver) -> Value, Lifetime<Value>, Decorator, Value>,
    _ lifetime: Lifetime<Value>?, isOverride: Bool, _ fileID: StaticString, _ line: UInt,
    call: @escaping @Sendable (Resolver) -> Value, declared thunk: @escaping SlotThunk<Value>
  ) {
    register(
      key, key.lifetimeKind(lifetime), isOverride: isOverride, declaredSource(fileID, line),
      DeclaredDependencies([]), call: call, declared: thunk)
  }

  /// Registers a binding of the assisted `key`, whose factory needs nothing from the graph, as
  /// `call`: what the generated `bind` and `override` of such a factory do (see
  /// ``registerWithoutDependencies(_:_:isOverride:_:_:call:declared:)``).
  @usableFromInline
  mutating func registerWithoutDependencies<Argument, Value, LifetimeOption>(
    _ key: BindableKey<
      @Sendable (Resolver, Argument) -> Value, LifetimeOption, @Sendable (Resolver, Value) -> Value, Value
    >,
    isOverride: Bool, _ fileID: StaticString, _ line: UInt,
    call: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    register(key, isOverride: isOverride, declaredSource(fileID, line), DeclaredDependencies([]), call: call)
  }

  /// Where a registration with declared dependencies is made. Not inlined: the generated `decorate`
  /// and `contribute` that call it are inlined into a module's `register(into:)` when they declare no
  /// dependency, once per call, and the string this makes of `fileID` would be too (see
  /// scripts/generate-declared.py).
  @usableFromInline @inline(never)
  func declaredSource(_ fileID: StaticString, _ line: UInt) -> BindingSource {
    source("\(fileID)", Int(line))
  }

  // MARK: Keys

  /// Binds `key` to a factory, replacing the key's default. One method for every kind of key: the key
  /// decides the factory's type, and the compiler checks it.
  ///
  /// Binding a key that another installed module also binds is an error; use
  /// ``override(_:_:fileID:line:_:)-(_,_,_,Int,_)`` when one binding is meant to replace another.
  ///
  /// ```swift
  /// b.bind(.userAPI) { _ in FakeUserAPI(users: .samples) }
  /// b.bind(.followersData, .scoped(.flow)) { r in
  ///   FollowersDataController(api: r[.userAPI])
  /// }
  /// b.bind(.profileViewModel) { r, view in
  ///   ProfileViewModel(view: view, data: r[.followersData])
  /// }
  /// b.bind(.database) { r in try await Database.open(at: r[.databaseURL]) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to bind: a ``Key``, ``AssistedKey``, ``MainActorKey``, ``MainActorAssistedKey`` or
  ///     ``AsyncKey``.
  ///   - lifetime: How long values live; the key's default lifetime when `nil`. Assisted keys take
  ///     none: their values are always new.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  ///   - factory: Builds the value: for a ``Key``, `(Resolver) -> Value`; for an ``AssistedKey``,
  ///     `(Resolver, Argument) -> Value`; for a ``MainActorKey``, a `@MainActor` function of a
  ///     ``MainActorResolver``; for an ``AsyncKey``, an `async throws` function of an ``AsyncResolver``.
  public mutating func bind<Factory, LifetimeOption, Decorator, Value>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>,
    _ lifetime: LifetimeOption? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: Factory
  ) {
    register(key, key.lifetimeKind(lifetime), isOverride: false, source(fileID, line), nil, factory)
  }

  /// Replaces the binding of `key` that another module (or a parent graph) provides.
  ///
  /// An override wins over a plain ``bind(_:_:fileID:line:_:)-(_,_,_,Int,_)`` of the same key whatever the module
  /// order, so an environment- or test-specific module can be installed next to the app's modules.
  /// Two overrides of one key, or an override of a required key that nothing binds, are errors.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - lifetime: How long values live; the key's default lifetime when `nil`.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  ///   - factory: Builds the value; its type is the key's factory type, as for ``bind(_:_:fileID:line:_:)-(_,_,_,Int,_)``.
  public mutating func override<Factory, LifetimeOption, Decorator, Value>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>,
    _ lifetime: LifetimeOption? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: Factory
  ) {
    register(key, key.lifetimeKind(lifetime), isOverride: true, source(fileID, line), nil, factory)
  }

  /// Binds `key` to a fixed value, shared by everyone who resolves it (the key's lifetime is kept for
  /// diagnostics; the value is the same whatever it is).
  ///
  /// ```swift
  /// b.bind(.apiBaseURL, to: URL(string: "https://api.github.com")!)
  /// b.bind(.database, to: .inMemory)          // an AsyncKey
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to bind.
  ///   - value: The value every resolution returns.
  ///   - fileID: Where the binding is made; leave the default.
  ///   - line: Where the binding is made; leave the default.
  public mutating func bind<Factory, LifetimeOption, Decorator, Value: Sendable>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>, to value: Value, fileID: String = #fileID,
    line: Int = #line
  ) {
    register(
      key, key.lifetimeKind(nil), isOverride: false, source(fileID, line), DeclaredDependencies([]),
      key.factoryShape.constant(value))
  }

  /// Replaces the binding of `key` with a fixed value — an in-memory database in a test, say.
  ///
  /// - Parameters:
  ///   - key: The key to rebind.
  ///   - value: The value every resolution returns.
  ///   - fileID: Where the override is made; leave the default.
  ///   - line: Where the override is made; leave the default.
  public mutating func override<Factory, LifetimeOption, Decorator, Value: Sendable>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>, to value: Value, fileID: String = #fileID,
    line: Int = #line
  ) {
    register(
      key, key.lifetimeKind(nil), isOverride: true, source(fileID, line), DeclaredDependencies([]),
      key.factoryShape.constant(value))
  }

  /// Registers a binding of `key` whose factory declared `dependencies` and resolves them in `thunk`
  /// (see ``SlotThunk``).
  ///
  /// `key` is a `Key<Value>`: the generated `bind` and `override` take it as its base class, typed so
  /// that a factory of the wrong type is the error the compiler reports (see
  /// scripts/generate-declared.py), and have checked the factory against it.
  @usableFromInline
  mutating func register<Value>(
    _ key: Keys, _ lifetime: LifetimeKind, isOverride: Bool, _ source: BindingSource,
    _ dependencies: DeclaredDependencies, at site: CallSite, declared thunk: @escaping SlotThunk<Value>
  ) {
    register(
      key, lifetime, isOverride: isOverride, source, dependencies,
      call: { r in r.runDeclared(dependencies, at: site, thunk) }, declared: thunk)
  }

  /// Registers a binding of `key` whose factory declared `dependencies`, as `thunk` (see
  /// ``SlotThunk``) and as `call`, the same factory for a resolver. Neither closure is optional: an
  /// optional closure is kept in its most general form, and called through a reabstraction thunk.
  @usableFromInline
  mutating func register<Value>(
    _ key: Keys, _ lifetime: LifetimeKind, isOverride: Bool, _ source: BindingSource,
    _ dependencies: DeclaredDependencies, call: @escaping @Sendable (Resolver) -> Value,
    declared thunk: @escaping SlotThunk<Value>
  ) {
    let usage = isOverride ? testOverrideUsage : nil
    usage?.registered(key, at: source)
    let binding = DeclaredKeyBinding(
      lifetime: lifetime, source: source, usage: usage, dependencies: dependencies, call: call, thunk: thunk)
    registrations.append(.bind(key, binding, isOverride: isOverride))
  }

  /// Registers a binding of the assisted `key` whose factory declared `dependencies` and resolves them
  /// in `thunk` (see ``AssistedSlotThunk``). `key` is an `AssistedKey<Argument, Value>`, checked as
  /// for a ``Key``'s above. Inlinable for the reason ``AssistedKey``'s `made(…declared:)` is.
  @inlinable
  mutating func register<Argument, Value>(
    _ key: Keys, isOverride: Bool, _ source: BindingSource,
    _ dependencies: DeclaredDependencies, at site: CallSite,
    declared thunk: @escaping AssistedSlotThunk<Argument, Value>
  ) {
    register(
      key, isOverride: isOverride, source, dependencies,
      call: { r, argument in r.runDeclared(dependencies, at: site, argument, thunk) }, declared: thunk)
  }

  /// Registers a binding of the assisted `key` whose factory declared `dependencies`, as `thunk` (see
  /// ``AssistedSlotThunk``) and as `call`, the same factory for a resolver.
  @usableFromInline
  mutating func register<Argument, Value>(
    _ key: Keys, isOverride: Bool, _ source: BindingSource, _ dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver, Argument) -> Value,
    declared thunk: @escaping AssistedSlotThunk<Argument, Value>
  ) {
    let usage = isOverride ? testOverrideUsage : nil
    usage?.registered(key, at: source)
    let binding = DeclaredAssistedKeyBinding(
      source: source, usage: usage, dependencies: dependencies, call: call, thunk: thunk)
    registrations.append(.bind(key, binding, isOverride: isOverride))
  }

  /// Registers a binding of the assisted `key` whose factory declared `dependencies`, as `call`: a
  /// factory for a resolver, which runs an ``AssistedSlotThunk`` with the resolver's graph, or needs
  /// nothing from it.
  @usableFromInline
  mutating func register<Argument, Value>(
    _ key: Keys, isOverride: Bool, _ source: BindingSource,
    _ dependencies: DeclaredDependencies, call: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    let usage = isOverride ? testOverrideUsage : nil
    usage?.registered(key, at: source)
    let binding = DirectAssistedKeyBinding(source: source, usage: usage, dependencies: dependencies, call: call)
    registrations.append(.bind(key, binding, isOverride: isOverride))
  }

  /// Records a binding of `key` whose factory declared `dependencies` (`nil`: it resolves through a
  /// ``Resolver``, and its edges are unchecked). A test's override also records that it was
  /// registered, and its binding records when it is used, so that overrides the test never resolved
  /// can be reported.
  mutating func register<Factory, LifetimeOption, Decorator, Value>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>,
    _ lifetime: LifetimeKind,
    isOverride: Bool,
    _ source: BindingSource,
    _ dependencies: DeclaredDependencies?,
    _ factory: Factory
  ) {
    let usage = isOverride ? testOverrideUsage : nil
    usage?.registered(key, at: source)
    let binding = Binding(
      lifetime: lifetime, source: source, usage: usage, dependencies: dependencies, factory: factory)
    registrations.append(.bind(key, binding, isOverride: isOverride))
  }

  // MARK: Multibindings

  /// Adds an element to a collection that several modules contribute to.
  ///
  /// - Parameters:
  ///   - key: The collection.
  ///   - fileID: Where the contribution is made; leave the default.
  ///   - line: Where the contribution is made; leave the default.
  ///   - factory: Builds the element: `(Resolver) -> Element`.
  public mutating func contribute<Element, Collection>(
    to key: ContributableKey<@Sendable (Resolver) -> Element, Never, Collection>,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> Element
  ) {
    contribute(to: key, declaring: nil, source(fileID, line), factory)
  }

  /// Adds several elements at once to a collection that several modules contribute to: Dagger's
  /// `@ElementsIntoSet`.
  ///
  /// ```swift
  /// b.contributeElements(to: .launchTasks) { r in
  ///   [WarmImageCache(), RegisterForNotifications(center: r[.center])]
  /// }
  /// ```
  ///
  /// The elements take the place of the call among the key's contributions, in the order the factory
  /// returns them: contributions before it come first, those after it come after. The factory runs
  /// each time the collection is built — once for a `.singleton` collection, on each resolution for a
  /// transient one — and may return a different number of elements each time, or none.
  ///
  /// - Parameters:
  ///   - key: The collection.
  ///   - fileID: Where the contribution is made; leave the default.
  ///   - line: Where the contribution is made; leave the default.
  ///   - factory: Builds the elements, in order: `(Resolver) -> [Element]`.
  public mutating func contributeElements<Element>(
    to key: CollectionKey<Element>,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> [Element]
  ) {
    registrations.append(.contribute(Contribution.elements(of: key, source: source(fileID, line), factory: factory)))
  }

  /// Adds an entry to a dictionary that several modules contribute to.
  ///
  /// - Parameters:
  ///   - key: The dictionary.
  ///   - entry: The entry's key in the dictionary; two contributions with equal entry keys are an error.
  ///   - fileID: Where the contribution is made; leave the default.
  ///   - line: Where the contribution is made; leave the default.
  ///   - factory: Builds the entry's value: `(Resolver) -> Value`.
  public mutating func contribute<EntryKey, Value, Collection>(
    to key: ContributableKey<@Sendable (Resolver) -> Value, EntryKey, Collection>,
    entry: EntryKey,
    fileID: String = #fileID,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    contribute(to: key, entry: entry, declaring: nil, source(fileID, line), factory)
  }

  /// Adds an element made by `factory`, which declared `dependencies` (`nil`: it resolves through a
  /// ``Resolver``), to `key`'s collection: what the `contribute(to:…)` overloads without an entry
  /// share.
  ///
  /// `key` is a `CollectionKey<Element>`: those overloads take it as its base class,
  /// `ContributableKey<@Sendable (Resolver) -> Element, Never, …>` (see
  /// ``decorate(_:declaring:_:_:)`` for why), and only a collection's contributions have no entry.
  @usableFromInline
  mutating func contribute<Element>(
    to key: Keys, declaring dependencies: DeclaredDependencies?, _ source: BindingSource,
    _ factory: @escaping @Sendable (Resolver) -> Element
  ) {
    let key = unsafeDowncast(key, to: CollectionKey<Element>.self)
    registrations.append(
      .contribute(Contribution.element(of: key, source: source, dependencies: dependencies, factory: factory)))
  }

  /// Adds an entry made by `factory`, which declared `dependencies` (`nil`: it resolves through a
  /// ``Resolver``), to `key`'s dictionary: a `MapKey<EntryKey, Value>`, the only contributable key
  /// whose entries have a key (a ``CollectionKey``'s entry type has no values).
  @usableFromInline
  mutating func contribute<EntryKey: Hashable & Sendable, Value>(
    to key: Keys, entry: EntryKey, declaring dependencies: DeclaredDependencies?,
    _ source: BindingSource, _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    let key = unsafeDowncast(key, to: MapKey<EntryKey, Value>.self)
    registrations.append(
      .contribute(
        Contribution<(EntryKey, Value)>.entry(
          entry, of: key, source: source, dependencies: dependencies, factory: factory)))
  }

  // MARK: Decorators

  /// Wraps what `key` resolves to — logging, analytics, caching or retries around an API client —
  /// without replacing the binding it wraps, whichever module made it.
  ///
  /// ```swift
  /// struct LoggingModule: Module {
  ///   func register(into b: inout Bindings) {
  ///     b.decorate(.userAPI) { r, api in LoggingUserAPI(api, log: r[.log]) }
  ///   }
  /// }
  /// ```
  ///
  /// The decorator applies to the binding this graph resolves `key` with — a module's binding or
  /// override, the parent graph's, or the key's default — and keeps its lifetime: a decorated singleton
  /// is decorated once. Several decorators apply in registration order (module order, then the order of
  /// the calls): the first registered wraps the binding, each next one wraps the result, so the last
  /// registered is outermost. A child graph's decorators wrap its parent's binding in a binding of the
  /// child's own (a decorated singleton is then one per child). ``Graph/dot(scopes:entryPoints:)``
  /// shows which modules decorate a key. A decorator that takes a resolver declares nothing, so
  /// `verify()` lists its key as unchecked; a ``Key``'s decorator can declare what it needs instead:
  /// `b.decorate(.userAPI, .clock) { api, clock in … }`.
  ///
  /// Every kind of key can be decorated: a main-actor key's decorator runs on the main actor, an async
  /// key's may await, an assisted key's wraps what is built with each argument.
  ///
  /// - Parameters:
  ///   - key: The key whose values to wrap.
  ///   - fileID: Where the decorator is registered; leave the default.
  ///   - line: Where the decorator is registered; leave the default.
  ///   - decorator: Returns the value to use in place of the one it is given, such as
  ///     `(Resolver, Value) -> Value`; it may resolve other keys.
  public mutating func decorate<Factory, LifetimeOption, Decorator, Value>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>,
    fileID: String = #fileID,
    line: Int = #line,
    _ decorator: Decorator
  ) {
    registrations.append(
      .decorate(key, Decoration(key: key, source: source(fileID, line), dependencies: nil, decorator: decorator)))
  }

  /// Registers `decorator` around `key`'s binding, with what it declared it needs besides the value:
  /// what the `decorate(_:_:…)` overloads that declare dependencies share.
  ///
  /// `key` is a `Key<Value>`: the generated overloads take it as its base class, typed so that a
  /// decorator of the wrong type is the error the compiler reports (see scripts/generate-declared.py).
  @usableFromInline
  mutating func decorate<Value>(
    _ key: Keys, declaring dependencies: DeclaredDependencies, _ source: BindingSource,
    _ decorator: @escaping @Sendable (Resolver, Value) -> Value
  ) {
    let key = unsafeDowncast(key, to: Key<Value>.self)
    registrations.append(
      .decorate(key, Decoration(key: key, source: source, dependencies: dependencies, decorator: decorator)))
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
  ///     b.bind(.httpClient) { r in
  ///       URLSessionHTTPClient(baseURL: r[.apiBaseURL])
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: A key that some binding must provide (a key with a default always is).
  ///   - fileID: Where the requirement is declared; leave the default.
  ///   - line: Where the requirement is declared; leave the default.
  public mutating func require<Factory, LifetimeOption, Decorator, Value>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>, fileID: String = #fileID, line: Int = #line
  ) {
    // A required key's test behaviour satisfies it in a test graph, as a default does everywhere.
    let isSatisfied = !key.isRequired || (environment == .test && key.testBinding != nil)
    registrations.append(.require(key, isSatisfiedByDefault: isSatisfied, source(fileID, line)))
  }
}

extension Bindings {
  /// Names a key the app resolves that no module binds and no other key depends on — a screen's view
  /// model, built by its default factory — so that building the graph checks it, and everything it
  /// depends on, with the rest.
  ///
  /// ```swift
  /// struct ScreensModule: Module {
  ///   func register(into b: inout Bindings) {
  ///     b.expose(.profileViewModel)
  ///     b.expose(.followersViewModel)
  ///   }
  /// }
  /// ```
  ///
  /// A graph knows every key its modules bind, override, decorate, require or expose, and every key
  /// those reach through declared dependencies; see <doc:DeclaringDependencies>.
  ///
  /// - Parameters:
  ///   - key: A key the app resolves.
  ///   - fileID: Where the key is exposed; leave the default.
  ///   - line: Where the key is exposed; leave the default.
  public mutating func expose<Factory, LifetimeOption, Decorator, Value>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>, fileID: String = #fileID, line: Int = #line
  ) {
    registrations.append(.expose(key, source(fileID, line)))
  }
}

/// One thing a module registered.
enum Registration {
  case bind(Keys, AnyBinding, isOverride: Bool)
  case contribute(AnyContribution)
  // Indirect: rare, and its source would make every registration as large.
  indirect case require(Keys, isSatisfiedByDefault: Bool, BindingSource)
  case decorate(Keys, Decoration)
  // Indirect: rare, and its source would make every registration as large.
  indirect case expose(Keys, BindingSource)

  /// The key registered for.
  var key: Keys {
    switch self {
    case .bind(let key, _, _), .require(let key, _, _), .decorate(let key, _), .expose(let key, _): key
    case .contribute(let contribution): contribution.key
    }
  }
}
