// Sheath's side of Sources/Sheath/Sheath.docc/Articles/MovingFrom01.md: what 0.1 code becomes. The 0.1
// side does not compile; Tests/SheathTests/CompilerMessages/UpgradeCompileTests.swift pins what the
// compiler says to it.
import Foundation
import Sheath
import Testing

fileprivate protocol OrderAPI: Sendable {}
fileprivate struct LiveOrderAPI: OrderAPI {
  let http: HTTPClient
}
fileprivate final class HTTPClient: Sendable {}

fileprivate final class OrderDetails {
  let id: Int
  let api: any OrderAPI
  init(id: Int, api: any OrderAPI) {
    self.id = id
    self.api = api
  }
}

extension Keys {
  fileprivate static var moveHTTPClient: Key<HTTPClient> { Key(.singleton) { HTTPClient() } }

  // docs: moving-declared-key
  fileprivate static var orderAPI: Key<any OrderAPI> {
    Key(.singleton, .moveHTTPClient) { http in LiveOrderAPI(http: http) }
  }
  // docs: end

  fileprivate static var orderDetails: AssistedKey<Int, OrderDetails> {
    AssistedKey(.orderAPI) { id, api in OrderDetails(id: id, api: api) }
  }

  // docs: moving-key-helper
  /// Makes a key where it is called: its declaration site is the
  /// caller's, and so is its name.
  fileprivate static func tracked<Value>(
    fileID: StaticString = #fileID, line: UInt = #line,
    column: UInt = #column, function: StaticString = #function,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) -> Key<Value> {
    Key(
      fileID: fileID, line: line, column: column, function: function,
      factory)
  }
  // docs: end

  fileprivate static var trackedCount: Key<Int> { tracked { _ in 1 } }
}

/// Names the keys the app resolves itself.
fileprivate struct OrdersModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.orderDetails)
  }
}

@Suite("Article: Moving from 0.1")
struct MovingFrom01Snippets {
  @Test("verify() and dot() take no sample arguments, and read assisted keys as data")
  func verifyWithoutArguments() throws {
    let graph = try Graph(modules: [OrdersModule()])
    // docs: moving-verify
    let report = try graph.verify()
    let dot = graph.dot()
    // docs: end
    #expect(report.verifiedKeys.contains("Keys.orderDetails"))
    #expect(report.uncheckedKeys.isEmpty)
    #expect(dot.contains("\"Keys.orderDetails\" -> \"Keys.orderAPI\""))
  }

  @Test("one error type: GraphError, whose report says what verify() read")
  func oneErrorType() {
    let graph = try? Graph(modules: [])
    // docs: moving-graph-error
    do {
      try graph?.verify()
    } catch let error as GraphError {
      print(error.problems.map(\.kind), error.report?.unchecked ?? [])
    } catch {}
    // docs: end
    #expect(graph != nil)
  }

  @Test("a key made by a helper is named by the property that calls it, and declared there")
  func keyHelper() throws {
    #expect(Keys.trackedCount.name == "Keys.trackedCount")
    #expect(Keys.trackedCount === Keys.trackedCount)
    #expect(try Graph(modules: [])[.trackedCount] == 1)
  }
}
