// For the tests whose subject is a failure — SheathTesting failing a test that forgot an override —
// one way to look at the issues a piece of code records, shared by the test targets.
import Foundation
import Testing

/// Runs `body` and returns the comments of the issues it records with `Issue.record`, instead of
/// letting them fail the current test, so that the test can compare their text.
///
/// `withKnownIssue` would pass the test too, but prints a "known issue … Issue recorded" line for
/// each one, which reads like a failure in a green run; the issues caught here print nothing. Only
/// recorded issues are caught: an expectation that fails inside `body`, or an error it throws, still
/// fails the test.
///
/// ```swift
/// let issues = try await recordedIssues { _ = test.graph[.network] }
/// #expect(issues == ["Keys.network (any Network, …) is live-only, and this test did not override it…"])
/// ```
///
/// - Parameter body: The code that should record issues.
/// - Returns: The comments of the issues `body` recorded, one string each, in order.
/// - Throws: What `body` throws.
public func recordedIssues(during body: @escaping @Sendable () async throws -> Void) async throws -> [String] {
  let recorded = RecordedComments()
  #if compiler(>=6.2)
    guard let test = Test.current else {
      Issue.record("recordedIssues(during:) runs only inside a Swift Testing test")
      return []
    }
    // NB: an issue handling trait applied for the length of `body` only: the test's other issues
    // are not touched.
    let trait = IssueHandlingTrait.compactMapIssues { issue in
      guard case .unconditional = issue.kind else { return issue }
      recorded.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
      return nil
    }
    try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
  #else
    // Swift 6.1 has no issue handling traits: the issues are caught as known issues, and printed.
    try await withKnownIssue {
      try await body()
    } matching: { issue in
      guard case .unconditional = issue.kind else { return false }
      recorded.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
      return true
    }
  #endif
  return recorded.values
}

/// The comments collected while `body` runs, from whichever thread records them.
private final class RecordedComments: @unchecked Sendable {
  // NB: @unchecked: `lock` guards `comments` (Mutex would need macOS 15, NSLock.withLock macOS 13).
  private let lock = NSLock()
  private var comments: [String] = []

  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return comments
  }

  func append(_ comment: String) {
    lock.lock()
    defer { lock.unlock() }
    comments.append(comment)
  }
}
