@_exported import Sheath

/// A graph for one test: the app's modules built for the ``/Sheath/AppEnvironment/test`` environment,
/// with the test's overrides on top.
///
/// ```swift
/// let test = try TestGraph(modules: [AppModule()]) {
///   $0.override(.userAPI) { _ in FakeUserAPI() }
/// }
/// let viewModel = test.graph.make(.profileViewModel, view)
/// ```
///
/// Overrides are typed like bindings: an override must return the key's type, and may also bind a key
/// the app's modules leave unbound. In a test graph, keys use their ``/Sheath/TestBehavior``: test
/// values replace live defaults, and a live-only key the test did not override fails the test. A test
/// graph is a value of its own: tests that run in parallel never share instances, caches or overrides.
///
/// In Swift Testing, the ``Testing/Trait/graph(modules:reportingUnusedOverrides:sourceLocation:overrides:)``
/// trait builds one per test and makes it ``/Sheath/Graph/current``; in XCTest, use
/// `XCTestCase.withGraph(modules:reportingUnusedOverrides:isolation:file:line:overrides:_:)`.
///
/// ## Where failures go
///
/// A failure the graph records — a live-only key resolved without an override, a key the graph did
/// not know, an override never resolved — fails the test that built the graph, pointing at the line
/// that built it, whichever thread or task resolved the key; a request or an override made in the
/// same file points at its own line instead. Swift Testing takes an
/// issue only from the test's own task: a failure on a Dispatch queue or in a detached task is recorded
/// when the `.graph` trait's test ends, when the test calls ``reportUnusedOverrides()``, or when the
/// graph is released; build the graph with the trait where work leaves the test's task.
public struct TestGraph: Sendable {
  /// The graph.
  public let graph: Graph
  private let usage: OverrideUsage
  let reporter: TestReporter

  /// Builds a test graph.
  ///
  /// - Parameters:
  ///   - modules: The app's modules (those installed only in other environments are left out).
  ///   - fileID: Where the test graph is built, for the failures it records; leave the default.
  ///   - filePath: Where the test graph is built, for the failures it records; leave the default.
  ///   - line: Where the test graph is built, for the failures it records; leave the default.
  ///   - column: Where the test graph is built, for the failures it records; leave the default.
  ///   - overrides: The test's overrides, registered after the modules: `$0.override(.key) { … }`.
  /// - Throws: `GraphError` when the modules and overrides cannot be built.
  public init(
    modules: [any Module] = [],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    overrides: (inout Bindings) -> Void = { _ in }
  ) throws {
    let location = TestLocation(
      fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column), xcTestFile: filePath)
    try self.init(modules: modules, location: location, overrides: overrides)
  }

  /// Builds a test graph whose failures point at `location`.
  init(modules: [any Module], location: TestLocation, overrides: (inout Bindings) -> Void) throws {
    let usage = OverrideUsage()
    let reporter = TestReporter(location: location)
    self.usage = usage
    self.reporter = reporter
    self.graph = try Graph(
      modules: modules, testOverrides: overrides, usage: usage,
      hooks: TestHooks(reportsUnknownKeys: !modules.isEmpty) { message, request in
        // At the request's line when the test made it in the graph's file, as an override's.
        reporter.record(message, at: request.map(location.override(at:)))
      })
  }

  /// A message for each override this test registered but never resolved.
  public var unusedOverrides: [String] { usage.unusedOverrides.map(\.message) }

  /// Fails the current test once for each override it never resolved, at the override's line; first
  /// records the failures that happened outside the test's task.
  public func reportUnusedOverrides() {
    reporter.recordPending()
    for unused in usage.unusedOverrides {
      reporter.record(unused.message, at: reporter.location.override(at: unused.location))
    }
  }
}
