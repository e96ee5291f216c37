import XCTest

extension XCTestCase {
  /// Runs `body` with a ``TestGraph`` of its own as ``/Sheath/Graph/current``, for XCTest users.
  ///
  /// ```swift
  /// func testShowsFollowerCount() async throws {
  ///   try await withGraph(modules: [AppModule()], overrides: { $0.override(.userAPI) { _ in FakeUserAPI() } }) { graph in
  ///     let viewModel = await graph.make(.profileViewModel, view)
  ///     …
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - modules: The app's modules.
  ///   - reportingUnusedOverrides: Whether to fail the test for each override it never resolved.
  ///   - file: Where the helper is called, for the failures it records.
  ///   - line: Where the helper is called, for the failures it records.
  ///   - overrides: The test's overrides: `$0.override(.key) { … }`.
  ///   - body: The test, given the graph.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or `GraphError` when the graph cannot be built.
  public func withGraph<Result>(
    modules: [any Module] = [],
    reportingUnusedOverrides: Bool = false,
    file: StaticString = #filePath,
    line: UInt = #line,
    overrides: (inout Bindings) -> Void = { _ in },
    _ body: (Graph) async throws -> Result
  ) async throws -> Result {
    let testGraph = try TestGraph(modules: modules, overrides: overrides)
    let result = try await Graph.$current.withValue(testGraph.graph) { try await body(testGraph.graph) }
    if reportingUnusedOverrides {
      for message in testGraph.unusedOverrides { XCTFail(message, file: file, line: line) }
    }
    return result
  }
}
