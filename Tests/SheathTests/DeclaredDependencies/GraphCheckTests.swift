import Sheath
import Testing

// Named and placed explicitly, so the pinned messages read like an app's.
extension Keys {
  // Cleanse's ErrorTest.testMissingProviders, translated: four bindings missing, two of them needed by
  // one factory each, two by the same factory.
  fileprivate static var missingA: Key<Int> {
    Key<Int>.required(name: "Keys.missingA", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var missingB: Key<String> {
    Key<String>.required(name: "Keys.missingB", fileID: "App/Keys.swift", line: 2)
  }
  fileprivate static var missingC: Key<Double> {
    Key<Double>.required(name: "Keys.missingC", fileID: "App/Keys.swift", line: 3)
  }
  fileprivate static var missingD: Key<Bool> {
    Key<Bool>.required(name: "Keys.missingD", fileID: "App/Keys.swift", line: 4)
  }
  fileprivate static var needsA: Key<Instance> {
    Key(
      .singleton, .missingA, name: "Keys.needsA", fileID: "App/Keys.swift", line: 5
    ) {
      _ in neverBuilt(Instance(), "needsA")
    }
  }
  fileprivate static var needsBC: Key<Instance> {
    Key(
      .transient, .missingB, .missingC, name: "Keys.needsBC", fileID: "App/Keys.swift", line: 6
    ) { _, _ in neverBuilt(Instance(), "needsBC") }
  }
  fileprivate static var root: Key<Instance> {
    Key(
      .transient, .needsA, .needsBC, .missingD, name: "Keys.root", fileID: "App/Keys.swift", line: 7
    ) { _, _, _ in neverBuilt(Instance(), "root") }
  }

  // A cycle of three, and the same with one edge deferred.
  fileprivate static var cycleA: Key<Instance> {
    Key(
      .singleton, .cycleB, name: "Keys.cycleA", fileID: "App/Keys.swift", line: 10
    ) {
      _ in neverBuilt(Instance(), "cycleA")
    }
  }
  fileprivate static var cycleB: Key<Instance> {
    Key(
      .transient, .cycleC, name: "Keys.cycleB", fileID: "App/Keys.swift", line: 11
    ) {
      _ in neverBuilt(Instance(), "cycleB")
    }
  }
  fileprivate static var cycleC: Key<Instance> {
    Key(
      .transient, .cycleA, name: "Keys.cycleC", fileID: "App/Keys.swift", line: 12
    ) {
      _ in neverBuilt(Instance(), "cycleC")
    }
  }
  fileprivate static var deferredC: Key<Instance> {
    Key(
      .transient, .deferredA.provider, name: "Keys.deferredC", fileID: "App/Keys.swift", line: 15
    ) { _ in Instance() }
  }
  fileprivate static var deferredA: Key<Instance> {
    Key(
      .singleton, .deferredC, name: "Keys.deferredA", fileID: "App/Keys.swift", line: 16
    ) {
      _ in Instance()
    }
  }

  // A flow's store that keeps a lazy value of a transient checkout, which needs the store: a reference
  // cycle once the lazy value is read. The same through a provider holds nothing.
  fileprivate static var lazyStore: Key<Instance> {
    Key(
      .scoped(.flow), .lazyCheckout.lazy, name: "Keys.lazyStore", fileID: "App/Keys.swift", line: 20
    ) { _ in neverBuilt(Instance(), "lazyStore") }
  }
  fileprivate static var lazyCheckout: Key<Instance> {
    Key(
      .transient, .lazyStore, name: "Keys.lazyCheckout", fileID: "App/Keys.swift", line: 21
    ) { _ in neverBuilt(Instance(), "lazyCheckout") }
  }

  // A per-resolution key that keeps a lazy value of a transient key which needs it: read while the
  // resolution runs, the lazy value gets the same per-resolution instance.
  fileprivate static var draftForm: Key<Instance> {
    Key(
      .perResolution, .draftField.lazy, name: "Keys.draftForm", fileID: "App/Keys.swift", line: 22
    ) { _ in neverBuilt(Instance(), "draftForm") }
  }
  fileprivate static var draftField: Key<Instance> {
    Key(
      .transient, .draftForm, name: "Keys.draftField", fileID: "App/Keys.swift", line: 23
    ) { _ in neverBuilt(Instance(), "draftField") }
  }

  // Two transient keys that need each other, one of which needs a singleton that needs the other: a
  // lazy value would close a reference cycle through the singleton, outside the cycle reported.
  fileprivate static var pagerA: Key<Instance> {
    Key(.transient, .pagerB, name: "Keys.pagerA", fileID: "App/Keys.swift", line: 24) { _ in
      neverBuilt(Instance(), "pagerA")
    }
  }
  fileprivate static var pagerB: Key<Instance> {
    Key(.transient, .pagerA, .pagerCache, name: "Keys.pagerB", fileID: "App/Keys.swift", line: 25) { _, _ in
      neverBuilt(Instance(), "pagerB")
    }
  }
  fileprivate static var pagerCache: Key<Instance> {
    Key(.singleton, .pagerA.optional, name: "Keys.pagerCache", fileID: "App/Keys.swift", line: 26) { _ in
      neverBuilt(Instance(), "pagerCache")
    }
  }

  // Two flow-scoped keys that need each other.
  fileprivate static var flowCart: MainActorKey<Instance> {
    MainActorKey(.scoped(.flow), .flowCheckout, name: "Keys.flowCart", fileID: "App/Keys.swift", line: 17) { _ in
      Instance()
    }
  }
  fileprivate static var flowCheckout: MainActorKey<Instance> {
    MainActorKey(.scoped(.flow), .flowCart, name: "Keys.flowCheckout", fileID: "App/Keys.swift", line: 18) { _ in
      Instance()
    }
  }

  // A singleton that holds a flow's data controller through two transient keys.
  fileprivate static var flowData: Key<Instance> {
    Key(
      .scoped(.flow), name: "Keys.flowData", fileID: "App/Keys.swift", line: 20
    ) {
      neverBuilt(Instance(), "flowData")
    }
  }
  fileprivate static var presenter: Key<Instance> {
    Key(
      .transient, .flowData, name: "Keys.presenter", fileID: "App/Keys.swift", line: 21
    ) {
      _ in neverBuilt(Instance(), "presenter")
    }
  }
  fileprivate static var formatter: Key<Instance> {
    Key(
      .transient, .presenter, name: "Keys.formatter", fileID: "App/Keys.swift", line: 22
    ) {
      _ in neverBuilt(Instance(), "formatter")
    }
  }
  fileprivate static var recommender: Key<Instance> {
    Key(
      .singleton, .formatter, name: "Keys.recommender", fileID: "App/Keys.swift", line: 23
    ) { _ in neverBuilt(Instance(), "recommender") }
  }
  fileprivate static var patientRecommender: Key<Instance> {
    Key(
      .scoped(.flow), .presenter.provider, name: "Keys.patientRecommender", fileID: "App/Keys.swift", line: 24
    ) { _ in Instance() }
  }
  // A main-actor key that declares an async key directly: a dependency its factory cannot take.
  fileprivate static var loadedCount: AsyncKey<Int> {
    AsyncKey(name: "Keys.loadedCount", fileID: "App/Keys.swift", line: 35) { 1 }
  }
  fileprivate static var countLabel: MainActorKey<Int> {
    MainActorKey(.transient, .loadedCount, name: "Keys.countLabel", fileID: "App/Keys.swift", line: 36) { $0 }
  }
  // A flow's instance that holds a `.weak` one would keep it alive for the whole flow.
  fileprivate static var flowThumbnails: Key<Instance> {
    Key(.scoped(.flow), .sharedCache, name: "Keys.flowThumbnails", fileID: "App/Keys.swift", line: 34) { _ in
      neverBuilt(Instance(), "flowThumbnails")
    }
  }
  // A singleton's provider resolves from the root graph, where no flow is open.
  fileprivate static var providingRecommender: Key<Instance> {
    Key(
      .singleton, .presenter.provider, name: "Keys.providingRecommender", fileID: "App/Keys.swift", line: 29
    ) { _ in neverBuilt(Instance(), "providingRecommender") }
  }
  // What a provider resolves later is not held: a singleton may keep a provider of a `.weak` key.
  fileprivate static var weakProvidingRecommender: Key<Instance> {
    Key(
      .singleton, .sharedCache.provider, name: "Keys.weakProvidingRecommender", fileID: "App/Keys.swift", line: 33
    ) { _ in Instance() }
  }

  // `.weak` keys: one holds a flow's data controller, one through a transient key, one holds a singleton.
  fileprivate static var imageCache: Key<Instance> {
    Key(.weak, .flowData, name: "Keys.imageCache", fileID: "App/Keys.swift", line: 25) { _ in
      neverBuilt(Instance(), "imageCache")
    }
  }
  fileprivate static var thumbnails: Key<Instance> {
    Key(.weak, .presenter, name: "Keys.thumbnails", fileID: "App/Keys.swift", line: 26) { _ in
      neverBuilt(Instance(), "thumbnails")
    }
  }
  fileprivate static var session: Key<Instance> {
    Key(.singleton, name: "Keys.session", fileID: "App/Keys.swift", line: 27) { Instance() }
  }
  fileprivate static var sharedCache: Key<Instance> {
    Key(.weak, .session, name: "Keys.sharedCache", fileID: "App/Keys.swift", line: 28) { _ in Instance() }
  }

  // A view model nobody depends on, that needs a key nothing binds.
  fileprivate static var viewModel: Key<Instance> {
    Key(
      .transient, .missingA, name: "Keys.viewModel", fileID: "App/Keys.swift", line: 30
    ) {
      _ in neverBuilt(Instance(), "viewModel")
    }
  }
  fileprivate static var escapeHatch: Key<Instance> {
    Key(name: "Keys.escapeHatch", fileID: "App/Keys.swift", line: 31) { r in
      _ = r[.missingA]
      return Instance()
    }
  }

  // Needs a binding one graph below has and another lacks: checked by each graph's table in turn.
  fileprivate static var needsBLater: Key<Instance> {
    Key(.transient, .missingB, name: "Keys.needsBLater", fileID: "App/Keys.swift", line: 32) { _ in Instance() }
  }
}

/// A key no graph knows, declared after every key before it: made when it is called, with a slot past
/// those that existed when a graph was built.
private func keyMadeNow(_ index: Int, needing dependency: Key<String>) -> Key<String> {
  Key(.transient, dependency, name: "Keys.madeNow\(index)", fileID: "App/Keys.swift", line: 40) { $0 + "!" }
}

@Suite("Declared dependencies: the graph checked when it is built")
struct GraphCheckTests {
  @Test("every missing binding of every factory, with the path that needs it (Cleanse's four missing providers)")
  func everyMissingBinding() {
    expectText(
      buildError([TestModule { b in b.expose(.root) }]),
      """
      Sheath could not build the graph (4 problems):

      error: missing binding for required key Keys.missingD (Bool, App/Keys.swift:4)
        needed by Keys.root → Keys.missingD
      fix: bind it in one of the installed modules: b.bind(.missingD) { … }

      error: missing binding for required key Keys.missingA (Int, App/Keys.swift:1)
        needed by Keys.root → Keys.needsA → Keys.missingA
      fix: bind it in one of the installed modules: b.bind(.missingA) { … }

      error: missing binding for required key Keys.missingB (String, App/Keys.swift:2)
        needed by Keys.root → Keys.needsBC → Keys.missingB
      fix: bind it in one of the installed modules: b.bind(.missingB) { … }

      error: missing binding for required key Keys.missingC (Double, App/Keys.swift:3)
        needed by Keys.root → Keys.needsBC → Keys.missingC
      fix: bind it in one of the installed modules: b.bind(.missingC) { … }
      """)
  }

  @Test("a key every path needs is reported once, with each key that needs it")
  func oneKeyManyDependents() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.needsA); b.expose(.viewModel)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.missingA (Int, App/Keys.swift:1)
        needed by Keys.needsA → Keys.missingA
        needed by Keys.viewModel → Keys.missingA
      fix: bind it in one of the installed modules: b.bind(.missingA) { … }
      """)
  }

  @Test("an exposed key that nothing binds names where it was exposed")
  func exposedRequiredKey() {
    expectText(
      buildError([TestModule { b in b.expose(.missingB, fileID: "App/ScreensModule.swift", line: 8) }]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.missingB (String, App/Keys.swift:2)
        exposed by TestModule (App/ScreensModule.swift:8)
      fix: bind it in one of the installed modules: b.bind(.missingB) { … }
      """)
  }

  @Test("binding the missing keys makes the graph build, and it resolves")
  func boundGraphResolves() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.missingA, to: 1)
        b.bind(.missingB, to: "b")
        b.bind(.missingC, to: 2.5)
        b.bind(.missingD, to: true)
        b.expose(.viewModel)
      }
    ])
    #expect(graph.knownKeyNames.contains("Keys.viewModel"))
  }

  @Test("a cycle of direct dependencies is reported with its whole path, from the key reached first")
  func cycle() {
    expectText(
      buildError([TestModule { b in b.expose(.cycleB) }]),
      """
      Sheath could not build the graph (1 problem):

      error: dependency cycle
        Keys.cycleB (Instance, App/Keys.swift:11)
        → Keys.cycleC (Instance, App/Keys.swift:12)
        → Keys.cycleA (Instance, App/Keys.swift:10)
        → Keys.cycleB
      fix: declare one of these dependencies as .provider (Key(.transient, .cycleC.provider) { … }) and resolve it after the factory returns, or split a type so the cycle disappears
      """)
  }

  @Test(
    "a per-resolution key that would hold itself through a lazy value read while its resolution runs is a reference cycle"
  )
  func lazyReferenceCycleOfPerResolutionKey() {
    expectText(
      buildError([TestModule { b in b.expose(.draftField) }]),
      """
      Sheath could not build the graph (1 problem):

      error: reference cycle: Keys.draftForm is .perResolution, and holds itself through Keys.draftField.lazy once it is read
        Keys.draftForm (Instance, App/Keys.swift:22)
        → Keys.draftField.lazy (Lazy<Instance>, App/Keys.swift:23)
        → Keys.draftField (Instance, App/Keys.swift:23)
        → Keys.draftForm
        a lazy value keeps the value it resolved unless the graph owns it, and Keys.draftField is .transient: neither Keys.draftForm nor that value would ever be released
        a lazy value read while the resolution that built Keys.draftForm runs resolves within it, and gets that Keys.draftForm again
      fix: declare .draftField.provider in place of .draftField.lazy (a provider keeps nothing it resolves), or split a type so the cycle disappears
      """)
  }

  @Test("a cycle's fix offers .lazy only where it closes no reference cycle, through keys outside the cycle too")
  func cycleFixLooksPastTheCycle() {
    let message = buildError([TestModule { b in b.expose(.pagerA) }])
    #expect(message.contains("error: dependency cycle"), "\(message)")
    #expect(message.contains("fix: declare one of these dependencies as .provider ("), "\(message)")
    #expect(!message.contains(".provider or .lazy"), "\(message)")
  }

  @Test(
    "a shared key that would hold itself through a lazy value of a transient key is a reference cycle, reported from the shared key"
  )
  func lazyReferenceCycle() {
    expectText(
      buildError([TestModule { b in b.expose(.lazyCheckout) }]),
      """
      Sheath could not build the graph (1 problem):

      error: reference cycle: Keys.lazyStore is .scoped(.flow), and holds itself through Keys.lazyCheckout.lazy once it is read
        Keys.lazyStore (Instance, App/Keys.swift:20)
        → Keys.lazyCheckout.lazy (Lazy<Instance>, App/Keys.swift:21)
        → Keys.lazyCheckout (Instance, App/Keys.swift:21)
        → Keys.lazyStore
        a lazy value keeps the value it resolved unless the graph owns it, and Keys.lazyCheckout is .transient: neither Keys.lazyStore nor that value would ever be released
      fix: declare .lazyCheckout.provider in place of .lazyCheckout.lazy (a provider keeps nothing it resolves), or split a type so the cycle disappears
      """)
  }

  @Test("a cycle's fix writes the holder's kind of key with the holder's own lifetime")
  func cycleFixKeepsTheLifetime() {
    expectText(
      buildError([TestModule { b in b.expose(.flowCart) }]),
      """
      Sheath could not build the graph (1 problem):

      error: dependency cycle
        Keys.flowCart (Instance, App/Keys.swift:17)
        → Keys.flowCheckout (Instance, App/Keys.swift:18)
        → Keys.flowCart
      fix: declare one of these dependencies as .provider (MainActorKey(.scoped(.flow), .flowCheckout.provider) { … }) and resolve it after the factory returns, or split a type so the cycle disappears
      """)
  }

  @Test("a cycle through a .provider is legal, and resolves")
  func deferredCycle() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.deferredA) }])
    #expect(graph[.deferredA] === graph[.deferredA])
  }

  @Test("a singleton that holds a scoped key through any number of transient keys is captive")
  func captiveThroughTransients() {
    expectText(
      buildError([TestModule { b in b.expose(.recommender) }]),
      """
      Sheath could not build the graph (1 problem):

      error: captive dependency: Keys.recommender (Instance, App/Keys.swift:23) is .singleton, but holds Keys.flowData (Instance, App/Keys.swift:20), which is .scoped(.flow)
        Keys.recommender → Keys.formatter → Keys.presenter → Keys.flowData
      fix: give Keys.recommender a lifetime no longer than .scoped(.flow), or resolve Keys.flowData from a graph that opens .flow and pass it to the method that needs it
      """)
  }

  @Test(
    "a .weak key that holds a scoped key, directly or through transient keys, is captive: the resolver could not build it"
  )
  func weakHoldingScoped() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.imageCache); b.expose(.thumbnails)
        }
      ]),
      """
      Sheath could not build the graph (2 problems):

      error: captive dependency: Keys.imageCache (Instance, App/Keys.swift:25) is .weak, but holds Keys.flowData (Instance, App/Keys.swift:20), which is .scoped(.flow)
        Keys.imageCache → Keys.flowData
        a .weak instance lives in the graph that binds Keys.imageCache and is shared by every graph below it, so it cannot hold one graph's .scoped(.flow) instance
      fix: give Keys.imageCache the lifetime .scoped(.flow), or resolve Keys.flowData from a graph that opens .flow and pass it to the method that needs it

      error: captive dependency: Keys.thumbnails (Instance, App/Keys.swift:26) is .weak, but holds Keys.flowData (Instance, App/Keys.swift:20), which is .scoped(.flow)
        Keys.thumbnails → Keys.presenter → Keys.flowData
        a .weak instance lives in the graph that binds Keys.thumbnails and is shared by every graph below it, so it cannot hold one graph's .scoped(.flow) instance
      fix: give Keys.thumbnails the lifetime .scoped(.flow), or resolve Keys.flowData from a graph that opens .flow and pass it to the method that needs it
      """)
  }

  @Test("a scoped key that holds a .weak key is captive: it would keep the .weak instance for its whole scope")
  func scopedHoldingWeak() {
    expectText(
      buildError([TestModule { b in b.expose(.flowThumbnails) }]),
      """
      Sheath could not build the graph (1 problem):

      error: captive dependency: Keys.flowThumbnails (Instance, App/Keys.swift:34) is .scoped(.flow), but holds Keys.sharedCache (Instance, App/Keys.swift:28), which is .weak
        Keys.flowThumbnails → Keys.sharedCache
      fix: give Keys.flowThumbnails a lifetime no longer than .weak, or declare .sharedCache.provider and resolve it when needed
      """)
  }

  @Test(
    "problems come grouped by kind — missing bindings, cycles, captive dependencies, unusable dependencies — not in registration order"
  )
  func problemsByKind() throws {
    do {
      _ = try Graph(modules: [
        TestModule { b in
          b.expose(.countLabel)
          b.expose(.recommender)
          b.expose(.cycleA)
          b.expose(.needsA)
        }
      ])
      Issue.record("the graph built")
    } catch let error as GraphError {
      #expect(
        error.problems.map(\.kind) == [.missingBinding, .dependencyCycle, .captiveDependency, .unusableDependency])
      #expect(error.problems.map(\.keyName) == ["Keys.missingA", "Keys.cycleA", "Keys.recommender", "Keys.countLabel"])
    }
  }

  @Test("a lifetime a module's binding gave a key is named with that module")
  func captiveThroughAModulesLifetime() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.sharedCache)
          b.override(.session, .scoped(.flow), fileID: "App/Overrides.swift", line: 3) { Instance() }
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: captive dependency: Keys.sharedCache (Instance, App/Keys.swift:28) is .weak, but holds Keys.session (Instance, App/Keys.swift:27), which is .scoped(.flow)
        Keys.sharedCache → Keys.session
        Keys.session is .scoped(.flow) as TestModule (App/Overrides.swift:3) binds it
        a .weak instance lives in the graph that binds Keys.sharedCache and is shared by every graph below it, so it cannot hold one graph's .scoped(.flow) instance
      fix: give Keys.sharedCache the lifetime .scoped(.flow), or resolve Keys.session from a graph that opens .flow and pass it to the method that needs it
      """)
  }

  @Test(
    "the rule is the same wherever the key is bound: a .weak key bound in a flow's own graph may not hold the flow's key"
  )
  func weakHoldingScopedInTheFlow() throws {
    let flow = try Graph(modules: []).child(scope: .flow)
    let error = buildError(
      [TestModule { b in b.override(.imageCache, .weak, .flowData) { _ in Instance() } }], parent: flow)
    #expect(
      error.contains(
        "error: captive dependency: Keys.imageCache (Instance, App/Keys.swift:25) is .weak, but holds Keys.flowData"))
  }

  @Test("a .weak key that holds a singleton builds, and resolves from a flow")
  func weakHoldingSingleton() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.sharedCache) }])
    let flow = graph.child(scope: .flow)
    let cache = flow[.sharedCache]
    #expect(graph[.sharedCache] === cache)
  }

  @Test("a scoped key may keep a provider of a key that needs its scope; a singleton may keep one of a .weak key")
  func providerIsNotCaptive() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.expose(.patientRecommender)
        b.expose(.weakProvidingRecommender)
      }
    ])
    _ = graph.child(scope: .flow)[.patientRecommender]
    _ = graph[.weakProvidingRecommender]
  }

  @Test(
    "a singleton that keeps a provider of a scoped key is captive: the provider resolves from the singleton's graph, where no flow is open"
  )
  func providerOfScopedKeyFromSingleton() {
    let error = buildError([TestModule { b in b.expose(.providingRecommender) }])
    expectText(
      error,
      """
      Sheath could not build the graph (1 problem):

      error: captive dependency: Keys.providingRecommender (Instance, App/Keys.swift:29) is .singleton, but resolves Keys.flowData (Instance, App/Keys.swift:20), which is .scoped(.flow), later through Keys.presenter.provider
        Keys.providingRecommender → Keys.presenter.provider → Keys.presenter → Keys.flowData
        a provider, lazy value or factory that Keys.providingRecommender's factory keeps resolves from the graph that owns Keys.providingRecommender, and no graph from there to the root opens .flow
      fix: give Keys.providingRecommender a lifetime no longer than .scoped(.flow), or resolve Keys.flowData from a graph that opens .flow and pass it to the method that needs it
      """)
  }

  @Test(
    "the same rule for a singleton a flow's own module binds: the reason says it holds wherever the key is bound, not that no graph opens the flow"
  )
  func providerOfScopedKeyFromSingletonBoundInTheFlow() throws {
    let flow = try Graph(modules: []).child(scope: .flow)
    let error = buildError(
      [
        TestModule { b in
          b.override(.providingRecommender, .singleton, .presenter.provider) { _ in Instance() }
        }
      ], parent: flow)
    #expect(
      error.contains(
        "  a provider, lazy value or factory that Keys.providingRecommender's factory keeps resolves from the graph that owns Keys.providingRecommender, and a .singleton key may not reach a .scoped(.flow) key even that way, wherever it is bound\n"
      ), "\(error)")
    #expect(!error.contains("no graph from there to the root opens"), "\(error)")
  }

  @Test("a key that needs a scope is no error in a graph that does not open it")
  func scopedKeysOutsideTheirScope() throws {
    _ = try Graph(modules: [TestModule { b in b.expose(.formatter) }])
  }

  @Test("registration problems and the check's problems are reported together")
  func allAtOnce() {
    let module = TestModule { b in
      b.bind(.missingA, fileID: "App/One.swift", line: 1) { 1 }
      b.bind(.missingA, fileID: "App/Two.swift", line: 2) { 2 }
      b.expose(.needsBC)
    }
    expectText(
      buildError([module]),
      """
      Sheath could not build the graph (3 problems):

      error: duplicate binding for Keys.missingA (Int, App/Keys.swift:1)
        bound by TestModule (App/One.swift:1)
        bound by TestModule (App/Two.swift:2)
      fix: keep one of these bindings, or make the one that should win an override: b.override(.missingA) { … }

      error: missing binding for required key Keys.missingB (String, App/Keys.swift:2)
        needed by Keys.needsBC → Keys.missingB
      fix: bind it in one of the installed modules: b.bind(.missingB) { … }

      error: missing binding for required key Keys.missingC (Double, App/Keys.swift:3)
        needed by Keys.needsBC → Keys.missingC
      fix: bind it in one of the installed modules: b.bind(.missingC) { … }
      """)
  }

  @Test(
    "a child graph's modules are checked when the child is made, with its parent's keys: a cycle its binding closes through a key it builds"
  )
  func childGraph() throws {
    let parent = try Graph(modules: [
      TestModule { b in
        b.bind(.missingB, to: "b"); b.bind(.missingC, to: 1.0); b.expose(.needsBC)
      }
    ])
    expectText(
      buildError([TestModule { b in b.override(.missingB, .needsBC) { _ in "c" } }], parent: parent, scope: .flow),
      """
      Sheath could not build the graph (1 problem):

      error: dependency cycle
        Keys.missingB (String, App/Keys.swift:2)
        → Keys.needsBC (Instance, App/Keys.swift:6)
        → Keys.missingB
      fix: declare one of these dependencies as .provider or .lazy (Key(.transient, .needsBC.provider) { … }) and resolve it after the factory returns, or split a type so the cycle disappears
      """)
    // A root singleton is another matter: the root builds it with its own bindings (ChildGraphCheckTests).
  }

  @Test("a key the graph did not know is checked on its first resolution, and stops before its factory runs")
  func unknownKeyCheckedOnFirstResolution() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      _ = graph[.needsBC, fileID: "App/Screen.swift", line: 12]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.needsBC (Instance, App/Keys.swift:6) cannot be resolved: the graph did not know it when it was built, and checking it now found 2 problems
        error: missing binding for required key Keys.missingB (String, App/Keys.swift:2)
          needed by Keys.needsBC → Keys.missingB
        fix: bind it in one of the installed modules: b.bind(.missingB) { … }
        error: missing binding for required key Keys.missingC (Double, App/Keys.swift:3)
          needed by Keys.needsBC → Keys.missingC
        fix: bind it in one of the installed modules: b.bind(.missingC) { … }
      fix: fix the problems above, and name the key in a module, b.expose(.needsBC), so that building the graph checks it
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/Screen.swift:12: Fatal error: Sheath: Keys.needsBC"), "\(standardError)")
  }

  @Test("a key the graph did not know, checked once, resolves")
  func unknownKeyResolves() throws {
    let graph = try Graph(modules: [TestModule { b in b.bind(.missingA, to: 1) }])
    #expect(!graph.knownKeys.contains { $0 === Keys.deferredA })
    #expect(graph[.deferredA] === graph[.deferredA])
  }

  @Test("a key one graph checked is checked again, before its factory runs, by a graph with other bindings")
  func keyCheckedByOneGraphIsCheckedByAnother() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let bound = try Graph(modules: [TestModule { b in b.bind(.missingB, to: "b") }])
      _ = bound[.needsBLater]
      _ = bound[.needsBLater]
      let unbound = try Graph(modules: [])
      _ = unbound[.needsBLater, fileID: "App/Screen.swift", line: 14]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.needsBLater (Instance, App/Keys.swift:32) cannot be resolved: the graph did not know it when it was built, and checking it now found 1 problem
        error: missing binding for required key Keys.missingB (String, App/Keys.swift:2)
          needed by Keys.needsBLater → Keys.missingB
        fix: bind it in one of the installed modules: b.bind(.missingB) { … }
      fix: fix the problems above, and name the key in a module, b.expose(.needsBLater), so that building the graph checks it
      """)
  }

  @Test("graphs with different bindings take turns resolving a key neither knew, each with its own binding")
  func graphsTakeTurnsWithAnUnknownKey() throws {
    let parent = try Graph(modules: [TestModule { b in b.bind(.missingB, to: "parent") }])
    let child = try parent.child(scope: .flow, modules: [TestModule { b in b.override(.missingB, to: "child") }])
    let key = keyMadeNow(0, needing: .missingB)
    for _ in 0..<3 {
      #expect(parent[key] == "parent!")
      #expect(child[key] == "child!")
    }
  }

  @Test("keys made after the graph, in any number and on several threads, are each checked and resolve")
  func keysMadeAfterTheGraphAreChecked() async throws {
    let graph = try Graph(modules: [TestModule { b in b.bind(.missingB, to: "b") }])
    // Far more keys than the graph had room for when it was built: their checks live in segments
    // made as they are needed, by whichever thread needs one first.
    let results = await withTaskGroup(of: [String].self) { group in
      for thread in 0..<4 {
        group.addTask {
          (0..<2_000).map { index in
            let key = keyMadeNow(thread * 2_000 + index, needing: .missingB)
            return graph[key] + graph[key]
          }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(results.count == 8_000)
    #expect(results.allSatisfy { $0 == "b!b!" })
  }

  @Test("a key made after the graph, past every slot it had room for, is checked before its factory runs")
  func keyMadeAfterTheGraphIsChecked() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      for index in 0..<5_000 { _ = keyMadeNow(index, needing: .missingB) }
      _ = graph[keyMadeNow(5_000, needing: .missingB), fileID: "App/Screen.swift", line: 15]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.madeNow5000 (String, App/Keys.swift:40) cannot be resolved: the graph did not know it when it was built, and checking it now found 1 problem
        error: missing binding for required key Keys.missingB (String, App/Keys.swift:2)
          needed by Keys.madeNow5000 → Keys.missingB
        fix: bind it in one of the installed modules: b.bind(.missingB) { … }
      fix: fix the problems above, and name the key in a module, b.expose(.madeNow5000), so that building the graph checks it
      """)
  }

  @Test("a factory that resolves through a resolver is known, and listed as unchecked")
  func escapeHatchIsUnchecked() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.escapeHatch) }])
    #expect(graph.knownKeyNames == ["Keys.escapeHatch"])
    #expect(graph.uncheckedKeyNames == ["Keys.escapeHatch"])
  }

  @Test("a decorated key is listed as unchecked: its decorators resolve through a resolver")
  func decoratedKeyIsUnchecked() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.missingA, to: 1)
        b.decorate(.needsA) { _, instance in instance }
      }
    ])
    #expect(graph.knownKeys.map(\.name) == ["Keys.missingA", "Keys.needsA"])
    #expect(graph.uncheckedKeys.map(\.name) == ["Keys.needsA"])
  }

  @Test("the graph knows every key its modules name and everything those reach")
  func knownKeys() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.missingA, to: 1)
        b.expose(.patientRecommender)
      }
    ])
    #expect(
      graph.knownKeyNames == [
        "Keys.missingA", "Keys.patientRecommender", "Keys.presenter.provider", "Keys.presenter", "Keys.flowData",
      ])
    #expect(graph.uncheckedKeyNames == [])
  }
}

extension Graph {
  fileprivate var knownKeyNames: [String] { knownKeys.map(\.name) }
  fileprivate var uncheckedKeyNames: [String] { uncheckedKeys.map(\.name) }
}
