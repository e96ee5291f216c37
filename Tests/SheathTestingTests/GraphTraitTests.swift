import RecordedIssues
import SheathTesting
import Testing

@Suite("The graph trait")
struct GraphTraitTests {
  @Test(.graph(modules: [AppModule()]) { $0.override(.greeter) { _ in StubGreeter(word: "Hey") } })
  func currentGraph() throws {
    let graph = try #require(Graph.current)
    #expect(graph[.greeting] == "Hey, Ada")
    #expect(graph.environment == .test)
  }

  @Test(.graph { $0.override(.number, to: 42) }, arguments: 0..<10)
  func freshGraphPerCase(round: Int) throws {
    #expect(InjectedNumber().number == 42)
    let shared = try #require(Graph.current)[.shared]
    #expect(shared.number == 42)
    #expect(isFirstSighting(shared), "case \(round) got the singleton of another case's graph")
  }

  @Test(.graph(reportingUnusedOverrides: true) { $0.override(.number, to: 1) })
  func usedOverrideIsNotReported() {
    #expect(InjectedNumber().number == 1)
  }

  @Test("a strict trait fails a test that never resolved one of its overrides")
  func unusedOverrideIsReported() async throws {
    let trait = GraphTrait.graph(reportingUnusedOverrides: true) { $0.override(.number, to: 1) }
    let test = try #require(Test.current)
    let issues = try await recordedIssues {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {}
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("the override of Keys.number (Int, SheathTestingTests/Fixtures.swift:") == true)
  }
}

/// The `.shared` singletons tests got, kept alive so that no address is reused.
private let singletonsSeen = Locked<[Box]>([])

/// Whether no test has seen `singleton` before: a graph shared between tests (or cases) would give
/// each the singleton the first one made.
private func isFirstSighting(_ singleton: Box) -> Bool {
  singletonsSeen.withLock { seen in
    defer { seen.append(singleton) }
    return !seen.contains { $0 === singleton }
  }
}

// Ten tests whose overrides would collide if graphs were shared, run in parallel.
@Suite("Parallel trait isolation")
struct ParallelTraitIsolation {
  @Test(.graph { $0.override(.number, to: 1) }) func one() async { await expectNumber(1) }
  @Test(.graph { $0.override(.number, to: 2) }) func two() async { await expectNumber(2) }
  @Test(.graph { $0.override(.number, to: 3) }) func three() async { await expectNumber(3) }
  @Test(.graph { $0.override(.number, to: 4) }) func four() async { await expectNumber(4) }
  @Test(.graph { $0.override(.number, to: 5) }) func five() async { await expectNumber(5) }
  @Test(.graph { $0.override(.number, to: 6) }) func six() async { await expectNumber(6) }
  @Test(.graph { $0.override(.number, to: 7) }) func seven() async { await expectNumber(7) }
  @Test(.graph { $0.override(.number, to: 8) }) func eight() async { await expectNumber(8) }
  @Test(.graph { $0.override(.number, to: 9) }) func nine() async { await expectNumber(9) }
  @Test(.graph { $0.override(.number, to: 10) }) func ten() async { await expectNumber(10) }
}

private func expectNumber(_ expected: Int) async {
  for _ in 0..<50 {
    await Task.yield()
    #expect(InjectedNumber().number == expected)
    #expect(Graph.current?[.shared].number == expected)
  }
}

@Suite("A suite-level graph", .graph(modules: [AppModule()]) { $0.override(.greeter) { _ in StubGreeter(word: "Yo") } })
struct SuiteLevelGraph {
  @Test func first() throws {
    let graph = try #require(Graph.current)
    #expect(graph[.greeting] == "Yo, Ada")
    #expect(isFirstSighting(graph[.shared]))
  }

  @Test func secondHasItsOwnGraph() throws {
    let graph = try #require(Graph.current)
    #expect(graph[.shared] === graph[.shared])
    #expect(graph[.number] == 0)
    #expect(isFirstSighting(graph[.shared]))
  }
}
