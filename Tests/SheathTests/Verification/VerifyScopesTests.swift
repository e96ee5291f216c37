import Sheath
import Testing

private func neverRun<Value>(_ value: Value, _ key: String) -> Value {
  Issue.record("the factory of \(key) ran: verify() reads the graph as data, it runs no factory")
  return value
}

extension Scope {
  fileprivate static let account = Scope("account")
  fileprivate static let checkout = Scope("checkout")
}

extension Keys {
  fileprivate static var account: Key<Instance> {
    Key(
      .scoped(.account), name: "Keys.account", fileID: "App/Keys.swift", line: 1
    ) { neverRun(Instance(), "account") }
  }
  fileprivate static var cartHelper: Key<Instance> {
    Key(
      .transient, .account, name: "Keys.cartHelper", fileID: "App/Keys.swift", line: 2
    ) { neverRun($0, "cartHelper") }
  }
  fileprivate static var cart: Key<Instance> {
    Key(
      .scoped(.checkout), .cartHelper, name: "Keys.cart", fileID: "App/Keys.swift", line: 3
    ) { neverRun($0, "cart") }
  }
  /// A checkout's instance that keeps a provider of the account: the provider resolves from the
  /// checkout's graph, so `.account` must be open there too.
  fileprivate static var patientCart: Key<Instance> {
    Key(
      .scoped(.checkout), .account.provider, name: "Keys.patientCart", fileID: "App/Keys.swift", line: 11
    ) { _ in neverRun(Instance(), "patientCart") }
  }
  fileprivate static var cartScreen: Key<Instance> {
    Key(
      .transient, .cart, name: "Keys.cartScreen", fileID: "App/Keys.swift", line: 4
    ) { neverRun($0, "cartScreen") }
  }
  fileprivate static var receipt: Key<Instance> {
    Key(
      .scoped(.account), .cart, name: "Keys.receipt", fileID: "App/Keys.swift", line: 5
    ) { neverRun($0, "receipt") }
  }
  fileprivate static var checkoutFlow: ChildGraphKey<Void> {
    ChildGraphKey(
      scope: .checkout, name: "Keys.checkoutFlow", fileID: "App/Keys.swift", line: 6
    ) { [CheckoutModule()] }
  }
  fileprivate static var brokenFlow: ChildGraphKey<Void> {
    ChildGraphKey(
      scope: .checkout, name: "Keys.brokenFlow", fileID: "App/Keys.swift", line: 7
    ) { [CheckoutModule(), CheckoutModule(line: 99)] }
  }
  /// A flow whose child graphs open `.checkout`, with a cart that needs an account: only a graph
  /// inside `.account` can resolve it.
  fileprivate static var accountCheckoutFlow: ChildGraphKey<Void> {
    ChildGraphKey(
      scope: .checkout, name: "Keys.accountCheckoutFlow", fileID: "App/Keys.swift", line: 10
    ) { [CartModule()] }
  }
  fileprivate static var payment: Key<String> {
    Key<String>.required(name: "Keys.payment", fileID: "App/Keys.swift", line: 8)
  }
  fileprivate static var paymentScreen: Key<String> {
    Key(
      .transient, .payment, name: "Keys.paymentScreen", fileID: "App/Keys.swift", line: 9
    ) { neverRun($0, "paymentScreen") }
  }
}

/// Names the cart, which needs an account.
private struct CartModule: Module {
  func register(into b: inout Bindings) { b.expose(.cart) }
}

private struct CheckoutModule: Module {
  var line = 50
  func register(into b: inout Bindings) {
    b.bind(.payment, to: "card", fileID: "App/CheckoutModule.swift", line: line)
    b.expose(.paymentScreen)
  }
}

@Suite("verify() and scopes, child graphs")
struct VerifyScopesTests {
  @Test("it opens every scope the keys use, outermost first in the order the keys need")
  func opensScopesInTheOrderNeeded() throws {
    // The checkout's cart needs the account: .account must be open outside .checkout, though the
    // cart screen, which names .checkout's key, comes first.
    let graph = try Graph(modules: [TestModule { b in b.expose(.cartScreen) }])
    let report = try graph.verify()
    #expect(report.openedScopes == [".account", ".checkout"])
    #expect(report.verifiedKeys == ["Keys.cartScreen", "Keys.cart", "Keys.cartHelper", "Keys.account"])
    #expect(report.description.contains("It opened .account, then .checkout for the keys scoped to them."))
  }

  @Test("a scope opened by the graph itself counts as outermost")
  func usesScopesOpenAbove() throws {
    let root = try Graph(modules: [TestModule { b in b.expose(.cartScreen) }])
    let account = root.child(scope: .account)
    let report = try account.verify()
    #expect(report.openedScopes == [".checkout"])
    #expect(report.description.contains("It opened .checkout for the keys scoped to it."))
  }

  @Test("a key that needs a scope open only inside its own is reported, with the path")
  func reportsScopesInTheWrongOrder() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.cartScreen) }])
    let error = try #require(throws: GraphError.self) {
      try graph.verify(scopes: [.checkout, .account])
    }
    #expect(error.problems.map(\.kind) == [.scopeNotOpen])
    expectText(
      error.description,
      """
      Sheath found 1 problem in the graph:

      error: Keys.cart is scoped to .checkout, but needs Keys.account, scoped to .account, which is not open where .checkout is
        Keys.cart → Keys.cartHelper → Keys.account
        verify() opened .checkout, then .account
      fix: open .account outside .checkout (graph.child(scope: .account).child(scope: .checkout)), or resolve Keys.account from a graph that opens .account and pass it to the method that needs it
      """)
  }

  @Test("a provider a scoped key keeps needs its scope open where the key's is, as a direct dependency does")
  func providerNeedsItsScopeToo() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.patientCart) }])
    // Left to itself, verify() opens .account outside .checkout, where the provider finds it.
    #expect(try graph.verify().openedScopes == [".account", ".checkout"])
    let error = try #require(throws: GraphError.self) {
      try graph.verify(scopes: [.checkout, .account])
    }
    expectText(
      error.description,
      """
      Sheath found 1 problem in the graph:

      error: Keys.patientCart is scoped to .checkout, but needs Keys.account, scoped to .account, which is not open where .checkout is
        Keys.patientCart → Keys.account.provider → Keys.account
        verify() opened .checkout, then .account
      fix: open .account outside .checkout (graph.child(scope: .account).child(scope: .checkout)), or resolve Keys.account from a graph that opens .account and pass it to the method that needs it
      """)
  }

  @Test("a child graph key's key that needs a scope outside the key's names the key, and a fix that applies")
  func childGraphKeyNeedsAnOuterScope() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.accountCheckoutFlow) }])
    let error = try #require(throws: GraphError.self) { try graph.verify() }
    expectText(
      error.description,
      """
      Sheath found 1 problem in the graph:

      error: Keys.cart is scoped to .checkout, but needs Keys.account, scoped to .account, which is not open where .checkout is
        Keys.cart → Keys.cartHelper → Keys.account
        Keys.accountCheckoutFlow opens .checkout under whichever graph resolves it; verify() read its child graph under a graph that does not open .account, and opened .account below it
      fix: resolve Keys.accountCheckoutFlow only from a graph that opens .account, and verify that graph (graph.child(scope: .account).verify()); or resolve Keys.account from a graph that opens .account and pass it to the method that needs it
      """)
    let report = try graph.child(scope: .account).verify()
    #expect(report.childGraphs == ["Keys.accountCheckoutFlow"])
  }

  @Test("keys that need each other's scopes are reported whichever order verify() chooses")
  func reportsContradictoryScopes() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.receipt) }])
    let error = try #require(throws: GraphError.self) { try graph.verify() }
    #expect(error.problems.map(\.kind) == [.scopeNotOpen])
    #expect(error.problems.map(\.keyName) == ["Keys.receipt"])
  }

  @Test("a scope left out of verify(scopes:) is reported for each key scoped to it")
  func reportsScopesLeftOut() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.cartScreen) }])
    let error = try #require(throws: GraphError.self) { try graph.verify(scopes: [.checkout]) }
    expectText(
      error.problems.map(\.description).joined(separator: "\n\n"),
      """
      error: Keys.account is scoped to .account, but no graph from here to the root opens .account
        Keys.account (Instance, App/Keys.swift:1)
        verify() was told to open .checkout
      fix: add .account to verify(scopes:), or leave scopes: out to open every scope the keys use
      """)
  }

  @Test("a child graph key's child is built and read, with the keys only it knows")
  func readsChildGraphs() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.checkoutFlow) }])
    let report = try graph.verify()
    #expect(report.childGraphs == ["Keys.checkoutFlow"])
    let childKeys = report.keys.filter { $0.childGraph == "Keys.checkoutFlow" }.map(\.name)
    #expect(childKeys == ["Keys.payment", "Keys.paymentScreen"])
    #expect(report.description.contains("It built and read the child graphs of Keys.checkoutFlow."))
  }

  @Test("a child graph key whose modules cannot be built is reported with the child's problems")
  func reportsChildGraphsNotBuilt() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.brokenFlow) }])
    let error = try #require(throws: GraphError.self) { try graph.verify() }
    #expect(error.problems.map(\.kind) == [.childGraphNotBuilt])
    expectText(
      error.problems[0].description,
      """
      error: the child graph of Keys.brokenFlow could not be built
        Keys.brokenFlow (ChildGraphFactory<Void>, App/Keys.swift:7)
        Sheath could not build the graph (1 problem):

        error: duplicate binding for Keys.payment (String, App/Keys.swift:8)
          bound by CheckoutModule (App/CheckoutModule.swift:50)
          bound by CheckoutModule (App/CheckoutModule.swift:99)
        fix: keep one of these bindings, or make the one that should win an override: b.override(.payment) { … }
      fix: fix the child's modules (the ChildGraphKey's modules); verify() opens every child graph key it meets
      """)
  }
}
