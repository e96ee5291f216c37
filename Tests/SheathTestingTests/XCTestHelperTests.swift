import Foundation
import SheathTesting
import XCTest

// XCTest: the helper for XCTest users is itself under test here, so these tests are XCTest's.
final class XCTestHelperTests: XCTestCase {
  /// A failure recorded while capturing: its text, and the file and line it points at.
  struct Failure: Equatable {
    let text: String
    let file: String
    let line: Int
  }

  /// The failures recorded while capturing, from any thread, kept out of the test's result.
  private let capture = Capture()

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      let location = issue.sourceCodeContext.location
      let failure = Failure(
        text: issue.compactDescription, file: location?.fileURL.path ?? "", line: location?.lineNumber ?? 0)
      guard capture.take(failure) else { return super.record(issue) }
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
      guard capture.take(Failure(text: description, file: filePath, line: lineNumber)) else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }
  #endif

  private let liveOnlyFailure = """
    failed - Keys.network (any Network, App/Keys.swift:12) is live-only, and this test did not override it
    fix: override it in the test's graph: $0.override(.network) { … }
    """

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

  @MainActor
  func testMainActorTestKeepsTheMainActorInTheBody() async throws {
    let tally = MainActorTally()
    let greeting = try await withGraph(
      modules: [AppModule()], overrides: { $0.override(.greeter) { _ in StubGreeter(word: "Hello") } }
    ) { graph in
      // `tally` is main-actor state, used without `await`: the body runs on the main actor.
      tally.count += 1
      XCTAssertTrue(Graph.current === graph)
      return graph[.greeting]
    }
    XCTAssertEqual(greeting, "Hello, Ada")
    XCTAssertEqual(tally.count, 1)
    XCTAssertNil(Graph.current)
  }

  func testSynchronousTestGetsTheGraph() throws {
    let greeting = try withGraph(
      modules: [AppModule()], overrides: { $0.override(.greeter) { _ in StubGreeter(word: "Hey") } }
    ) { graph in
      XCTAssertTrue(Graph.current === graph)
      return graph[.greeting]
    }
    XCTAssertEqual(greeting, "Hey, Ada")
    XCTAssertNil(Graph.current)
  }

  func testSynchronousTestReportsAnUnusedOverrideAtItsOwnLine() throws {
    capture.start()
    try withGraph(
      reportingUnusedOverrides: true, file: "/src/AppTests/XCTests.swift", line: 21,
      overrides: { $0.override(.number, fileID: "AppTests/XCTests.swift", line: 9) { _ in 5 } }
    ) { _ in }
    let failures = capture.stop()
    XCTAssertEqual(failures.map(\.line), [9])
    XCTAssertEqual(failures.map(\.file), ["/src/AppTests/XCTests.swift"])
    XCTAssertTrue(failures.first?.text.hasPrefix("failed - the override of Keys.number (Int, ") == true, "\(failures)")
  }

  func testLiveOnlyKeyFailsTheTestAtTheWithGraphLine() async throws {
    capture.start()
    let network = try await withGraph(file: "/src/AppTests/XCTests.swift", line: 21) { graph in graph[.network] }
    XCTAssertTrue(network is UnimplementedNetwork)
    XCTAssertEqual(capture.stop(), [Failure(text: liveOnlyFailure, file: "/src/AppTests/XCTests.swift", line: 21)])
  }

  func testLiveOnlyKeyOnAnotherThreadFailsThisTest() async throws {
    capture.start()
    try await withGraph(file: "/src/AppTests/XCTests.swift", line: 21) { graph in
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          _ = graph[.network]
          done.resume()
        }
      }
    }
    XCTAssertEqual(capture.stop(), [Failure(text: liveOnlyFailure, file: "/src/AppTests/XCTests.swift", line: 21)])
  }

  func testUnusedOverrideFailsTheTestAtItsOwnLine() async throws {
    capture.start()
    try await withGraph(
      reportingUnusedOverrides: true, file: "/src/AppTests/XCTests.swift", line: 21,
      overrides: {
        $0.override(.number, fileID: "AppTests/XCTests.swift", line: 9) { _ in 5 }
        $0.override(.greeter, fileID: "AppTests/Overrides.swift", line: 3) { _ in StubGreeter(word: "Hi") }
      }
    ) { _ in }
    let failures = capture.stop()
    XCTAssertEqual(failures.map(\.line), [9, 21])
    XCTAssertEqual(failures.map(\.file), ["/src/AppTests/XCTests.swift", "/src/AppTests/XCTests.swift"])
    XCTAssertTrue(failures.first?.text.hasPrefix("failed - the override of Keys.number (Int, ") == true, "\(failures)")
    XCTAssertTrue(failures.first?.text.contains("overridden at AppTests/XCTests.swift:9") == true, "\(failures)")
    XCTAssertTrue(failures.last?.text.contains("overridden at AppTests/Overrides.swift:3") == true, "\(failures)")
  }
}

/// State only the main actor touches, which a `@MainActor` test's `withGraph` body changes without `await`.
@MainActor
private final class MainActorTally {
  var count = 0
}

/// Failures caught while capturing, from whichever thread records them.
private final class Capture: @unchecked Sendable {
  // @unchecked: `capturing` and `failures` are only read or written while `lock` is held.
  private let lock = NSLock()
  private var capturing = false
  private var failures: [XCTestHelperTests.Failure] = []

  func start() {
    lock.lock()
    defer { lock.unlock() }
    capturing = true
  }

  /// Stops capturing and returns what was caught.
  func stop() -> [XCTestHelperTests.Failure] {
    lock.lock()
    defer { lock.unlock() }
    capturing = false
    return failures
  }

  /// Keeps `failure` if capturing; returns whether it did.
  func take(_ failure: XCTestHelperTests.Failure) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if capturing { failures.append(failure) }
    return capturing
  }
}
