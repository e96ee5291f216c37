import Foundation
import RecordedIssues
import SheathTesting
import Testing

@Suite("Test graphs")
struct TestGraphTests {
  @Test("a test graph is the app's modules with the test's overrides on top")
  func overrides() throws {
    let test = try TestGraph(modules: [AppModule()]) { b in
      b.override(.greeter) { _ in StubGreeter(word: "Hi") }
      b.override(.number, to: 7)
    }
    #expect(test.graph[.greeting] == "Hi, Ada")
    #expect(test.graph[.shared].number == 7)
    #expect(test.graph.environment == .test)
  }

  @Test("an override may bind a required key the app leaves unbound")
  func overrideBindsUnbound() throws {
    let test = try TestGraph { $0.override(.number, to: 3) }
    #expect(test.graph[.number] == 3)
  }

  @Test("keys use their test values in a test graph, and their live ones elsewhere")
  func testValues() throws {
    #expect(try TestGraph().graph[.clock] == "1970-01-01")
    #expect(try Graph(modules: [])[.clock] == "now")
  }

  @Test("a live-only key the test did not override fails the test and returns its stand-in")
  func liveOnly() async throws {
    let test = try TestGraph()
    let issues = try await recordedIssues {
      let network = test.graph[.network]
      #expect(network is UnimplementedNetwork)
    }
    #expect(
      issues == [
        """
        Keys.network (any Network, App/Keys.swift:12) is live-only, and this test did not override it
        fix: override it in the test's graph: $0.override(.network) { … }
        """
      ])
  }

  @Test("an override the test never resolved is reported")
  func unusedOverride() async throws {
    let test = try TestGraph {
      $0.override(.greeter, fileID: "AppTests/ProfileTests.swift", line: 12) { _ in StubGreeter(word: "Hi") }
      $0.override(.number, to: 1)
    }
    _ = test.graph[.number]
    #expect(
      test.unusedOverrides == [
        """
        the override of Keys.greeter (any Greeter, SheathTestingTests/Fixtures.swift:40) was never resolved: is the test exercising what you think?
          overridden at AppTests/ProfileTests.swift:12
        fix: remove the override, or make sure the test resolves Keys.greeter
        """
      ])
    #expect(try await recordedIssues { test.reportUnusedOverrides() } == test.unusedOverrides)
  }

  @Test("a test's override of a collection replaces what the app's modules contribute, and counts as used")
  func collectionOverride() throws {
    let test = try TestGraph(modules: [TrackersModule()]) { $0.override(.trackers) { _ in ["stub"] } }
    #expect(test.graph[.trackers] == ["stub"])
    #expect(test.unusedOverrides.isEmpty)
  }

  @Test("a test's elements, contributed at once, follow the app's, and an override replaces them all")
  func collectionElements() throws {
    let added = try TestGraph(modules: [TrackersModule()]) { $0.contributeElements(to: .trackers) { _ in ["a", "b"] } }
    #expect(added.graph[.trackers] == ["remote", "a", "b"])
    let replaced = try TestGraph(modules: [TrackersModule(), ElementsModule()]) {
      $0.override(.trackers) { _ in ["stub"] }
    }
    #expect(replaced.graph[.trackers] == ["stub"])
  }

  @Test("100 parallel test graphs with colliding overrides never see each other's", arguments: 0..<100)
  func isolation(index: Int) async throws {
    let test = try TestGraph(modules: [AppModule()]) { $0.override(.number, to: index) }
    await Graph.$current.withValue(test.graph) {
      let shared = test.graph[.shared]
      for _ in 0..<20 {
        await Task.yield()
        #expect(Graph.current?[.number] == index)
        #expect(Graph.current?[.shared] === shared)
        #expect(InjectedNumber().number == index)
      }
      #expect(shared.number == index)
    }
  }
}

/// Something a framework creates, resolving from the current graph.
struct InjectedNumber {
  @Inject(.number) var number: Int
}

extension Keys {
  fileprivate static var trackers: CollectionKey<String> { CollectionKey<String>() }
}

private struct TrackersModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .trackers) { _ in "remote" }
  }
}

private struct ElementsModule: Module {
  func register(into b: inout Bindings) {
    b.contributeElements(to: .trackers) { _ in ["console", "crash"] }
  }
}

extension Keys {
  fileprivate static var overriddenGreeting: Key<String> { Key<String>.required(name: "Keys.overriddenGreeting") }
}

/// A module that overrides a key, as a mock module does.
private struct GreetingOverrideModule: Module {
  func register(into b: inout Bindings) {
    b.override(.overriddenGreeting, to: "from the mock module")
  }
}

@Suite("Test graphs: overrides")
struct TestGraphOverrideTests {
  @Test("a test's override wins over a module's override of the same key: it is made for this test alone")
  func testOverrideWins() throws {
    let graph = try TestGraph(modules: [GreetingOverrideModule()]) {
      $0.override(.overriddenGreeting, to: "from the test")
    }.graph
    #expect(graph[.overriddenGreeting] == "from the test")
  }

  @Test("two overrides of one key in one test still conflict")
  func twoTestOverridesConflict() {
    #expect(throws: GraphError.self) {
      try TestGraph {
        $0.override(.overriddenGreeting, to: "one")
        $0.override(.overriddenGreeting, to: "two")
      }
    }
  }
}
