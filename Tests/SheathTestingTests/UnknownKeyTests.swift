import Foundation
import RecordedIssues
import SheathTesting
import Testing

/// What the app's module does not name, and no key it names declares.
final class Report: Sendable {
  let box: Box
  init(box: Box) { self.box = box }
}

extension Keys {
  static var report: Key<Report> {
    Key<Report>(.transient, .shared, name: "Keys.report", fileID: "App/Keys.swift", line: 50) {
      Report(box: $0)
    }
  }
  /// An async key whose factory resolves `.report` through its resolver: the test never names it.
  static var asyncReportText: AsyncKey<String> {
    AsyncKey<String>(name: "Keys.asyncReportText", fileID: "App/Keys.swift", line: 52) { r in
      "\(r[.report].box.number)"
    }
  }
  static var reportText: Key<String> {
    Key<String>(name: "Keys.reportText", fileID: "App/Keys.swift", line: 51) { r in
      "\(r[.report].box.number)"
    }
  }
}

@Suite("Keys a test graph did not know")
struct UnknownKeyTests {
  @Test("a test that resolves a key its app's graph did not know fails, saying how to name it")
  func unknownKeyFailsTheTest() async throws {
    let test = try TestGraph(modules: [AppModule()])
    let issues = try await recordedIssues {
      #expect(test.graph[.report].box.number == 0)
      _ = test.graph[.report]
    }
    #expect(
      issues == [
        """
        this test resolved Keys.report (Report, App/Keys.swift:50), which its graph did not know when it was built: no module names it and no key declares it, so building the app's graph does not check it
        fix: name it in the module that provides it, b.expose(.report), or declare it as a dependency of the key that needs it
        """
      ])
  }

  @Test("a key the test resolves only through another key's factory is not the test's to name")
  func keysResolvedInsideFactories() async throws {
    let test = try TestGraph(modules: [AppModule()]) { $0.expose(.reportText) }
    let issues = try await recordedIssues {
      #expect(test.graph[.reportText] == "0")
    }
    #expect(issues == [])
  }

  @Test("a key the test resolves only through an async key's factory is not the test's to name")
  func keysResolvedInsideAsyncFactories() async throws {
    let test = try TestGraph(modules: [AppModule()]) { $0.expose(.asyncReportText) }
    let issues = try await recordedIssues {
      let text = try await test.graph[.asyncReportText]
      #expect(text == "0")
    }
    #expect(issues == [])
  }

  @Test("a test graph of no modules stands for no app: a key tested on its own is not reported")
  func noModules() async throws {
    let test = try TestGraph()
    let issues = try await recordedIssues {
      _ = test.graph[.greeting]
    }
    #expect(issues == [])
  }

  @Test("a key the app's module names is not reported")
  func namedKey() async throws {
    let test = try TestGraph(modules: [AppModule()]) { $0.expose(.report) }
    let issues = try await recordedIssues {
      _ = test.graph[.report]
    }
    #expect(issues == [])
  }
}
