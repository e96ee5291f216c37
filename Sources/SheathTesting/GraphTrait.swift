#if compiler(>=6.1)
  import Testing

  /// A Swift Testing trait that gives each test its own ``TestGraph`` and makes it
  /// ``/Sheath/Graph/current``.
  ///
  /// ```swift
  /// @Test(
  ///   .graph(modules: [AppModule()]) {
  ///     $0.override(.userAPI) { _ in FakeUserAPI(users: [.octocat]) }
  ///   })
  /// func showsFollowerCount() async throws {
  ///   let graph = try #require(Graph.current)
  ///   …
  /// }
  ///
  /// // every test of the suite gets a fresh graph
  /// @Suite(.graph(modules: [AppModule()]))
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
    /// A graph that cannot be built fails the test at the trait's line, and the test does not run.
    /// The failures the graph records — a live-only key resolved without an override, whichever thread
    /// or task resolved it, and, if asked, the overrides a test that returned never resolved — are
    /// recorded for the test before it ends.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: The test case.
    ///   - function: The test.
    /// - Throws: What the test throws.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      let location = TestLocation(
        fileID: sourceLocation.fileID, filePath: sourceLocation.filePath, line: sourceLocation.line,
        column: sourceLocation.column)
      let testGraph: TestGraph
      do {
        testGraph = try TestGraph(modules: modules(), location: location, overrides: overrides)
      } catch {
        // NB: recorded, not thrown: a thrown error would be a second issue, "Caught error", that points
        // at the test instead of the trait.
        Issue.record(Comment(rawValue: String(describing: error)), sourceLocation: sourceLocation)
        return
      }
      do {
        try await Graph.$current.withValue(testGraph.graph) { try await function() }
      } catch {
        testGraph.reporter.recordPending()
        throw error
      }
      testGraph.reporter.recordPending()
      if reportsUnusedOverrides { testGraph.reportUnusedOverrides() }
    }
  }

  extension Trait where Self == GraphTrait {
    /// Gives each test its own graph — `modules` with `overrides` on top — as ``/Sheath/Graph/current``.
    ///
    /// - Parameters:
    ///   - modules: The app's modules, evaluated for each test.
    ///   - reportingUnusedOverrides: Whether to fail a test that never resolved one of its overrides.
    ///   - sourceLocation: Where the trait is written: the issues it records point here (a request
    ///     made in the same file, at its own line). Swift 6.3 gives code written in `@Test(…)`'s
    ///     arguments the test function's line: that is where a trait written there, and an unused
    ///     override made in its closure, point; the message names the key.
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
