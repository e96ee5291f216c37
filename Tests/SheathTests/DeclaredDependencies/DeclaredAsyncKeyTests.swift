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

// An async key that awaits another async key directly: its dependencies are `TypedKey`s.
@MainActor private final class Banner {}
private struct Page: Sendable {
  let feed: Feed
  let clock: Clock
}

extension Keys {
  fileprivate static var page: AsyncKey<Page> {
    AsyncKey(.transient, .feedDirect, .clock) { feed, clock in Page(feed: feed, clock: clock) }
  }
  fileprivate static var feedDirect: AsyncKey<Feed> {
    AsyncKey(.singleton, .history, .clock) { history, clock in Feed(history: history, clock: clock) }
  }
  fileprivate static var loopA: AsyncKey<Clock> {
    AsyncKey(.singleton, .loopB, name: "Keys.loopA", fileID: "App/Keys.swift", line: 20) {
      _ in neverBuilt(Clock(), "loopA")
    }
  }
  fileprivate static var loopB: AsyncKey<Clock> {
    AsyncKey(.transient, .loopA, name: "Keys.loopB", fileID: "App/Keys.swift", line: 21) {
      _ in neverBuilt(Clock(), "loopB")
    }
  }
  fileprivate static var banner: MainActorKey<Banner> {
    MainActorKey(.singleton, name: "Keys.banner", fileID: "App/Keys.swift", line: 22) { neverBuilt(Banner(), "banner") }
  }
  fileprivate static var stamp: AssistedKey<Int, Clock> {
    AssistedKey(name: "Keys.stamp", fileID: "App/Keys.swift", line: 23) { _ in neverBuilt(Clock(), "stamp") }
  }
  fileprivate static var needsBanner: AsyncKey<Clock> {
    AsyncKey(.transient, .banner, .stamp, name: "Keys.needsBanner", fileID: "App/Keys.swift", line: 24) {
      _, _ in neverBuilt(Clock(), "needsBanner")
    }
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

  @Test("an async key awaits another async key's value directly, shared as its lifetime says")
  func asyncOnAsync() async throws {
    let graph = try Graph(modules: [TestModule { b in b.bind(.historyFile, to: "history.json") }])
    let page = try await graph[.page]
    #expect(page.feed.history.file == "history.json")
    #expect(try await graph[.feedDirect] === page.feed, "the feed is a singleton")
    #expect(try await graph[.history] === page.feed.history)
    #expect(graph.dependencies(of: .page)?.map(\.name) == ["Keys.feedDirect", "Keys.clock"])
  }

  @Test("async keys that need each other directly are a cycle, reported before any factory runs")
  func asyncCycle() {
    expectText(
      buildError([TestModule { b in b.expose(.loopA) }]),
      """
      Sheath could not build the graph (1 problem):

      error: dependency cycle
        Keys.loopA (Clock, App/Keys.swift:20)
        → Keys.loopB (Clock, App/Keys.swift:21)
        → Keys.loopA
      fix: declare one of these dependencies as .provider (AsyncKey(.singleton, .loopB.provider) { … }) and resolve it after the factory returns, or split a type so the cycle disappears
      """)
  }

  @Test("a main-actor or an assisted key as an async key's direct dependency is an error that says what to declare")
  func unusable() {
    expectText(
      buildError([TestModule { b in b.expose(.needsBanner) }]),
      """
      Sheath could not build the graph (2 problems):

      error: Keys.needsBanner cannot take the value of Keys.banner (Banner, App/Keys.swift:22): a main-actor key's value is built on the main actor, where an async factory does not run
        needed by Keys.needsBanner → Keys.banner
      fix: declare .banner.provider and call it on the main actor

      error: Keys.needsBanner cannot take the value of Keys.stamp ((Int) -> Clock, App/Keys.swift:23): an assisted key builds its value from an argument its caller passes
        needed by Keys.needsBanner → Keys.stamp
      fix: declare .stamp.factory and call it with the argument
      """)
  }

  @Test("a throwing factory's error reaches the caller")
  func throwsThrough() async throws {
    let graph = try Graph(modules: [TestModule { b in b.bind(.historyFile, to: "") }])
    await #expect(throws: CocoaError.self) { try await graph[.history] }
  }
}
