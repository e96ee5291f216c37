import Foundation
import Sheath
import Testing

/// A factory verify() and dot() must never run: it fails the test if one does.
private func neverRun<Value>(_ value: Value, _ key: String) -> Value {
  Issue.record("the factory of \(key) ran: verify() and dot() read the graph as data, they run no factory")
  return value
}

private final class Store: Sendable {}
private final class Repository: Sendable {
  init(store: Store) {}
}
private final class Screen: Sendable {
  init(repository: Repository, refresh: Provider<Repository>) {}
}
private final class Legacy: Sendable {
  init(repository: Repository) {}
}

extension Keys {
  fileprivate static var database: Key<Store> {
    Key(
      .singleton, name: "Keys.database", fileID: "App/Keys.swift", line: 1
    ) { neverRun(Store(), "database") }
  }
  fileprivate static var repository: Key<Repository> {
    Key(
      .transient, .database, name: "Keys.repository", fileID: "App/Keys.swift", line: 2
    ) { neverRun(Repository(store: $0), "repository") }
  }
  fileprivate static var screen: Key<Screen> {
    Key(
      .transient, .repository, .repository.provider, name: "Keys.screen", fileID: "App/Keys.swift", line: 3
    ) { repository, refresh in neverRun(Screen(repository: repository, refresh: refresh), "screen") }
  }
  fileprivate static var legacy: Key<Legacy> {
    Key(name: "Keys.legacy", fileID: "App/Keys.swift", line: 4) { r in
      neverRun(Legacy(repository: r[.repository]), "legacy")
    }
  }
  fileprivate static var token: Key<String> {
    Key<String>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 5)
  }
  fileprivate static var client: Key<String> {
    Key(
      .transient, .token, name: "Keys.client", fileID: "App/Keys.swift", line: 6
    ) { neverRun("client with \($0)", "client") }
  }
  fileprivate static var ping: Key<Int> {
    Key(.transient, .pong, name: "Keys.ping", fileID: "App/Keys.swift", line: 7) {
      neverRun($0, "ping")
    }
  }
  fileprivate static var pong: Key<Int> {
    Key(.transient, .ping, name: "Keys.pong", fileID: "App/Keys.swift", line: 8) {
      neverRun($0, "pong")
    }
  }
  fileprivate static var payments: Key<String> {
    Key(
      .singleton, test: .liveOnly { _ in "unimplemented" }, name: "Keys.payments", fileID: "App/Keys.swift", line: 9
    ) { _ in neverRun("live payments", "payments") }
  }
}

@Suite("verify() reads the graph as data")
struct VerifyTests {
  @Test("it reads every known key and declared dependency, and runs no factory")
  func readsKnownKeys() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.screen) }])
    let report = try graph.verify()
    #expect(report.verifiedKeys == ["Keys.screen", "Keys.repository", "Keys.repository.provider", "Keys.database"])
    #expect(
      report.dependencies.map { "\($0.from) -> \($0.to)" } == [
        "Keys.screen -> Keys.repository", "Keys.screen -> Keys.repository.provider",
        "Keys.repository -> Keys.database",
      ])
    #expect(
      report.deferredDependencies.map { "\($0.from) -> \($0.to)" } == ["Keys.repository.provider -> Keys.repository"])
    #expect(report.unchecked == [])
    expectText(
      report.description,
      """
      verify() read 4 keys and 4 dependencies (1 deferred) as data; no factory ran.
      The dependencies of every key it read are declared and checked.
      Not read: keys that no module binds, exposes or requires and that no key read declares, such as those only { r in … } factories resolve; each is checked when first resolved.
      To read one here, name it in its module: b.expose(.key). To stop on any the app requests, make the graph with stopsOnUnknownKeys: true.
      """)
  }

  @Test("each key says what binds it, its lifetime and what it declared")
  func reportsEachKey() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.database, .singleton) { neverRun(Store(), "override") }
        b.expose(.repository)
      }
    ])
    let report = try graph.verify()
    let database = try #require(report.keys.first { $0.name == "Keys.database" })
    #expect(database.type == "Store")
    #expect(database.lifetime == ".singleton")
    #expect(database.scope == nil)
    #expect(database.boundBy?.hasPrefix("TestModule (SheathTests/VerifyTests.swift:") == true)
    #expect(database.dependencies == [])
    #expect(database.isChecked)
    let repository = try #require(report.keys.first { $0.name == "Keys.repository" })
    #expect(repository.boundBy == "the key's default (App/Keys.swift:2)")
    #expect(repository.dependencies?.map(\.key) == ["Keys.database"])
    #expect(repository.dependencies?.map(\.isDeferred) == [false])
  }

  @Test("a key whose factory resolves through a resolver is listed as unchecked, with how to declare it")
  func listsUncheckedKeys() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.legacy) }])
    #expect(graph.uncheckedKeys.map(\.name) == ["Keys.legacy"])
    let report = try graph.verify()
    #expect(report.verifiedKeys == ["Keys.legacy"])
    #expect(report.uncheckedKeys == ["Keys.legacy"])
    expectText(
      report.description,
      """
      verify() read 1 key and 0 dependencies as data; no factory ran.
      1 key with unchecked dependencies: a cycle, a captive dependency or a missing binding through it is found only when it is resolved.
        Keys.legacy: its factory resolves through a resolver, so what it needs is unchecked; declare its dependencies (Key(.transient, .a, .b) { a, b in … })
      Not read: keys that no module binds, exposes or requires and that no key read declares, such as those only { r in … } factories resolve; each is checked when first resolved.
      To read one here, name it in its module: b.expose(.key). To stop on any the app requests, make the graph with stopsOnUnknownKeys: true.
      """)
  }

  @Test("a key whose decorator resolves through a resolver is listed as unchecked, saying how to declare")
  func listsDecoratedKeys() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.expose(.repository)
        b.decorate(.database, line: 40) { _, store in store }
      }
    ])
    let report = try graph.verify()
    #expect(report.uncheckedKeys == ["Keys.database"])
    #expect(
      report.unchecked.map { $0.replacingOccurrences(of: #"\(.*:40\)"#, with: "(…:40)", options: .regularExpression) }
        == [
          "Keys.database: decorated by TestModule (…:40), whose decorator resolves through a resolver, so what it needs is unchecked; declare what a decorator needs (b.decorate(.database, .a) { value, a in … })"
        ])
  }

  @Test("a key two decorators taking a resolver wrap is listed once, naming both")
  func listsTwoDecorators() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.expose(.repository)
        b.decorate(.database, line: 40) { _, store in store }
        b.decorate(.database, line: 41) { _, store in store }
      }
    ])
    #expect(
      try graph.verify().unchecked.map {
        $0.replacingOccurrences(of: #"\([^()]*:(4[01])\)"#, with: "(…:$1)", options: .regularExpression)
      } == [
        "Keys.database: decorated by TestModule (…:40), TestModule (…:41), whose decorators resolve through a resolver, so what they need is unchecked; declare what a decorator needs (b.decorate(.database, .a) { value, a in … })"
      ])
  }

  @Test("a decorator that declares what it needs leaves its key checked, with the decorator's edges")
  func declaredDecoratorIsChecked() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.expose(.repository)
        b.decorate(.database) { store in store }
        b.decorate(.database, .repository.provider) { store, _ in store }
      }
    ])
    let report = try graph.verify()
    #expect(report.uncheckedKeys.isEmpty)
    let database = try #require(report.keys.first { $0.name == "Keys.database" })
    #expect(database.decoratedBy.count == 2 && database.uncheckedDecoratedBy.isEmpty)
    #expect(database.dependencies?.map(\.key) == ["Keys.repository.provider"])
  }

  @Test("entry points the graph does not know are read too, and their problems reported all at once with paths")
  func readsEntryPoints() throws {
    let graph = try Graph(modules: [])
    #expect(graph.knownKeys.isEmpty)
    let error = try #require(throws: GraphError.self) {
      try graph.verify(entryPoints: [.client, .ping])
    }
    #expect(error.problems.map(\.kind) == [.missingBinding, .dependencyCycle])
    expectText(
      error.description,
      """
      Sheath found 2 problems in the graph:

      error: missing binding for required key Keys.token (String, App/Keys.swift:5)
        needed by Keys.client → Keys.token
      fix: bind it in one of the installed modules: b.bind(.token) { … }

      error: dependency cycle
        Keys.ping (Int, App/Keys.swift:7)
        → Keys.pong (Int, App/Keys.swift:8)
        → Keys.ping
      fix: declare one of these dependencies as .provider or .lazy (Key(.transient, .pong.provider) { … }) and resolve it after the factory returns, or split a type so the cycle disappears
      """)
    #expect(error.report?.verifiedKeys == ["Keys.client", "Keys.ping", "Keys.token", "Keys.pong"])
  }

  @Test("in a test graph, a live-only key the test did not override is reported as such, and nothing is printed")
  func reportsLiveOnlyKeys() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.payments) }], environment: .test)
    let report = try graph.verify()
    #expect(report.keys.map(\.isLiveOnly) == [true])
    #expect(report.unchecked == [])
    expectText(
      report.description,
      """
      verify() read 1 key and 0 dependencies as data; no factory ran.
      Live-only in this test graph, and not overridden (resolving one fails the test): Keys.payments.
      The dependencies of every key it read are declared and checked.
      Not read: keys that no module binds, exposes or requires and that no key read declares, such as those only { r in … } factories resolve; each is checked when first resolved.
      To read one here, name it in its module: b.expose(.key). To stop on any the app requests, make the graph with stopsOnUnknownKeys: true.
      """)
  }

  @Test("the report is Codable: JSON for a tool or a CI step")
  func encodesAsJSON() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.repository) }])
    let report = try graph.verify()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(report), as: UTF8.self)
    #expect(json.contains(#""dependencies":[{"isDeferred":false,"isOptional":false,"key":"Keys.database"}]"#))
    #expect(json.contains(#""name":"Keys.repository""#))
    #expect(try JSONDecoder().decode(VerificationReport.self, from: Data(json.utf8)) == report)
  }

  @Test("verify() is one synchronous call: from the main actor, a task, or a nonisolated function")
  @MainActor
  func callableFromAnywhere() async throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.screen) }])
    let onMain = try graph.verify()
    let detached = try await Task.detached { try graph.verify() }.value
    #expect(onMain == detached)
  }

  @Test("reading 10,000 bindings, chained ten deep, covers every one of them and each dependency")
  func readsManyBindings() throws {
    let keys = (0..<10_000).map { Key<Int>.required(name: "Keys.k\($0)") }
    let graph = try Graph(modules: [
      TestModule { b in
        for (index, key) in keys.enumerated() {
          if index % 10 == 0 {
            b.bind(key, to: index)
          } else {
            b.bind(key, keys[index - 1]) { neverRun($0 + 1, "chain") }
          }
        }
      }
    ])
    let report = try graph.verify()
    #expect(report.verifiedKeys.count == 10_000)
    #expect(report.dependencies.count == 9_000)
    #expect(Set(report.verifiedKeys) == Set(keys.map(\.name)))
  }
}
