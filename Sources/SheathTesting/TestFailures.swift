import Testing
import XCTest

/// Records a failure in whichever test framework is running the current test.
enum TestFailures {
  /// Records `message` as an issue of the current Swift Testing test, or else as an XCTest failure.
  @Sendable
  static func record(_ message: String) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message))
    } else {
      XCTFail(message)
    }
  }
}
