#if compiler(>=6.2)
  import Foundation
  import SheathTesting
  import Testing

  /// Where a test's graph is built in these tests: a file of an app's test target.
  private let graphLocation = SourceLocation(
    fileID: "AppTests/ProfileTests.swift", filePath: "/src/AppTests/ProfileTests.swift", line: 12, column: 5)

  private let liveOnlyMessage = """
    Keys.network (any Network, App/Keys.swift:12) is live-only, and this test did not override it
    fix: override it in the test's graph: $0.override(.network) { … }
    """

  /// `graphLocation` moved to `line` and `column`.
  private func at(line: Int, column: Int) -> SourceLocation {
    var location = graphLocation
    location.line = line
    location.column = column
    return location
  }

  @Suite("Test failures point at the test's own lines")
  struct FailureLocationTests {
    @Test("a live-only key's failure points at the line that built the TestGraph")
    func testGraphLocation() async throws {
      let issues = try await issues {
        let test = try TestGraph(
          fileID: "AppTests/ProfileTests.swift", filePath: "/src/AppTests/ProfileTests.swift", line: 12, column: 5)
        _ = test.graph[.network]
      }
      #expect(issues == [RecordedIssue(text: liveOnlyMessage, location: graphLocation)])
    }

    @Test("a failure of a request made in the graph's file points at the request's line")
    func requestLocation() async throws {
      let issues = try await issues {
        let test = try TestGraph(
          modules: [AppModule()], fileID: "AppTests/ProfileTests.swift", filePath: "/src/AppTests/ProfileTests.swift",
          line: 12, column: 5)
        _ = test.graph[.network, fileID: "AppTests/ProfileTests.swift", line: 30]
        _ = test.graph[.report, fileID: "AppTests/ProfileTests.swift", line: 31]
        // A request made in another file points at the graph.
        _ = test.graph[.unexposedReport, fileID: "AppTests/Helpers.swift", line: 7]
      }
      #expect(issues.map(\.location) == [at(line: 30, column: 1), at(line: 31, column: 1), graphLocation])
      #expect(issues.first?.text == liveOnlyMessage)
      #expect(issues.dropFirst().allSatisfy { $0.text.hasPrefix("this test resolved Keys.") })
    }

    @Test("under the trait too: a request in the trait's file points at its line")
    func traitRequestLocation() async throws {
      let trait = GraphTrait.graph(sourceLocation: graphLocation)
      let test = try #require(Test.current)
      let issues = try await issues {
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
          _ = Graph.current?[.network, fileID: "AppTests/ProfileTests.swift", line: 40]
        }
      }
      #expect(issues == [RecordedIssue(text: liveOnlyMessage, location: at(line: 40, column: 1))])
    }

    @Test("the trait's failures point at the trait")
    func traitLocation() async throws {
      let trait = GraphTrait.graph(sourceLocation: graphLocation)
      let test = try #require(Test.current)
      let issues = try await issues {
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
          _ = Graph.current?[.network]
        }
      }
      #expect(issues == [RecordedIssue(text: liveOnlyMessage, location: graphLocation)])
    }

    @Test("an unused override points at its own line in the trait's file, else at the trait")
    func unusedOverrideLocation() async throws {
      let trait = GraphTrait.graph(reportingUnusedOverrides: true, sourceLocation: graphLocation) {
        $0.override(.greeter, fileID: "AppTests/ProfileTests.swift", line: 14) { _ in StubGreeter(word: "Hi") }
        $0.override(.number, fileID: "AppTests/Overrides.swift", line: 3) { _ in 1 }
      }
      let test = try #require(Test.current)
      let issues = try await issues {
        try await trait.provideScope(for: test, testCase: Test.Case.current) {}
      }
      #expect(issues.map(\.location) == [at(line: 14, column: 1), graphLocation])
      #expect(issues.first?.text.hasPrefix("the override of Keys.greeter (any Greeter, ") == true)
      #expect(
        issues.last?.text.hasSuffix(
          "  overridden at AppTests/Overrides.swift:3\nfix: remove the override, or make sure the test resolves Keys.number"
        ) == true)
    }

    @Test("a graph the trait cannot build fails the test once, at the trait, and the test does not run")
    func buildErrorLocation() async throws {
      let trait = GraphTrait.graph(modules: [RequiresPortModule()], sourceLocation: graphLocation)
      let test = try #require(Test.current)
      let ran = Flag()
      let issues = try await issues {
        try await trait.provideScope(for: test, testCase: Test.Case.current) { ran.set() }
      }
      #expect(!ran.isSet)
      #expect(
        issues == [
          RecordedIssue(
            text: """
              Sheath could not build the graph (1 problem):

              error: missing binding for required key Keys.port (Int, App/Keys.swift:20)
                required by RequiresPortModule (AppTests/Modules.swift:8)
              fix: bind it in one of the installed modules: b.bind(.port) { … }
              """,
            location: graphLocation)
        ])
    }
  }

  @Suite("Test failures reach their test from any thread")
  struct FailureThreadTests {
    /// Ways to resolve off the test's task.
    enum Elsewhere: String, CaseIterable, Sendable {
      case dispatchQueue = "a Dispatch queue"
      case detachedTask = "a detached task"

      func resolve(_ graph: Graph) async {
        switch self {
        case .dispatchQueue:
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
              _ = graph[.network]
              done.resume()
            }
          }
        case .detachedTask:
          await Task.detached { _ = graph[.network] }.value
        }
      }
    }

    @Test(
      "a live-only key resolved elsewhere fails the test whose trait built the graph", arguments: Elsewhere.allCases)
    func trait(_ elsewhere: Elsewhere) async throws {
      let trait = GraphTrait.graph(sourceLocation: graphLocation)
      let test = try #require(Test.current)
      let issues = try await issues {
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
          guard let graph = Graph.current else { return }
          await elsewhere.resolve(graph)
        }
      }
      #expect(issues == [RecordedIssue(text: liveOnlyMessage, location: graphLocation)])
    }

    @Test(
      "a TestGraph's failure elsewhere is recorded when the test reports its overrides", arguments: Elsewhere.allCases)
    func reportUnusedOverrides(_ elsewhere: Elsewhere) async throws {
      let issues = try await issues {
        let test = try TestGraph(
          fileID: "AppTests/ProfileTests.swift", filePath: "/src/AppTests/ProfileTests.swift", line: 12, column: 5)
        await elsewhere.resolve(test.graph)
        test.reportUnusedOverrides()
      }
      #expect(issues == [RecordedIssue(text: liveOnlyMessage, location: graphLocation)])
    }

    @Test("a TestGraph's failure elsewhere is recorded when the test releases the graph")
    func release() async throws {
      let issues = try await issues {
        var test: TestGraph? = try TestGraph(
          fileID: "AppTests/ProfileTests.swift", filePath: "/src/AppTests/ProfileTests.swift", line: 12, column: 5)
        guard let graph = test?.graph else { return }
        // NB: unretained, so that the queue's block cannot be the graph's last owner: `test = nil`
        // releases it here, in the test's task.
        let unretained = Unmanaged.passUnretained(graph)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
          DispatchQueue.global().async {
            _ = unretained.takeUnretainedValue()[.network]
            done.resume()
          }
        }
        test = nil
      }
      #expect(issues == [RecordedIssue(text: liveOnlyMessage, location: graphLocation)])
    }
  }

  extension Keys {
    /// Another key no module names, for a request made in another file.
    fileprivate static var unexposedReport: Key<Report> {
      Key<Report>(.transient, .shared, name: "Keys.unexposedReport", fileID: "App/Keys.swift", line: 53) {
        Report(box: $0)
      }
    }
    fileprivate static var port: Key<Int> { Key<Int>.required(name: "Keys.port", fileID: "App/Keys.swift", line: 20) }
  }

  struct RequiresPortModule: Module {
    func register(into b: inout Bindings) {
      b.require(.port, fileID: "AppTests/Modules.swift", line: 8)
    }
  }

  /// Set once, read after.
  private final class Flag: @unchecked Sendable {
    // @unchecked: `value` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }

    func set() {
      lock.lock()
      defer { lock.unlock() }
      value = true
    }
  }
#endif
