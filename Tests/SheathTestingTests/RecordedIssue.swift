#if compiler(>=6.2)
  import Foundation
  import Testing

  /// An issue a piece of code recorded: its text and where it points.
  struct RecordedIssue: Equatable, CustomStringConvertible {
    let text: String
    let location: SourceLocation?

    var description: String {
      guard let location else { return "\(text) (no location)" }
      return "\(text) @ \(location.fileID) \(location.filePath):\(location.line):\(location.column)"
    }
  }

  /// Runs `body` in the current test and returns the issues it recorded for this test, instead of
  /// letting them fail it. Only issues that reach this test are caught: one recorded where no test is
  /// current (a Dispatch queue, a detached task) would fail the run as "Test «unknown» recorded an
  /// issue", which is what the tests that use this make sure does not happen.
  func issues(recordedBy body: @escaping @Sendable () async throws -> Void) async throws -> [RecordedIssue] {
    let recorded = Recorded()
    guard let test = Test.current else {
      Issue.record("issues(recordedBy:) runs only inside a Swift Testing test")
      return []
    }
    // NB: an issue handling trait applied for the length of `body` only; `withKnownIssue` would also
    // catch them, but prints each one, which reads like a failure in a green run.
    let trait = IssueHandlingTrait.compactMapIssues { issue in
      guard case .unconditional = issue.kind else { return issue }
      recorded.append(
        RecordedIssue(text: issue.comments.map(\.rawValue).joined(separator: "\n"), location: issue.sourceLocation))
      return nil
    }
    try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
    return recorded.issues
  }

  /// The issues caught, from whichever thread records them.
  private final class Recorded: @unchecked Sendable {
    // @unchecked: `values` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var values: [RecordedIssue] = []

    var issues: [RecordedIssue] {
      lock.lock()
      defer { lock.unlock() }
      return values
    }

    func append(_ issue: RecordedIssue) {
      lock.lock()
      defer { lock.unlock() }
      values.append(issue)
    }
  }
#endif
