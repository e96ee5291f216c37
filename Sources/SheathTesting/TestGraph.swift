@_exported import Sheath

/// A graph for one test: the app's modules built for the ``/Sheath/AppEnvironment/test`` environment,
/// with the test's overrides on top.
///
/// ```swift
/// let test = try TestGraph(modules: [AppModule()]) { $0.override(.userAPI) { _ in FakeUserAPI() } }
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
/// `XCTestCase.withGraph(modules:reportingUnusedOverrides:file:line:overrides:_:)`.
public struct TestGraph: Sendable {
  /// The graph.
  public let graph: Graph
  private let usage: OverrideUsage

  /// Builds a test graph.
  ///
  /// - Parameters:
  ///   - modules: The app's modules (those installed only in other environments are left out).
  ///   - overrides: The test's overrides, registered after the modules: `$0.override(.key) { … }`.
  /// - Throws: `GraphError` when the modules and overrides cannot be built.
  public init(modules: [any Module] = [], overrides: (inout Bindings) -> Void = { _ in }) throws {
    let usage = OverrideUsage()
    self.usage = usage
    self.graph = try Graph(
      modules: modules, testOverrides: overrides, usage: usage, hooks: TestHooks(report: TestFailures.record))
  }

  /// A message for each override this test registered but never resolved.
  public var unusedOverrides: [String] { usage.unusedOverrideMessages }

  /// Fails the current test once for each override it never resolved.
  public func reportUnusedOverrides() {
    unusedOverrides.forEach(TestFailures.record)
  }
}
