import Foundation
import RecordedIssues
import SheathTesting
import Testing

extension Keys {
  static var sharedClock: Key<String> {
    Key<String>.required(
      .singleton, test: .value { _ in "1970-01-01" }, name: "Keys.sharedClock", fileID: "App/Keys.swift", line: 60)
  }
  static var sharedNetwork: Key<any Network> {
    Key<any Network>.required(
      .singleton, test: .liveOnly { _ in UnimplementedNetwork() }, name: "Keys.sharedNetwork", fileID: "App/Keys.swift",
      line: 61)
  }
}

/// A feature module that needs what another package binds.
private struct FeatureModule: Module {
  func register(into b: inout Bindings) {
    b.require(.sharedClock)
    b.require(.sharedNetwork)
    b.expose(.sharedClock)
    b.expose(.sharedNetwork)
  }
}

@Suite("Required keys with test behaviours")
struct RequiredKeyTestBehaviorTests {
  @Test("a required key's test value stands in for its binding in a test graph, and satisfies require()")
  func testValue() throws {
    let test = try TestGraph(modules: [FeatureModule()]) { $0.override(.sharedNetwork) { _ in LiveNetwork() } }
    #expect(test.graph[.sharedClock] == "1970-01-01")
  }

  @Test("a required live-only key a test forgot to override fails the test, as a key with a default does")
  func liveOnly() async throws {
    let test = try TestGraph(modules: [FeatureModule()])
    let issues = try await recordedIssues {
      #expect(test.graph[.sharedNetwork] is UnimplementedNetwork)
    }
    #expect(
      issues == [
        """
        Keys.sharedNetwork (any Network, App/Keys.swift:61) is live-only, and this test did not override it
        fix: override it in the test's graph: $0.override(.sharedNetwork) { … }
        """
      ])
  }

  @Test("outside tests a required key is still required")
  func stillRequiredLive() {
    #expect(throws: GraphError.self) { try Graph(modules: [FeatureModule()]) }
  }
}
