import Sheath
import Testing

/// A factory verify() and dot() must never run: it fails the test if they do.
private func neverRun<Value>(_ value: Value, _ key: String) -> Value {
  Issue.record("the factory of \(key) ran: verify() and dot() read declared dependencies, they do not run them")
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
  fileprivate static let database: Key<Store> = Key(.singleton, name: "Keys.database") {
    neverRun(Store(), "database")
  }
  fileprivate static let repository: Key<Repository> = Key(.transient, .database, name: "Keys.repository") {
    neverRun(Repository(store: $0), "repository")
  }
  fileprivate static let screen: Key<Screen> = Key(
    .transient, .repository, .repository.provider, name: "Keys.screen"
  ) { repository, refresh in neverRun(Screen(repository: repository, refresh: refresh), "screen") }
  fileprivate static let legacy: Key<Legacy> = Key(name: "Keys.legacy") { r in Legacy(repository: r[.repository]) }
}

@Suite("Declared dependencies: verify() and dot() read them")
struct VerifyDeclaredTests {
  @Test("verify() reports every declared key and dependency, and runs no declared factory")
  func verifyReadsDeclaredKeys() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.screen) }])
    let report = try graph.verify()
    #expect(report.verifiedKeys == ["Keys.screen", "Keys.repository", "Keys.database", "Keys.repository.provider"])
    #expect(
      report.dependencies.map { "\($0.from) -> \($0.to)" } == [
        "Keys.screen -> Keys.repository", "Keys.screen -> Keys.repository.provider",
        "Keys.repository -> Keys.database",
      ])
    #expect(
      report.deferredDependencies.map { "\($0.from) -> \($0.to)" } == ["Keys.repository.provider -> Keys.repository"])
    #expect(report.skipped == [])
  }

  @Test("dot() draws declared keys and their edges without running a factory")
  func dotReadsDeclaredKeys() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.screen) }])
    let dot = graph.dot()
    #expect(dot.contains(#""Keys.screen" -> "Keys.repository";"#))
    #expect(dot.contains(#""Keys.repository" -> "Keys.database";"#))
    #expect(dot.contains(#""Keys.repository.provider" -> "Keys.repository" [style=dashed];"#))
  }

  @Test("a factory that resolves through a resolver is still built by verify(), with what it resolves")
  func uncheckedKeysAreBuilt() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.database, .singleton) { Store() }
        b.override(.repository, .database) { Repository(store: $0) }
        b.expose(.legacy)
      }
    ])
    #expect(graph.uncheckedKeys.map(\.name) == ["Keys.legacy"])
    let report = try graph.verify()
    #expect(report.verifiedKeys == ["Keys.database", "Keys.repository", "Keys.legacy"])
    #expect(
      report.dependencies.map { "\($0.from) -> \($0.to)" } == [
        "Keys.repository -> Keys.database", "Keys.legacy -> Keys.repository",
      ])
  }
}
