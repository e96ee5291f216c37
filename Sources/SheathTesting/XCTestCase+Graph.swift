import XCTest

extension XCTestCase {
  /// Runs `body` with a ``TestGraph`` of its own as ``/Sheath/Graph/current``, for XCTest users.
  ///
  /// ```swift
  /// func testShowsFollowerCount() async throws {
  ///   try await withGraph(
  ///     modules: [AppModule()],
  ///     overrides: { $0.override(.userAPI) { _ in FakeUserAPI() } }
  ///   ) { graph in
  ///     let viewModel = await graph.make(.profileViewModel, view)
  ///     …
  ///   }
  /// }
  /// ```
  ///
  /// The failures the graph records point at the line that calls `withGraph` (an unused override, at
  /// its own line), whichever thread resolved the key.
  ///
  /// - Parameters:
  ///   - modules: The app's modules.
  ///   - reportingUnusedOverrides: Whether to fail the test for each override it never resolved.
  ///   - file: Where the helper is called, for the failures it records; leave the default.
  ///   - line: Where the helper is called, for the failures it records; leave the default.
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
    // NB: no `fileID` parameter, to keep XCTest's `file:line:` convention: an override is matched to this
    // file by its name (see `TestLocation.override(at:)`).
    let location = TestLocation(fileID: nil, filePath: "\(file)", line: Int(line), column: 1, xcTestFile: file)
    let testGraph = try TestGraph(modules: modules, location: location, overrides: overrides)
    let result = try await Graph.$current.withValue(testGraph.graph) { try await body(testGraph.graph) }
    if reportingUnusedOverrides { testGraph.reportUnusedOverrides() }
    return result
  }
}
