import SheathTesting
import XCTest

// XCTest: the helper for XCTest users is itself under test here, so these tests are XCTest's.
final class XCTestHelperTests: XCTestCase {
  /// The failures recorded while `capturing` is on, kept out of the test's result.
  private var captured: [String] = []
  private var capturing = false

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard capturing else { return super.record(issue) }
      captured.append(issue.compactDescription)
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
      guard capturing else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      captured.append(description)
    }
  #endif

  func testGraphIsCurrentAndOverridden() async throws {
    let greeting = try await withGraph(
      modules: [AppModule()], overrides: { $0.override(.greeter) { _ in StubGreeter(word: "Hi") } }
    ) { graph in
      XCTAssertTrue(Graph.current === graph)
      return graph[.greeting]
    }
    XCTAssertEqual(greeting, "Hi, Ada")
    XCTAssertNil(Graph.current)
  }

  func testLiveOnlyKeyFailsTheTestWithXCTFail() async throws {
    capturing = true
    let network = try await withGraph { graph in graph[.network] }
    capturing = false
    XCTAssertTrue(network is UnimplementedNetwork)
    XCTAssertEqual(
      captured,
      [
        """
        failed - Keys.network (any Network, App/Keys.swift:12) is live-only, and this test did not override it
        fix: override it in the test's graph: $0.override(.network) { _ in … }
        """
      ])
  }

  func testUnusedOverrideFailsTheTestWithXCTFail() async throws {
    capturing = true
    try await withGraph(
      reportingUnusedOverrides: true,
      overrides: { $0.override(.number, fileID: "AppTests/XCTests.swift", line: 9) { _ in 5 } }
    ) { _ in }
    capturing = false
    XCTAssertEqual(captured.count, 1)
    XCTAssertTrue(captured.first?.contains("the override of Keys.number") == true, "\(captured)")
    XCTAssertTrue(captured.first?.contains("overridden at AppTests/XCTests.swift:9") == true, "\(captured)")
  }
}
