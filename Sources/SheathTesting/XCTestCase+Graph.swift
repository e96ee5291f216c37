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
  /// The failures the graph records point at the line that calls `withGraph` (a request or an unused
  /// override made in the same file, at its own line), whichever thread resolved the key.
  ///
  /// `withGraph` runs on its caller's actor, so the test case and the closures never leave it: call it
  /// from a `@MainActor` test method, whose `body` then uses main-actor values without `await`, or from
  /// a nonisolated one.
  ///
  /// - Parameters:
  ///   - modules: The app's modules.
  ///   - reportingUnusedOverrides: Whether to fail the test for each override it never resolved.
  ///   - isolation: The actor `withGraph` runs on: its caller's; leave the default.
  ///   - file: Where the helper is called, for the failures it records; leave the default.
  ///   - line: Where the helper is called, for the failures it records; leave the default.
  ///   - overrides: The test's overrides: `$0.override(.key) { … }`.
  ///   - body: The test, given the graph.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or `GraphError` when the graph cannot be built.
  public func withGraph<Result>(
    modules: [any Module] = [],
    reportingUnusedOverrides: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #filePath,
    line: UInt = #line,
    overrides: (inout Bindings) -> Void = { _ in },
    _ body: (Graph) async throws -> Result
  ) async throws -> Result {
    // NB: without `isolation`, this function — nonisolated and async in a module built without
    // NonisolatedNonsendingByDefault — would run on the global executor, and a caller on the main actor
    // (or a nonisolated(nonsending) one) would have to send it the test case and both closures, which
    // are not `Sendable`: "sending value of non-Sendable type … risks causing data races".
    let testGraph = try xcTestGraph(modules: modules, file: file, line: line, overrides: overrides)
    let result = try await Graph.$current.withValue(testGraph.graph) {
      // NB: naming `isolation` isolates this closure to it (SE-0420); otherwise the closure is
      // nonisolated and `withValue` runs it on the global executor, a hop away from the caller's actor.
      _ = isolation
      return try await body(testGraph.graph)
    }
    if reportingUnusedOverrides { testGraph.reportUnusedOverrides() }
    return result
  }

  /// Runs `body` with a ``TestGraph`` of its own as ``/Sheath/Graph/current``, for synchronous XCTest
  /// tests.
  ///
  /// ```swift
  /// func testGreets() throws {
  ///   let greeting = try withGraph(
  ///     overrides: { $0.override(.greeter) { _ in StubGreeter(word: "Hi") } }
  ///   ) { graph in
  ///     graph[.greeting]
  ///   }
  ///   XCTAssertEqual(greeting, "Hi, Ada")
  /// }
  /// ```
  ///
  /// The failures the graph records point at the line that calls `withGraph` (a request or an unused
  /// override made in the same file, at its own line), whichever thread resolved the key.
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
  @_disfavoredOverload
  public func withGraph<Result>(
    modules: [any Module] = [],
    reportingUnusedOverrides: Bool = false,
    file: StaticString = #filePath,
    line: UInt = #line,
    overrides: (inout Bindings) -> Void = { _ in },
    _ body: (Graph) throws -> Result
  ) throws -> Result {
    // NB: `@_disfavoredOverload`, so that `try await withGraph { … }` with a body that awaits nothing
    // still calls the async overload (which keeps the caller's actor), not this one with a "no 'async'
    // operations occur within 'await' expression" warning; a synchronous test can only call this one.
    let testGraph = try xcTestGraph(modules: modules, file: file, line: line, overrides: overrides)
    let result = try Graph.$current.withValue(testGraph.graph) { try body(testGraph.graph) }
    if reportingUnusedOverrides { testGraph.reportUnusedOverrides() }
    return result
  }

  /// The test graph of `withGraph`, whose failures point at `file` and `line`.
  private func xcTestGraph(
    modules: [any Module], file: StaticString, line: UInt, overrides: (inout Bindings) -> Void
  ) throws -> TestGraph {
    // NB: no `fileID` parameter, to keep XCTest's `file:line:` convention: an override is matched to this
    // file by its name (see `TestLocation.override(at:)`).
    let location = TestLocation(fileID: nil, filePath: "\(file)", line: Int(line), column: 1, xcTestFile: file)
    return try TestGraph(modules: modules, location: location, overrides: overrides)
  }
}
