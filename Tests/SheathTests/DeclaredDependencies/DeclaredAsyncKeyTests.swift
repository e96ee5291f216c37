import Foundation
import Sheath
import Testing

private actor History {
  let file: String
  let entries: [String]
  init(file: String) async throws {
    guard !file.isEmpty else { throw CocoaError(.fileNoSuchFile) }
    self.file = file
    self.entries = ["octocat"]
  }
}

private final class Clock: Sendable {}

private actor Feed {
  let history: History
  let clock: Clock
  init(history: History, clock: Clock) {
    self.history = history
    self.clock = clock
  }
}

extension Keys {
  fileprivate static var historyFile: Key<String> {
    Key<String>.required(
      .singleton, name: "Keys.historyFile", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var clock: Key<Clock> { Key(.singleton, name: "Keys.clock") { Clock() } }
  fileprivate static var history: AsyncKey<History> {
    AsyncKey(
      .singleton, .historyFile, name: "Keys.history", fileID: "App/Keys.swift", line: 3
    ) { file in try await History(file: file) }
  }
  fileprivate static var feed: AsyncKey<Feed> {
    AsyncKey(
      .transient, .history.provider, .clock, name: "Keys.feed", fileID: "App/Keys.swift", line: 6
    ) { history, clock in Feed(history: try await history(), clock: clock) }
  }
}

@Suite("Declared dependencies: async keys")
struct DeclaredAsyncKeyTests {
  @Test("an async key declares its dependencies; its factory awaits and may throw")
  func resolves() async throws {
    let graph = try Graph(modules: [TestModule { b in b.bind(.historyFile, to: "history.json") }])
    let feed = try await graph[.feed]
    #expect(feed.history.file == "history.json")
    #expect(try await graph[.history] === feed.history)  // a singleton, built once
  }

  @Test("building the graph checks it: a missing binding it needs is reported with its path, before any factory runs")
  func checkedAtBuild() throws {
    let error = try #require(throws: GraphError.self) {
      try Graph(modules: [TestModule { b in b.expose(.feed) }])
    }
    expectText(
      error.description,
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.historyFile (String, App/Keys.swift:1)
        needed by Keys.feed → Keys.history.provider → Keys.history → Keys.historyFile
      fix: bind it in one of the installed modules: b.bind(.historyFile) { … }
      """)
  }

  @Test("a module rebinds it with a list of its own, and verify() reads it as checked")
  func rebinds() async throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.historyFile, to: "")
        b.override(.history, .singleton, .clock) { _ in try await History(file: "fake.json") }
        b.expose(.feed)
      }
    ])
    #expect(try await graph[.feed].history.file == "fake.json")
    let report = try graph.verify()
    #expect(report.uncheckedKeys == [])
    #expect(report.dependencies.map { "\($0.from) → \($0.to)" }.contains("Keys.history → Keys.clock"))
  }

  @Test("a throwing factory's error reaches the caller")
  func throwsThrough() async throws {
    let graph = try Graph(modules: [TestModule { b in b.bind(.historyFile, to: "") }])
    await #expect(throws: CocoaError.self) { try await graph[.history] }
  }
}
