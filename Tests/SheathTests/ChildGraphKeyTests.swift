import Foundation
import Sheath
import Testing

// A navigator opens flows through a ChildGraphKey: the scope and modules are fixed where the key is
// declared, and the navigator never holds the whole graph.

private final class Cart: Sendable {}

private final class Navigator: Sendable {
  let openCheckout: ChildGraphFactory<Void>
  init(openCheckout: ChildGraphFactory<Void>) { self.openCheckout = openCheckout }
}

extension Keys {
  fileprivate static var cart: Key<Cart> {
    Key<Cart>.required(.scoped(.flow), name: "Keys.cart", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var couponCode: Key<String> {
    Key<String>.required(name: "Keys.couponCode", fileID: "App/Keys.swift", line: 2)
  }
  fileprivate static var checkoutFlow: ChildGraphKey<Void> {
    ChildGraphKey(
      scope: .flow, name: "Keys.checkoutFlow", fileID: "App/Keys.swift", line: 3
    ) { [CheckoutModule()] }
  }
  fileprivate static var brokenFlow: ChildGraphKey<Void> {
    ChildGraphKey(
      scope: .flow, name: "Keys.brokenFlow", fileID: "App/Keys.swift", line: 4
    ) { [CheckoutModule(), CheckoutModule()] }
  }
  fileprivate static var couponFlow: ChildGraphKey<Void> {
    ChildGraphKey(
      scope: .session, name: "Keys.couponFlow", fileID: "App/Keys.swift", line: 5
    ) { [CouponModule()] }
  }
  fileprivate static var navigator: Key<Navigator> {
    Key<Navigator>(.singleton) { r in Navigator(openCheckout: r[.checkoutFlow]) }
  }
}

private struct CheckoutModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.cart, fileID: "App/CheckoutModule.swift", line: 6) { _ in Cart() }
  }
}

/// A flow module that needs a key nobody binds: the child cannot be built.
private struct CouponModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.cart, .scoped(.session), .couponCode, fileID: "App/CouponModule.swift", line: 8) { _ in Cart() }
  }
}

private final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

@Suite("Child graph keys")
struct ChildGraphKeyTests {
  @Test("a singleton navigator opens flows with the key's scope and modules, each with its own instances")
  func opensFlows() throws {
    let app = try Graph(modules: [])
    let navigator = app[.navigator]
    let first = navigator.openCheckout.open()
    let second = navigator.openCheckout.open()
    #expect(first.scope == .flow)
    #expect(first.parent === app)
    #expect(first[.cart] === first[.cart])
    #expect(first[.cart] !== second[.cart])
    #expect(!app.binds(.cart))
    #expect(navigator.openCheckout.scope == .flow)
  }

  @Test("a flow is released when its opener lets go, and the navigator does not keep the app graph")
  func ownership() throws {
    var app: Graph? = try Graph(modules: [])
    let appReference = try WeakReference(#require(app))
    let navigator = try #require(app?[.navigator])
    var flow: Graph? = navigator.openCheckout.open()
    let flowReference = try WeakReference(#require(flow))
    let cart = try WeakReference(#require(flow?[.cart]))
    flow = nil
    #expect(flowReference.object == nil)
    #expect(cart.object == nil)
    app = nil
    #expect(appReference.object == nil)
  }

  @Test("a child graph key whose modules cannot be built stops with the build error")
  func brokenModules() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.brokenFlow].open()
    }
    expectText(
      trapMessage(result),
      """
      Sheath: the child graph of Keys.brokenFlow could not be built
        Keys.brokenFlow (ChildGraphFactory<Void>, App/Keys.swift:4)
        Sheath could not build the graph (1 problem):

        error: duplicate binding for Keys.cart (Cart, App/Keys.swift:1)
          bound by CheckoutModule (App/CheckoutModule.swift:6)
          bound by CheckoutModule (App/CheckoutModule.swift:6)
        fix: keep one of these bindings, or make the one that should win an override: b.override(.cart) { … }
      fix: fix the child's modules (the ChildGraphKey's modules); verify() opens every child graph key it meets
      """)
  }

  @Test("verify() builds the child graph of each child graph key and reads what its modules bind")
  func verified() throws {
    let error = try #require(throws: GraphError.self) {
      try Graph(modules: []).verify(entryPoints: [Keys.checkoutFlow, Keys.brokenFlow, Keys.couponFlow])
    }
    expectText(
      error.problems.map(\.description).joined(separator: "\n\n"),
      """
      error: the child graph of Keys.brokenFlow could not be built
        Keys.brokenFlow (ChildGraphFactory<Void>, App/Keys.swift:4)
        Sheath could not build the graph (1 problem):

        error: duplicate binding for Keys.cart (Cart, App/Keys.swift:1)
          bound by CheckoutModule (App/CheckoutModule.swift:6)
          bound by CheckoutModule (App/CheckoutModule.swift:6)
        fix: keep one of these bindings, or make the one that should win an override: b.override(.cart) { … }
      fix: fix the child's modules (the ChildGraphKey's modules); verify() opens every child graph key it meets

      error: the child graph of Keys.couponFlow could not be built
        Keys.couponFlow (ChildGraphFactory<Void>, App/Keys.swift:5)
        Sheath could not build the graph (1 problem):

        error: missing binding for required key Keys.couponCode (String, App/Keys.swift:2)
          needed by Keys.cart → Keys.couponCode, as CouponModule (App/CouponModule.swift:8) binds Keys.cart
        fix: bind it in one of the installed modules: b.bind(.couponCode) { … }
      fix: fix the child's modules (the ChildGraphKey's modules); verify() opens every child graph key it meets
      """)
  }
}
