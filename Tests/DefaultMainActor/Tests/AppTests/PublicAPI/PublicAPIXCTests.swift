import SheathTesting
import XCTest

// SheathTesting's XCTest helper, both overloads, from the main actor and from nonisolated code; see
// ProfileXCTests.swift for why the class is `nonisolated` and a synchronous test is too.

nonisolated final class PublicAPIXCTests: XCTestCase {
  /// The synchronous overload on the main actor: in a main-actor function that an async test calls.
  @MainActor
  func testSynchronousOverloadOnTheMainActor() async throws {
    XCTAssertEqual(try greeting(), "xctest")
    XCTAssertNil(Graph.current)
  }

  @MainActor
  private func greeting() throws -> String {
    try withGraph(
      modules: [GreetingModule()], reportingUnusedOverrides: true, overrides: { $0.override(.greeting) { "xctest" } }
    ) { graph in
      XCTAssertTrue(Graph.current === graph)
      return graph[.greeting]
    }
  }

  /// The async overload, reporting unused overrides (the test resolves each one, so there is none),
  /// with a body that awaits and mutates a main-actor object.
  @MainActor
  func testAsyncOverloadOnTheMainActor() async throws {
    let view = RecordingView()
    try await withGraph(
      modules: [LoadingModule()], reportingUnusedOverrides: true, overrides: { $0.override(.greeting) { "xctest" } }
    ) { graph in
      view.lines.append(try await graph[.loaded])
    }
    XCTAssertEqual(view.lines, ["xctest!"])
  }

  func testBothOverloadsOffTheMainActor() async throws {
    let loaded = try await withGraph(modules: [LoadingModule()], reportingUnusedOverrides: true) { graph in
      try await graph[.loaded]
    }
    XCTAssertEqual(loaded, "hi!")
    XCTAssertEqual(try synchronousGreeting(), "hi")
  }

  private func synchronousGreeting() throws -> String {
    try withGraph(modules: [GreetingModule()], reportingUnusedOverrides: true) { graph in graph[.greeting] }
  }
}

/// Names the async key the tests above load, so that their graphs check it.
struct LoadingModule: Module {
  func register(into b: inout Bindings) {
    b.include(GreetingModule())
    b.expose(.loaded)
  }
}

/// What a main-actor test's body records: a main-actor object the body mutates in place.
final class RecordingView {
  var lines: [String] = []
}
