import Foundation
import Testing
import XCTest

/// A line of a test's code: where a test graph was built, or where one of its overrides was made.
struct TestLocation: Sendable {
  /// `Module/File.swift`, or `nil` when only the path is known (XCTest's `file:line:`).
  var fileID: String?
  var filePath: String
  var line: Int
  var column: Int
  /// `filePath` as XCTest takes it, when the location came from XCTest-style defaults.
  var xcTestFile: StaticString?

  /// The location as Swift Testing takes it (a location from XCTest gets a `fileID` made of its file's
  /// name).
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: fileID ?? "Tests/" + fileName, filePath: filePath, line: max(1, line), column: max(1, column))
  }

  private var fileName: String { String(filePath.split(separator: "/").last ?? Substring(filePath)) }

  /// Where an override made at `location` is: its own line when it is in this file (overrides are
  /// usually written where the test graph is built), else this location. Without a `fileID`, the
  /// override's file is matched by name.
  func override(at location: CodeLocation) -> TestLocation {
    let overrideFileName = location.fileID.split(separator: "/").last.map(String.init)
    let sameFile = fileID.map { $0 == location.fileID } ?? (overrideFileName == fileName)
    guard sameFile, location.line > 0 else { return self }
    return TestLocation(fileID: fileID, filePath: filePath, line: location.line, column: 1, xcTestFile: xcTestFile)
  }
}

/// Records a test graph's failures for the test that built the graph, at the test's own line, from
/// whichever thread or task fails.
///
/// A Swift Testing issue belongs to the test whose task records it. A thread the test started with
/// Dispatch, or a task it detached, is in no test: an issue recorded there reaches no test ("Test
/// «unknown» recorded an issue"), and `XCTFail` outside an XCTest test is lost. So the reporter
/// remembers the test that built the graph. A failure in that test's own task is recorded at once; a
/// failure anywhere else is kept until the test's task records it: when the `.graph` trait's test
/// ends, when the test calls ``TestGraph/reportUnusedOverrides()``, or when the graph is released.
/// XCTest takes a failure from any thread while its test runs, so a graph built in an XCTest test
/// records at once, with `XCTFail`.
final class TestReporter: @unchecked Sendable {
  // @unchecked: `pending` is only read or written while `lock` is held; the rest is immutable.

  /// The test that built the graph.
  private enum Owner {
    /// A Swift Testing test.
    case test(Test.ID)
    /// An XCTest test, or no test: whichever test is running when a failure happens.
    case current
  }

  /// Where the test graph was built: the line failures point at.
  let location: TestLocation
  private let owner: Owner
  private let lock = NSLock()
  private var pending: [(message: String, location: TestLocation)] = []

  /// A reporter for a graph built now, in the current test, at `location`.
  init(location: TestLocation) {
    self.location = location
    self.owner = Test.current.map { .test($0.id) } ?? .current
  }

  deinit {
    recordPending()
  }

  /// Records `message` as a failure of the test that built the graph, at `location` (by default,
  /// where the graph was built).
  func record(_ message: String, at location: TestLocation? = nil) {
    let location = location ?? self.location
    switch owner {
    case .test(let id) where Test.current?.id != id:
      lock.lock()
      pending.append((message, location))
      lock.unlock()
    case .test:
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    case .current:
      if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
      } else if let file = location.xcTestFile {
        XCTFail(message, file: file, line: UInt(max(1, location.line)))
      } else {
        XCTFail(message)
      }
    }
  }

  /// Records, in the calling task, the failures that happened outside the test's task.
  func recordPending() {
    lock.lock()
    let failures = pending
    pending = []
    lock.unlock()
    for failure in failures {
      Issue.record(Comment(rawValue: failure.message), sourceLocation: failure.location.sourceLocation)
    }
  }
}
