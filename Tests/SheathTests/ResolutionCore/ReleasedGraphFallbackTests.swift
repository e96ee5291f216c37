import Sheath
import Testing

// A provider or lazy value a shared instance made keeps resolving after its graph was released, from
// the nearest live graph above, when nothing the key needs depends on the released graph.

private final class Clock: Sendable {}
private final class FormPart: Sendable {
  let clock: Lazy<Clock>
  let flowClock: Provider<Clock>
  init(clock: Lazy<Clock>, flowClock: Provider<Clock>) {
    self.clock = clock
    self.flowClock = flowClock
  }
}

extension Scope {
  fileprivate static let form = Scope("form")
}

extension Keys {
  fileprivate static var lazilyResolved: Key<Clock> {
    Key(
      name: "Keys.lazilyResolved", fileID: "App/Keys.swift", line: 1
    ) {
      Clock()
    }
  }
  fileprivate static var formClock: Key<Clock> {
    Key(
      .scoped(.form), name: "Keys.formClock", fileID: "App/Keys.swift", line: 3
    ) { Clock() }
  }
  fileprivate static var formPart: Key<FormPart> {
    Key(
      .scoped(.form), .lazilyResolved.lazy, .formClock.provider, name: "Keys.formPart", fileID: "App/Keys.swift",
      line: 5
    ) { clock, flowClock in FormPart(clock: clock, flowClock: flowClock) }
  }
}

/// Keeps the resolver its factory was lent, which a factory should not do.
private final class KeptResolver: Sendable {
  let resolver: Resolver
  init(_ resolver: Resolver) { self.resolver = resolver }
}

/// A form's shared instance that keeps providers of a collection and of a clock, which the form's
/// modules contribute to and decorate.
private final class FormExtras: Sendable {
  let names: Provider<[String]>
  let clock: Provider<Clock>
  init(names: Provider<[String]>, clock: Provider<Clock>) {
    self.names = names
    self.clock = clock
  }
}

extension Keys {
  fileprivate static var formNames: CollectionKey<String> {
    CollectionKey(name: "Keys.formNames", fileID: "App/Keys.swift", line: 7)
  }
  fileprivate static var formExtras: Key<FormExtras> {
    Key(.scoped(.form), .formNames.provider, .lazilyResolved.provider) { FormExtras(names: $0, clock: $1) }
  }
}

private struct ContributingFormModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .formNames, fileID: "App/FormModule.swift", line: 4) { "form" }
  }
}

private struct DecoratingFormModule: Module {
  func register(into b: inout Bindings) {
    b.decorate(.lazilyResolved, fileID: "App/FormModule.swift", line: 6) { _, clock in clock }
  }
}

/// A form's shared instance that keeps its factory's resolver, and a provider made from it.
private final class SharedKeeper: Sendable {
  let resolver: Resolver
  let clock: Provider<Clock>
  init(_ resolver: Resolver) {
    self.resolver = resolver
    self.clock = resolver.provider(.lazilyResolved)
  }
}

/// A form's shared instance that keeps a provider of a transient key whose factory keeps its resolver.
private final class KeeperMaker: Sendable {
  let makeKeeper: Provider<KeptResolver>
  init(makeKeeper: Provider<KeptResolver>) { self.makeKeeper = makeKeeper }
}

extension Keys {
  fileprivate static var keeperMaker: Key<KeeperMaker> {
    Key(.scoped(.form), .formKeeper.provider) { KeeperMaker(makeKeeper: $0) }
  }
  fileprivate static var formKeeper: Key<KeptResolver> {
    Key<KeptResolver>(name: "Keys.formKeeper") { r in KeptResolver(r) }
  }
  fileprivate static var sharedFormKeeper: Key<SharedKeeper> {
    Key<SharedKeeper>(.scoped(.form), name: "Keys.sharedFormKeeper") { r in SharedKeeper(r) }
  }
}

private struct FormModule: Module {
  func register(into b: inout Bindings) {
    b.override(.lazilyResolved, fileID: "App/FormModule.swift", line: 2) { Clock() }
  }
}

@Suite("A provider whose graph was released")
struct ReleasedGraphFallbackTests {
  @Test("resolves a key that needs nothing of the released graph from the nearest live graph above")
  func resolvesAbove() throws {
    let app = try Graph(modules: [])
    // Swinject's `.graph` scope, as the migration guide first wrote it: a child per resolution,
    // released at the end of the line; only the root object is kept.
    let part = app.child(scope: .form)[.formPart]
    #expect(part.clock.value === part.clock.value)  // read later, from the app graph
  }

  @Test("stops for a key scoped to the released graph's scope, saying why")
  func stopsForTheReleasedScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let part = app.child(scope: .form)[.formPart]
      _ = part.flowClock()
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.formClock was resolved through a provider, lazy value or factory whose graph was released
        Keys.formClock (Clock, App/Keys.swift:3)
        the graph was a child graph that opened .form; a factory of one of the graph's instances made it, and what the graph's instances hold does not keep their graph alive
        it cannot be resolved from the nearest live graph above instead: Keys.formClock is scoped to .form, which a released graph opened
      fix: keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph), or resolve the value in the factory instead of later
      """)
  }

  @Test("stops for a key the released graph bound differently: the graph above would give another value")
  func stopsForAnotherBinding() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let part = try app.child(scope: .form, modules: [FormModule()])[.formPart]
      _ = part.clock.value
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.lazilyResolved was resolved through a provider, lazy value or factory whose graph was released
        Keys.lazilyResolved (Clock, App/Keys.swift:1)
        the graph was a child graph that opened .form; a factory of one of the graph's instances made it, and what the graph's instances hold does not keep their graph alive
        it cannot be resolved from the nearest live graph above instead: Keys.lazilyResolved is bound differently in the released graph, by FormModule (App/FormModule.swift:2)
      fix: keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph), or resolve the value in the factory instead of later
      """)
  }

  @Test(
    "a resolver that a factory run by a shared instance's provider kept stops too, as does a provider made from a shared instance's kept resolver once its graph is gone"
  )
  func resolversOfWhatASharedInstanceKeptStop() async throws {
    let kept = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      // Made while the form lives, through the form's data controller's provider.
      var form: Graph? = app.child(scope: .form)
      let keeper = try #require(form?[.keeperMaker].makeKeeper())
      form = nil
      _ = keeper.resolver[.lazilyResolved]
      withExtendedLifetime(app) {}
    }
    #expect(
      trapMessage(kept).hasPrefix(
        "Sheath: Keys.lazilyResolved was resolved through a resolver kept after its graph was released\n"),
      "\(trapMessage(kept))")
    let madeLater = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let keeper = app.child(scope: .form)[.sharedFormKeeper]
      _ = keeper.resolver.provider(.lazilyResolved)
      withExtendedLifetime(app) {}
    }
    #expect(
      trapMessage(madeLater).hasPrefix(
        "Sheath: Keys.lazilyResolved was resolved through a resolver kept after its graph was released\n"),
      "\(trapMessage(madeLater))")
  }

  @Test("stops for a collection the released graph's modules contributed to, naming the contribution")
  func stopsForAContribution() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let extras = try app.child(scope: .form, modules: [ContributingFormModule()])[.formExtras]
      _ = extras.names()
    }
    #expect(
      trapMessage(result).contains(
        "  it cannot be resolved from the nearest live graph above instead: Keys.formNames has contributions in the released graph that the graph above has not, by ContributingFormModule (App/FormModule.swift:4)\n"
      ), "\(trapMessage(result))")
  }

  @Test("stops for a key the released graph's modules decorated, naming the decorator")
  func stopsForADecorator() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let extras = try app.child(scope: .form, modules: [DecoratingFormModule()])[.formExtras]
      _ = extras.clock()
    }
    #expect(
      trapMessage(result).contains(
        "  it cannot be resolved from the nearest live graph above instead: Keys.lazilyResolved is decorated in the released graph, by DecoratingFormModule (App/FormModule.swift:6)\n"
      ), "\(trapMessage(result))")
  }

  @Test("stops when no graph above the released one is alive either")
  func stopsWhenEverythingIsReleased() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      // Nothing keeps the app graph: it goes with its child.
      let part = try Graph(modules: []).child(scope: .form)[.formPart]
      _ = part.clock.value
    }
    #expect(
      trapMessage(result).contains(
        "  it cannot be resolved from the nearest live graph above instead: no graph above it is alive either\n"))
  }

  @Test("stops for a resolver a factory kept: only what a shared instance made keeps the graphs above")
  func stopsForAKeptResolver() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let kept = app.child(scope: .form)[.formKeeper]
      _ = kept.resolver[.lazilyResolved]
      withExtendedLifetime(app) {}
    }
    #expect(
      trapMessage(result).contains(
        "  the graph was a child graph that opened .form; a factory kept the resolver it received, which does not keep the graph alive, and a kept resolver never resolves from another graph\n"
      ))
  }

  @Test(
    "a resolver a shared instance's factory kept stops too, though a provider the same factory made resolves from the graph above"
  )
  func keptResolverOfSharedInstance() async throws {
    // The provider resolves from the app graph once the form is gone.
    let app = try Graph(modules: [])
    var form: Graph? = app.child(scope: .form)
    let keeper = try #require(form?[.sharedFormKeeper])
    form = nil
    _ = keeper.clock()
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let keeper = app.child(scope: .form)[.sharedFormKeeper]
      _ = keeper.resolver[.lazilyResolved]
      withExtendedLifetime(app) {}
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.lazilyResolved was resolved through a resolver kept after its graph was released
        Keys.lazilyResolved (Clock, App/Keys.swift:1)
        the graph was a child graph that opened .form; a factory kept the resolver it received, which does not keep the graph alive, and a kept resolver never resolves from another graph
      fix: keep a provider, lazy value or assisted factory instead (r.provider(.key), r.lazy(.key)), made in the factory, and keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph)
      """)
  }
}
