#if compiler(>=6.1)
  import Testing

  /// A Swift Testing trait that gives each test its own ``TestGraph`` and makes it
  /// ``/Sheath/Graph/current``.
  ///
  /// ```swift
  /// @Test(.graph(modules: [AppModule()]) { $0.override(.userAPI) { _ in FakeUserAPI(users: [.octocat]) } })
  /// func showsFollowerCount() async throws {
  ///   let graph = try #require(Graph.current)
  ///   …
  /// }
  ///
  /// @Suite(.graph(modules: [AppModule()]))   // every test of the suite gets a fresh graph
  /// struct ProfileTests { … }
  /// ```
  ///
  /// The graph is built anew for every test case (every argument of a parameterized test), so tests
  /// running in parallel never see each other's overrides, instances or caches. `@Inject` inside the
  /// test resolves from it too.
  public struct GraphTrait: TestTrait, SuiteTrait, TestScoping {
    let modules: @Sendable () -> [any Module]
    let overrides: @Sendable (inout Bindings) -> Void
    let reportsUnusedOverrides: Bool
    let sourceLocation: SourceLocation

    /// Applies to every test in a suite.
    public var isRecursive: Bool { true }

    /// Builds the test's graph and runs the test with it as ``/Sheath/Graph/current``.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: The test case.
    ///   - function: The test.
    /// - Throws: What the test throws, or `GraphError` when the graph cannot be built.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      let testGraph: TestGraph
      do {
        testGraph = try TestGraph(modules: modules(), overrides: overrides)
      } catch {
        Issue.record(Comment(rawValue: String(describing: error)), sourceLocation: sourceLocation)
        throw error
      }
      try await Graph.$current.withValue(testGraph.graph) { try await function() }
      if reportsUnusedOverrides {
        for message in testGraph.unusedOverrides {
          Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
      }
    }
  }

  extension Trait where Self == GraphTrait {
    /// Gives each test its own graph — `modules` with `overrides` on top — as ``/Sheath/Graph/current``.
    ///
    /// - Parameters:
    ///   - modules: The app's modules, evaluated for each test.
    ///   - reportingUnusedOverrides: Whether to fail a test that never resolved one of its overrides.
    ///   - sourceLocation: Where the trait is written, for the issues it records.
    ///   - overrides: The test's overrides: `$0.override(.key) { … }`.
    /// - Returns: The trait.
    public static func graph(
      modules: @autoclosure @escaping @Sendable () -> [any Module] = [],
      reportingUnusedOverrides: Bool = false,
      sourceLocation: SourceLocation = #_sourceLocation,
      overrides: @escaping @Sendable (inout Bindings) -> Void = { _ in }
    ) -> Self {
      GraphTrait(
        modules: modules, overrides: overrides, reportsUnusedOverrides: reportingUnusedOverrides,
        sourceLocation: sourceLocation)
    }
  }
#endif
