import SheathTesting
import Testing

// SheathTesting's test graph and its `.graph` trait, called from the main actor and from nonisolated
// code: a test calls the trait's scope itself, as Swift Testing does around a test.

@Suite("SheathTesting, from the main actor and from nonisolated code")
struct SheathTestingAPITests {
  @Test("a test graph overrides keys, and reports the overrides the test never resolved")
  func testGraph() throws {
    let test = try TestGraph(modules: [GreetingModule()]) { b in
      b.override(.greeting) { "test" }
      b.override(.shout, fileID: "AppTests/ProfileTests.swift", line: 12) { _ in "UNUSED" }
    }
    #expect(test.graph[.greeting] == "test")
    #expect(
      test.unusedOverrides == [
        """
        the override of Keys.shout (String, App/Keys.swift:3) was never resolved: is the test exercising what you think?
          overridden at AppTests/ProfileTests.swift:12
        fix: remove the override, or make sure the test resolves Keys.shout
        """
      ])
    withKnownIssue {
      test.reportUnusedOverrides()
    } matching: { issue in
      issue.comments.map(\.rawValue) == test.unusedOverrides
    }
  }

  @Test("from nonisolated code: a test graph overrides keys, and reports the overrides the test never resolved")
  nonisolated func testGraphOffTheMainActor() throws {
    let test = try TestGraph(modules: [GreetingModule()]) { $0.override(.shout) { _ in "UNUSED" } }
    #expect(test.graph[.greeting] == "hi")
    #expect(
      test.unusedOverrides.first?.hasPrefix("the override of Keys.shout (String, App/Keys.swift:3) was never resolved")
        == true)
    withKnownIssue {
      test.reportUnusedOverrides()
    } matching: { issue in
      issue.comments.map(\.rawValue) == test.unusedOverrides
    }
  }

  @Test("the .graph trait installs a test graph around the code it scopes, for this test and every one it contains")
  func graphTrait() async throws {
    let trait: GraphTrait = .graph(modules: [GreetingModule()]) { $0.override(.greeting) { "trait" } }
    #expect(trait.isRecursive)
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, testCase: Test.Case.current) {
      #expect(Graph.current?[.greeting] == "trait")
    }
    #expect(Graph.current == nil)
  }

  @Test("from nonisolated code: the .graph trait installs a test graph around the code it scopes")
  nonisolated func graphTraitOffTheMainActor() async throws {
    let trait = GraphTrait.graph(modules: [GreetingModule()], reportingUnusedOverrides: true)
    #expect(trait.isRecursive)
    try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
      #expect(Graph.current?[.greeting] == "hi")
    }
    #expect(Graph.current == nil)
  }
}
