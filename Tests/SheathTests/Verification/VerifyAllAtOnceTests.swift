import Sheath
import Testing

// The VerifyingTheGraph article's example: a graph that builds, and that verify() finds wrong in three
// ways at once. Explicit names and locations keep the pinned text readable.

private final class Cart: Sendable {}

extension Keys {
  fileprivate static var token: Key<String> {
    Key<String>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 2)
  }
  fileprivate static var cart: Key<Cart> {
    Key<Cart>.required(
      .scoped(.flow), name: "Keys.cart", fileID: "App/Keys.swift", line: 4)
  }
  fileprivate static var brokenFlow: ChildGraphKey<Void> {
    ChildGraphKey(
      scope: .flow, name: "Keys.brokenFlow", fileID: "App/Keys.swift", line: 5
    ) { [CheckoutModule(), CheckoutModule()] }
  }
  fileprivate static var account: Key<Instance> {
    Key(
      .scoped(.session), name: "Keys.account", fileID: "App/Keys.swift", line: 8
    ) { Instance() }
  }
  fileprivate static var checkoutData: Key<Instance> {
    Key(
      .scoped(.flow), .account, name: "Keys.checkoutData", fileID: "App/Keys.swift", line: 11
    ) { _ in Instance() }
  }
  fileprivate static var client: Key<String> {
    Key(
      .transient, .token, name: "Keys.client", fileID: "App/Keys.swift", line: 14
    ) { token in "client with \(token)" }
  }
}

private struct CheckoutModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.cart, fileID: "App/CheckoutModule.swift", line: 6) { Cart() }
  }
}

private struct CheckoutAppModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.checkoutData)
    b.expose(.brokenFlow)
  }
}

@Suite("verify() reports every problem at once")
struct VerifyAllAtOnceTests {
  @Test("an entry point's missing binding, a scope needed inside out and a child graph that cannot be built")
  func threeProblems() throws {
    let graph = try Graph(modules: [CheckoutAppModule()])
    let error = try #require(throws: GraphError.self) {
      try graph.verify(scopes: [.flow, .session], entryPoints: [Keys.client])
    }
    #expect(error.problems.map(\.kind) == [.missingBinding, .scopeNotOpen, .childGraphNotBuilt])
    expectText(
      error.description,
      """
      Sheath found 3 problems in the graph:

      error: missing binding for required key Keys.token (String, App/Keys.swift:2)
        needed by Keys.client → Keys.token
      fix: bind it in one of the installed modules: b.bind(.token) { … }

      error: Keys.checkoutData is scoped to .flow, but needs Keys.account, scoped to .session, which is not open where .flow is
        Keys.checkoutData → Keys.account
        verify() opened .flow, then .session
      fix: open .session outside .flow (graph.child(scope: .session).child(scope: .flow)), or resolve Keys.account from a graph that opens .session and pass it to the method that needs it

      error: the child graph of Keys.brokenFlow could not be built
        Keys.brokenFlow (ChildGraphFactory<Void>, App/Keys.swift:5)
        Sheath could not build the graph (1 problem):

        error: duplicate binding for Keys.cart (Cart, App/Keys.swift:4)
          bound by CheckoutModule (App/CheckoutModule.swift:6)
          bound by CheckoutModule (App/CheckoutModule.swift:6)
        fix: keep one of these bindings, or make the one that should win an override: b.override(.cart) { … }
      fix: fix the child's modules (the ChildGraphKey's modules); verify() opens every child graph key it meets
      """)
    // Left to choose, verify() opens .session outside .flow, and only the other two remain.
    let chosen = try #require(throws: GraphError.self) { try graph.verify(entryPoints: [Keys.client]) }
    #expect(chosen.problems.map(\.kind) == [.missingBinding, .childGraphNotBuilt])
    #expect(chosen.report?.openedScopes == [".session", ".flow"])
  }
}
