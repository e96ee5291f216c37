import Foundation
import Sheath
import Testing

// A graph owns its shared instances; what they hold of their own graph does not keep it alive. The
// seeds' central pattern — one data controller per flow — with the documented ways to break a cycle.

/// How many `Tracked` objects of one kind are alive.
private final class Population: Sendable {
  private let count = Locked(0)
  var alive: Int { count.withLock { $0 } }
  func born() { count.withLock { $0 += 1 } }
  func died() { count.withLock { $0 -= 1 } }
}

private let dataControllers = Population()
private let users = Population()
private let services = Population()

/// Two singletons that need each other, the cycle broken by a lazy value: the auth service calls the
/// API client, which asks the auth service for a token later.
private final class AuthService: Sendable {
  let client: APIService
  init(client: APIService) {
    self.client = client
    services.born()
  }
  deinit { services.died() }
}

private final class APIService: Sendable {
  let auth: Lazy<AuthService>
  init(auth: Lazy<AuthService>) {
    self.auth = auth
    services.born()
  }
  deinit { services.died() }
}

/// A flow's user, counted.
private final class FlowUser: Sendable {
  init() { users.born() }
  deinit { users.died() }
}

/// A flow's data controller: holds a provider and a lazy value of its own flow's graph.
private final class FlowData: Sendable {
  let user: Lazy<FlowUser>
  let makeSession: Provider<Instance>
  let makeStep: AssistedFactory<Int, Instance>

  init(user: Lazy<FlowUser>, makeSession: Provider<Instance>, makeStep: AssistedFactory<Int, Instance>) {
    self.user = user
    self.makeSession = makeSession
    self.makeStep = makeStep
    dataControllers.born()
  }

  deinit { dataControllers.died() }
}

/// A screen's view model: transient, so whoever holds it may keep the flow alive through it.
private final class FlowScreenModel: Sendable {
  let data: FlowData
  let makeSession: Provider<Instance>
  init(data: FlowData, makeSession: Provider<Instance>) {
    self.data = data
    self.makeSession = makeSession
  }
}

extension Keys {
  fileprivate static var flowUser: Key<FlowUser> { Key<FlowUser>(.scoped(.flow)) { _ in FlowUser() } }
  fileprivate static var session: Key<Instance> { Key<Instance> { _ in Instance() } }
  fileprivate static var step: AssistedKey<Int, Instance> {
    AssistedKey<Int, Instance> { _, number in Instance(number: number) }
  }
  fileprivate static var flowData: Key<FlowData> {
    Key<FlowData>(
      .scoped(.flow), name: "Keys.flowData", fileID: "App/Keys.swift", line: 1
    ) { r in
      FlowData(user: r.lazy(.flowUser), makeSession: r.provider(.session), makeStep: r[.step])
    }
  }
  fileprivate static var flowScreen: Key<FlowScreenModel> {
    Key<FlowScreenModel> { r in
      FlowScreenModel(data: r[.flowData], makeSession: r.provider(.session))
    }
  }
  fileprivate static var printer: Key<FlowData> {
    Key<FlowData>(.singleton) { r in
      FlowData(user: r.lazy(.rootUser), makeSession: r.provider(.session), makeStep: r[.step])
    }
  }
  fileprivate static var rootUser: Key<FlowUser> { Key<FlowUser>(.singleton) { _ in FlowUser() } }
  // Keys that refer to each other need their types written out.
  fileprivate static var authService: Key<AuthService> { Key(.singleton) { r in AuthService(client: r[.apiService]) } }
  fileprivate static var apiService: Key<APIService> { Key(.singleton) { r in APIService(auth: r.lazy(.authService)) } }
}

private let checkouts = Population()

/// A flow's store that makes its checkout later: through a lazy value, which keeps the checkout, or
/// through a provider, which keeps nothing.
private final class CheckoutStore: Sendable {
  let checkout: @Sendable () -> Checkout
  init(checkout: @escaping @Sendable () -> Checkout) { self.checkout = checkout }
}

/// A transient checkout, which needs the flow's store.
private final class Checkout: Sendable {
  let store: CheckoutStore
  init(store: CheckoutStore) {
    self.store = store
    checkouts.born()
  }
  deinit { checkouts.died() }
}

extension Keys {
  fileprivate static var lazyCheckoutStore: Key<CheckoutStore> {
    Key(.scoped(.flow), .lazyCheckout.lazy) { checkout in CheckoutStore { checkout.value } }
  }
  fileprivate static var lazyCheckout: Key<Checkout> {
    Key(.transient, .lazyCheckoutStore) { store in Checkout(store: store) }
  }
  fileprivate static var providedCheckoutStore: Key<CheckoutStore> {
    Key(.scoped(.flow), .providedCheckout.provider) { checkout in CheckoutStore { checkout() } }
  }
  fileprivate static var providedCheckout: Key<Checkout> {
    Key(.transient, .providedCheckoutStore) { store in Checkout(store: store) }
  }
}

/// A flow's coordinator that opens screens' child graphs, and the color the flow binds its own way.
private final class Coordinator: Sendable {
  let openScreen: ChildGraphFactory<Void>
  init(openScreen: ChildGraphFactory<Void>) { self.openScreen = openScreen }
}

extension Scope {
  fileprivate static let screen = Scope("screen")
}

extension Keys {
  fileprivate static var screenGraph: ChildGraphKey<Void> {
    ChildGraphKey(scope: .screen, name: "Keys.screenGraph", fileID: "App/Keys.swift", line: 30)
  }
  fileprivate static var coordinator: Key<Coordinator> {
    Key(.scoped(.flow), .screenGraph) { Coordinator(openScreen: $0) }
  }
  fileprivate static var color: Key<String> { Key { "app" } }
}

/// A weak reference, to see whether something was released.
private final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

@Suite("Who keeps a graph alive", .serialized)
struct OwnershipTests {
  @Test("10,000 flows whose data controller holds a lazy value, a provider and a factory of its flow are all released")
  func flowsAreReleased() throws {
    let app = try Graph(modules: [])
    var flows: [WeakReference<Graph>] = []
    for number in 0..<10_000 {
      let flow = app.child(scope: .flow)
      let data = flow[.flowData]
      _ = data.user.value
      _ = data.makeSession()
      #expect(data.makeStep(number).number == number)
      flows.append(WeakReference(flow))
    }
    #expect(flows.allSatisfy { $0.object == nil })
    #expect(dataControllers.alive == 0)
    #expect(users.alive == 0)
  }

  @Test("a root graph whose singleton holds its providers is released with its singleton")
  func rootIsReleased() throws {
    var graph: Graph? = try Graph(modules: [])
    let reference = try WeakReference(#require(graph))
    _ = graph?[.printer].user.value
    #expect(dataControllers.alive == 1)
    graph = nil
    #expect(reference.object == nil)
    #expect(dataControllers.alive == 0)
    #expect(users.alive == 0)
  }

  @Test("two singletons that need each other through a lazy value are released with their graph")
  func lazyCycleIsReleased() throws {
    var graph: Graph? = try Graph(modules: [])
    let auth = try WeakReference(#require(graph?[.authService]))
    #expect(auth.object?.client.auth.value === auth.object)
    #expect(services.alive == 2)
    graph = nil
    #expect(auth.object == nil)
    #expect(services.alive == 0)
  }

  @Test(
    "a flow's store whose lazy value would keep a checkout that holds the store is refused; through a provider, 10,000 such flows are released"
  )
  func lazyValueCycleIsRefused() throws {
    let refused = #expect(throws: GraphError.self) {
      try Graph(modules: [TestModule { b in b.expose(.lazyCheckoutStore) }])
    }
    #expect(refused?.problems.map(\.kind) == [.referenceCycle])
    let app = try Graph(modules: [TestModule { b in b.expose(.providedCheckoutStore) }])
    var flows: [WeakReference<Graph>] = []
    for _ in 0..<10_000 {
      let flow = app.child(scope: .flow)
      let store = flow[.providedCheckoutStore]
      #expect(store.checkout().store === store)
      flows.append(WeakReference(flow))
    }
    #expect(flows.allSatisfy { $0.object == nil })
    #expect(checkouts.alive == 0)
  }

  @Test(
    "a flow's child-graph factory used after the flow was released stops: a child of the app graph would have neither the flow's bindings nor its scope"
  )
  func childGraphFactoryOfReleasedFlow() async throws {
    // While the flow lives, a screen opened from it sees the flow's binding.
    let app = try Graph(modules: [])
    var flow: Graph? = try app.child(scope: .flow, modules: [TestModule { b in b.override(.color) { "flow" } }])
    let coordinator = try #require(flow?[.coordinator])
    #expect(coordinator.openScreen.open()[.color] == "flow")
    flow = nil
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let coordinator = try app.child(scope: .flow, modules: [TestModule { b in b.override(.color) { "flow" } }])[
        .coordinator]
      _ = coordinator.openScreen.open()
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.screenGraph was resolved through a provider, lazy value or factory whose graph was released
        Keys.screenGraph (ChildGraphFactory<Void>, App/Keys.swift:30)
        the graph was a child graph that opened .flow; a factory of one of the graph's instances made it, and what the graph's instances hold does not keep their graph alive
        it cannot be resolved from the nearest live graph above instead: Keys.screenGraph opens a child graph, which would have had the released graph's bindings and scopes, not those of the live graph above
      fix: keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph), or resolve the value in the factory instead of later
      """)
  }

  @Test("100 verify() calls of such a graph leave nothing alive")
  func verifyLeavesNothing() throws {
    let app = try Graph(modules: [])
    for _ in 0..<100 {
      try app.verify(entryPoints: [Keys.flowData, Keys.printer])
    }
    #expect(dataControllers.alive == 0)
    #expect(users.alive == 0)
  }

  @Test("a transient object's providers keep its flow alive, so the flow may be let go of early")
  func transientKeepsFlow() throws {
    let app = try Graph(modules: [])
    var flow: Graph? = app.child(scope: .flow)
    let reference = try WeakReference(#require(flow))
    let screen = flow?[.flowScreen]
    flow = nil
    #expect(reference.object != nil)
    #expect(screen?.makeSession() != nil)
    #expect(screen?.data.user.value != nil)
  }

  @Test("a shared instance's provider used after its graph was released stops with the key and the graph")
  func releasedGraph() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let app = try Graph(modules: [])
      let data = app.child(scope: .flow)[.flowData]
      _ = data.makeSession()
    }
    expectText(
      trapMessage(result).replacing(#/\(Instance, [^)]*\)/#, with: "(Instance, LOCATION)"),
      """
      Sheath: Keys.session was resolved through a provider, lazy value or factory whose graph was released
        Keys.session (Instance, LOCATION)
        the graph was a child graph that opened .flow; a factory of one of the graph's instances made it, and what the graph's instances hold does not keep their graph alive
        it cannot be resolved from the nearest live graph above instead: Keys.session's factory resolves through a resolver, so what it needs is unknown
      fix: keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph), or resolve the value in the factory instead of later
      """)
  }
}
