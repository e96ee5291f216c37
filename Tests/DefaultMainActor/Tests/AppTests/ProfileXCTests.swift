import Foundation
import SheathTesting
import XCTest

@testable import App

// XCTest in a default-MainActor test target: the class is `nonisolated`, and `withGraph` is called from
// a main-actor test method, from a nonisolated async one and from a synchronous (nonisolated) one.
// CompilerMessagesTests pins what the compiler says without `nonisolated`.

// docs: dma-xctest
// `nonisolated`: XCTestCase's `init(name:testClosure:)` is nonisolated,
// and a main-actor subclass cannot override it.
nonisolated final class ProfileXCTests: XCTestCase {
  /// On the main actor, the body makes and uses main-actor values.
  @MainActor
  func testShowsTheProfile() async throws {
    let view = RecordingProfileView()
    try await withGraph(
      modules: [AppModule()],
      overrides: {
        $0.override(.userAPI) { FakeUserAPI(users: [.ada]) }
      }
    ) { graph in
      XCTAssertTrue(Graph.current === graph)
      let flow = graph.child(scope: .flow)
      await flow.make(.profileViewModel, view).load("ada")
    }
    XCTAssertEqual(view.lines, ["Ada Lovelace", "1815 followers"])
  }

  /// Nonisolated, for what runs off the main actor.
  func testFetchesTheUser() async throws {
    let user = try await withGraph(
      modules: [AppModule()],
      overrides: {
        $0.override(.userAPI) { FakeUserAPI(users: [.ada]) }
      }
    ) { graph in
      XCTAssertTrue(Graph.current === graph)
      return try await graph[.userAPI].user("ada")
    }
    XCTAssertEqual(user, .ada)
  }
}
// docs: end

// NB: the test method is nonisolated: swift-corelibs-xctest casts each synchronous test to a nonisolated
// function, and a `@MainActor` one stops the run ("Could not cast value of type '(SynchronousXCTests) ->
// @Swift.MainActor () throws -> ()'"); SwiftPM's test discovery on Linux does not even compile a class
// that mixes synchronous `@MainActor` and nonisolated tests.
/// `withGraph` in a synchronous test, and after it the graph is no longer current.
nonisolated final class SynchronousXCTests: XCTestCase {
  func testResolvesTheOverride() throws {
    let logins = try withGraph(
      modules: [AppModule()], overrides: { $0.override(.userAPI) { _ in FakeUserAPI(users: [.ada]) } }
    ) { graph in
      XCTAssertTrue(Graph.current === graph)
      return (graph[.userAPI] as? FakeUserAPI)?.users.map(\.login)
    }
    XCTAssertEqual(logins, ["ada"])
    XCTAssertNil(Graph.current)
  }
}

nonisolated extension GitHubUser {
  /// A user only the tests' overrides know: the app's fake API does not.
  static let ada = GitHubUser(login: "ada", name: "Ada Lovelace", followers: 1815)
}
