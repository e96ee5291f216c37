import Foundation
import Sheath
import Testing

// The resolver a transient factory receives is lent by its graph: passing it retains nothing, and it
// does not keep the graph alive. It resolves anywhere while the graph lives — later, on another
// thread, inside another graph's request — and what a factory makes from it to keep (a provider, a
// lazy value, an assisted factory, a child graph factory) owns the graph.

/// What a factory kept of its resolver.
private final class KeptResolver: Sendable {
  let resolver: Resolver
  init(_ resolver: Resolver) { self.resolver = resolver }
}

/// Everything a factory can make from its resolver to resolve later.
private final class Keepers: Sendable {
  let provider: Provider<Instance>
  let lazy: Lazy<Instance>
  let makeNumbered: AssistedFactory<Int, Instance>
  let children: ChildGraphFactory<Void>

  init(
    provider: Provider<Instance>, lazy: Lazy<Instance>, makeNumbered: AssistedFactory<Int, Instance>,
    children: ChildGraphFactory<Void>
  ) {
    self.provider = provider
    self.lazy = lazy
    self.makeNumbered = makeNumbered
    self.children = children
  }
}

/// What a test hands to a factory that has no other way to reach it.
private let handedOver = Locked<(resolver: Resolver?, graph: Graph?)>((nil, nil))

extension Keys {
  fileprivate static var lentShared: Key<Instance> {
    Key<Instance>(
      .singleton, name: "Keys.lentShared", fileID: "App/Keys.swift", line: 1
    ) { _ in
      Instance()
    }
  }
  fileprivate static var lentPlain: Key<Instance> { Key<Instance> { _ in Instance(number: 1) } }
  fileprivate static var keeper: Key<KeptResolver> { Key<KeptResolver> { r in KeptResolver(r) } }
  fileprivate static var assistedKeeper: AssistedKey<Int, KeptResolver> {
    AssistedKey<Int, KeptResolver> { r, _ in KeptResolver(r) }
  }
  fileprivate static var lentNumbered: AssistedKey<Int, Instance> {
    AssistedKey<Int, Instance> { _, number in Instance(number: number) }
  }
  fileprivate static var lentChild: ChildGraphKey<Void> { ChildGraphKey(scope: .flow) }
  fileprivate static var keepers: Key<Keepers> {
    Key<Keepers> { r in
      Keepers(
        provider: r.provider(.lentShared), lazy: r.lazy(.lentShared), makeNumbered: r[.lentNumbered],
        children: r[.lentChild])
    }
  }
  /// Resolves through the resolver the test handed over, inside the request of whichever graph
  /// resolves this key: the resolver's own graph, or another.
  fileprivate static var throughHandedOver: Key<Instance> {
    Key<Instance> { _ in
      handedOver.withLock { $0.resolver }.unsafelyUnwrapped[.lentShared]
    }
  }
  /// Resolves the singleton on another thread, through its own resolver, while its factory waits.
  fileprivate static var fromAnotherThread: Key<Instance> {
    Key<Instance> { r in
      let found = Locked<Instance?>(nil)
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        found.withLock { $0 = r[.lentShared] }
        done.signal()
      }
      thread.start()
      done.wait()
      return found.withLock { $0 }.unsafelyUnwrapped
    }
  }
  /// Resolves the singleton before and after a request made on another graph.
  fileprivate static var aroundAnotherGraph: Key<[Instance]> {
    Key<[Instance]> { r in
      let before = r[.lentShared]
      let elsewhere = handedOver.withLock { $0.graph }.unsafelyUnwrapped[.lentShared]
      return [before, elsewhere, r[.lentShared]]
    }
  }
  fileprivate static var mainActorShared: MainActorKey<Instance> {
    MainActorKey<Instance>(.singleton) { _ in Instance() }
  }
  fileprivate static var mainActorKeeper: MainActorKey<MainActorProvider<Instance>> {
    MainActorKey<MainActorProvider<Instance>> { r in
      r.provider(.mainActorShared)
    }
  }
}

/// A type of an app's that holds a resolver, and so resolves as a graph or a resolver does.
private struct Screen: Resolving {
  let resolver: Resolver
}

/// A weak reference, to see whether something was released.
private final class Weak<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

@Suite("The resolver a factory receives", .serialized)
struct LentResolverTests {
  @Test(
    "kept after its factory returned, it resolves while the graph lives: on this thread, in the graph's next request, on another thread"
  )
  func keptWhileGraphLives() throws {
    let graph = try Graph(modules: [])
    let kept = graph[.keeper].resolver
    let shared = graph[.lentShared]
    #expect(kept[.lentShared] === shared)
    #expect(kept[.lentPlain].number == 1)

    handedOver.withLock { $0 = (kept, nil) }
    defer { handedOver.withLock { $0 = (nil, nil) } }
    #expect(graph[.throughHandedOver] === shared)

    let found = Locked<Instance?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      found.withLock { $0 = kept[.lentShared] }
      done.signal()
    }.start()
    done.wait()
    #expect(found.withLock { $0 } === shared)
  }

  @Test("used inside another graph's request, it resolves from its own graph")
  func insideAnotherGraphsRequest() throws {
    let graph = try Graph(modules: [])
    let other = try Graph(modules: [])
    handedOver.withLock { $0 = (graph[.keeper].resolver, other) }
    defer { handedOver.withLock { $0 = (nil, nil) } }

    // A factory of `other` resolves through `graph`'s kept resolver.
    #expect(other[.throughHandedOver] === graph[.lentShared])
    #expect(other[.lentShared] !== graph[.lentShared])

    // A factory of `graph` makes a request on `other`, then resolves through its own resolver again.
    let found = graph[.aroundAnotherGraph]
    #expect(found[0] === graph[.lentShared])
    #expect(found[1] === other[.lentShared])
    #expect(found[2] === graph[.lentShared])
  }

  @Test("handed to another thread during its factory's call, it resolves there")
  func handedToAnotherThread() throws {
    let graph = try Graph(modules: [])
    let first = graph[.fromAnotherThread]
    #expect(first === graph[.lentShared])
    #expect(graph[.fromAnotherThread] === first)
  }

  @Test(
    "what a factory makes from it to keep — a provider, a lazy value, an assisted factory, a child graph factory — keeps the graph alive"
  )
  func keepersOwnTheGraph() throws {
    var graph: Graph? = try Graph(modules: [])
    let reference = try Weak(#require(graph))
    var keepers = graph?[.keepers]
    let shared = graph?[.lentShared]
    graph = nil
    #expect(reference.object != nil)
    #expect(keepers?.provider() === shared)
    #expect(keepers?.lazy.value === shared)
    #expect(keepers?.makeNumbered(3).number == 3)
    #expect(keepers?.children.open().parent === reference.object)
    keepers = nil
    #expect(reference.object == nil)
  }

  @Test("a main-actor factory's provider keeps the graph alive")
  @MainActor
  func mainActorKeeperOwnsTheGraph() throws {
    var graph: Graph? = try Graph(modules: [])
    let reference = try Weak(#require(graph))
    var provider = graph?[.mainActorKeeper]
    let shared = graph?[.mainActorShared]
    graph = nil
    #expect(reference.object != nil)
    #expect(provider?() === shared)
    provider = nil
    #expect(reference.object == nil)
  }

  @Test("kept, it does not keep the graph alive")
  func keptDoesNotOwn() throws {
    var graph: Graph? = try Graph(modules: [])
    let reference = try Weak(#require(graph))
    let kept = graph?[.keeper]
    graph = nil
    #expect(reference.object == nil)
    #expect(kept != nil)
  }

  @Test(
    "a factory run by a provider's, a lazy value's or an assisted factory's call receives that caller's resolver: kept, it keeps the graph alive as the caller did"
  )
  func keptThroughKeepers() throws {
    var graph: Graph? = try Graph(modules: [])
    let reference = try Weak(#require(graph))
    var provider = graph?.provider(.keeper)
    var lazy = graph?.lazy(.keeper)
    var makeKeeper = graph?[.assistedKeeper]
    var kept = try [#require(provider?()), #require(lazy?.value), #require(makeKeeper?(1))]
    (graph, provider, lazy, makeKeeper) = (nil, nil, nil, nil)
    #expect(reference.object != nil)
    for keeper in kept { #expect(keeper.resolver[.lentPlain].number == 1) }
    kept = []
    #expect(reference.object == nil)
  }

  @Test("a type that holds a resolver resolves as the resolver does, by conforming to Resolving")
  func typeOfYoursConforms() throws {
    let graph = try Graph(modules: [])
    let screen = Screen(resolver: graph.resolver)
    #expect(screen[.lentShared] === graph[.lentShared])
    #expect(screen.make(.lentNumbered, 4).number == 4)
    #expect(screen.provider(.lentShared)() === graph[.lentShared])
    #expect(screen[.keeper].resolver[.lentShared] === graph[.lentShared])
  }

  @Test("used after its graph was released, it stops with the key and the graph")
  func usedAfterRelease() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let kept = try Graph(modules: [])[.keeper]
      _ = kept.resolver[.lentShared]
    }
    expectText(trapMessage(result), Self.releasedMessage)
  }

  @Test(
    "used after its graph was released, inside a request of a graph made later, it stops: it never resolves from another graph"
  )
  func usedAfterReleaseInsideANewGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let kept = try Graph(modules: [])[.keeper]
      handedOver.withLock { $0 = (kept.resolver, nil) }
      let later = try Graph(modules: [])
      _ = later[.throughHandedOver]
    }
    expectText(trapMessage(result), Self.releasedMessage)
  }

  static let releasedMessage = """
    Sheath: Keys.lentShared was resolved through a resolver kept after its graph was released
      Keys.lentShared (Instance, App/Keys.swift:1)
      the graph was the root graph; a factory kept the resolver it received, which does not keep the graph alive, and a kept resolver never resolves from another graph
    fix: keep a provider, lazy value or assisted factory instead (r.provider(.key), r.lazy(.key)), made in the factory: they keep the graph alive; or keep the graph while the resolver is in use
    """
}
