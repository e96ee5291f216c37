// The code of Sources/Sheath/Sheath.docc/Articles/AssistedInjection.md.
import Sheath
import Testing

fileprivate struct Order: Equatable, Sendable {
  let id: Int
  let total: Int
}

fileprivate protocol OrdersAPI: Sendable {
  func order(_ id: Int) -> Order
}

fileprivate struct LiveOrdersAPI: OrdersAPI {
  func order(_ id: Int) -> Order { Order(id: id, total: 4_200) }
}

fileprivate struct CannedOrdersAPI: OrdersAPI {
  func order(_ id: Int) -> Order { Order(id: id, total: 100) }
}

fileprivate struct Receipt: Equatable {
  let orderID: Int
  let copies: Int
}

// docs: assisted-key
/// The details of one order: the order ID comes from the screen that
/// opens it, the API from the graph.
fileprivate final class OrderDetailsModel {
  let orderID: Int
  private let api: any OrdersAPI

  init(orderID: Int, api: any OrdersAPI) {
    self.orderID = orderID
    self.api = api
  }

  var total: Int { api.order(orderID).total }
}

extension Keys {
  fileprivate static var ordersAPI: Key<any OrdersAPI> {
    Key(.singleton) {
      LiveOrdersAPI()
    }
  }
  fileprivate static var orderDetails: AssistedKey<Int, OrderDetailsModel> {
    AssistedKey(.ordersAPI) { orderID, api in
      OrderDetailsModel(orderID: orderID, api: api)
    }
  }
}
// docs: end

// docs: assisted-tuple
extension Keys {
  fileprivate static var receipt: AssistedKey<(orderID: Int, copies: Int), Receipt> {
    AssistedKey { arguments in
      Receipt(orderID: arguments.orderID, copies: arguments.copies)
    }
  }
}
// docs: end

// docs: assisted-factory
/// Opens order screens; it is given the factory, not the graph.
fileprivate final class OrdersCoordinator {
  private let makeDetails: AssistedFactory<Int, OrderDetailsModel>
  private(set) var shown: [OrderDetailsModel] = []

  init(makeDetails: AssistedFactory<Int, OrderDetailsModel>) {
    self.makeDetails = makeDetails
  }

  func showOrder(_ id: Int) {
    shown.append(makeDetails(id))
  }
}

extension Keys {
  fileprivate static var ordersCoordinator: Key<OrdersCoordinator> {
    Key(.transient, .orderDetails.factory) { makeDetails in
      OrdersCoordinator(makeDetails: makeDetails)
    }
  }
}
// docs: end

// docs: assisted-module
fileprivate struct DemoOrdersModule: Module {
  func register(into b: inout Bindings) {
    b.override(.orderDetails) { orderID in
      OrderDetailsModel(orderID: orderID, api: CannedOrdersAPI())
    }
  }
}
// docs: end

/// The demo module with the escape hatch: its override resolves through a resolver, declaring nothing.
fileprivate struct ResolverDemoOrdersModule: Module {
  func register(into b: inout Bindings) {
    b.override(.orderDetails) { _, orderID in
      OrderDetailsModel(orderID: orderID, api: CannedOrdersAPI())
    }
  }
}

@Suite("Assisted injection")
struct AssistedInjectionSnippets {
  @Test("the caller supplies the argument, the graph the rest")
  func make() throws {
    // docs: assisted-make
    let graph = try Graph(modules: [])
    // a new OrderDetailsModel for order 42
    let details = graph.make(.orderDetails, 42)
    let receipt = graph.make(.receipt, (orderID: 42, copies: 2))
    // docs: end
    #expect(details.orderID == 42)
    #expect(details.total == 4_200)
    #expect(receipt == Receipt(orderID: 42, copies: 2))
    #expect(graph.make(.orderDetails, 42) !== details)
  }

  @Test("an injected factory builds values later")
  func factory() throws {
    let graph = try Graph(modules: [])
    let coordinator = graph[.ordersCoordinator]
    coordinator.showOrder(1)
    coordinator.showOrder(2)
    #expect(coordinator.shown.map(\.orderID) == [1, 2])
  }

  @Test("a module can override an assisted key")
  func override() throws {
    let demo = try Graph(modules: [DemoOrdersModule()])
    #expect(demo.make(.orderDetails, 7).total == 100)
  }

  @Test("verify() reads assisted keys as data, with no sample argument")
  func verify() throws {
    let demo = try Graph(modules: [DemoOrdersModule()])
    // docs: assisted-verify
    let report = try demo.verify()
    // the override declares what it needs, its argument: all checked
    print(report.uncheckedKeys)  // []
    // docs: end
    #expect(report.uncheckedKeys == [])
    let resolver = try Graph(modules: [ResolverDemoOrdersModule()]).verify()
    #expect(resolver.uncheckedKeys == ["Keys.orderDetails"])
  }
}
