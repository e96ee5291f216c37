import Foundation
import Sheath
import Testing

// What VerifyingTheGraph.md promises about verify() and dot() beyond the common problems: weak keys of
// value types, async factories that throw, the order of the scopes it opens, and weak keys' colour.

private final class Store: Sendable {}

private struct Unavailable: Error, CustomStringConvertible {
  var description: String { "the database is locked" }
}

extension Keys {
  fileprivate static let weakNumber = Key<Int>(.weak, name: "Keys.weakNumber", fileID: "App/Keys.swift", line: 1) {
    _ in 7
  }
  fileprivate static let weakStore = Key<Store>(.weak, name: "Keys.weakStore", fileID: "App/Keys.swift", line: 2) {
    _ in Store()
  }
  fileprivate static let database = AsyncKey<Store>(
    .singleton, name: "Keys.database", fileID: "App/Keys.swift", line: 3
  ) { r in
    _ = r[.settings]
    throw Unavailable()
  }
  fileprivate static let settings = Key<Store>(name: "Keys.settings", fileID: "App/Keys.swift", line: 6) { _ in
    Store()
  }
  fileprivate static let account = Key<Store>(
    .scoped(.session), name: "Keys.account", fileID: "App/Keys.swift", line: 4
  ) { _ in Store() }
  fileprivate static let cart = Key<Store>(.scoped(.flow), name: "Keys.cart", fileID: "App/Keys.swift", line: 5) { r in
    _ = r[.account]
    return Store()
  }
}

/// A graph whose flow-scoped key needs a session-scoped one. verify() first opens the scopes in the
/// order their keys were created in: the flow's first, when `cartFirst`, with the session inside it.
private func sessionAndFlowGraph(cartFirst: Bool) throws -> Graph {
  func account() -> Key<Store> { .required(.scoped(.session), name: "Keys.account") }
  let earlyAccount = cartFirst ? nil : account()
  let cart = Key<Store>.required(.scoped(.flow), name: "Keys.cart")
  let account = earlyAccount ?? account()
  let modules = [
    TestModule { b in
      b.bind(cart) { r in
        _ = r[account]
        return Store()
      }
      b.bind(account) { _ in Store() }
    }
  ]
  return try Graph(modules: modules)
}

@Suite("What verify() and dot() promise")
struct VerifyPromisesTests {
  @Test("verify() reports a .weak key whose factory returns a value type")
  func weakValueType() throws {
    let error = try #require(throws: VerificationError.self) {
      try Graph(modules: []).verify(entryPoints: [Keys.weakNumber, Keys.weakStore])
    }
    expectText(
      error.problems.map(\.description).joined(separator: "\n\n"),
      """
      error: Keys.weakNumber has a .weak lifetime, but its factory returned a value of type Int, which is not a class instance
        Keys.weakNumber (Int, App/Keys.swift:1)
      fix: return a class instance, or use .transient or .singleton for a value type
      """)
    #expect(error.problems.map(\.kind) == [.weakValueNotAnObject])
  }

  @Test("try await verify() notes an async factory that throws, and reports nothing for it")
  func asyncFactoryThrows() async throws {
    let report = try await Graph(modules: []).verify(entryPoints: [Keys.database])
    #expect(report.skipped == ["Keys.database (async): its factory threw the database is locked; verified up to there"])
    #expect(report.dependencies.map { "\($0.from) → \($0.to)" } == ["Keys.database → Keys.settings"])
  }

  @Test("verify(scopes:) opens the scopes outermost first: a flow inside a session")
  func scopesOutermostFirst() throws {
    let graph = try Graph(modules: [])
    try graph.verify(scopes: [.session, .flow], entryPoints: [Keys.cart])
    let error = try #require(throws: VerificationError.self) {
      try graph.verify(scopes: [.flow, .session], entryPoints: [Keys.cart])
    }
    expectText(
      error.problems.map(\.description).joined(separator: "\n\n"),
      """
      error: Keys.account is scoped to .session, but no graph from here to the root opens .session
        Keys.account (Store, App/Keys.swift:4)
        reached by Keys.cart → Keys.account
      fix: resolve it from a graph made with graph.child(scope: .session), or give it a lifetime that needs no scope
      """)
  }

  @Test(
    "by default verify() opens a graph for each scope its bindings use, nested as the keys need them",
    arguments: [false, true])
  func defaultScopes(cartFirst: Bool) throws {
    let graph = try sessionAndFlowGraph(cartFirst: cartFirst)
    let report = try graph.verify()
    #expect(report.dependencies.map { "\($0.from) → \($0.to)" } == ["Keys.cart → Keys.account"])
    #expect(!graph.dot().contains("#dc2626"))
  }

  @Test("so does try await verify()", arguments: [false, true])
  func defaultScopesAsync(cartFirst: Bool) async throws {
    let graph = try sessionAndFlowGraph(cartFirst: cartFirst)
    let report = try await graph.verify()
    #expect(report.dependencies.map { "\($0.from) → \($0.to)" } == ["Keys.cart → Keys.account"])
    #expect(await !graph.dot().contains("#dc2626"))
  }

  @Test("by default verify() also opens the scope of a key that only its default binds, outside the key that needs it")
  func defaultScopeOfAnUnboundKey() throws {
    let preferences = Key<Store>(.scoped(.session), name: "Keys.preferences") { _ in Store() }
    let screen = Key<Store>.required(.scoped(.flow), name: "Keys.screen")
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(screen) { r in
          _ = r[preferences]
          return Store()
        }
      }
    ])
    let report = try graph.verify()
    #expect(report.dependencies.map { "\($0.from) → \($0.to)" } == ["Keys.screen → Keys.preferences"])
  }

  @Test("verify() builds main-actor keys on a thread of its own while the caller holds the main actor")
  @MainActor
  func mainActorKeysOffTheMainThread() throws {
    // Whether each build ran on this test's thread, which holds the main actor throughout.
    let caller = Thread.current
    let onCaller = Locked<[Bool]>([])
    let screen = MainActorKey<Store>(name: "Keys.screen") { _ in
      onCaller.withLock { $0.append(Thread.current === caller) }
      return Store()
    }
    let graph = try Graph(modules: [])
    try graph.verify(entryPoints: [screen])
    _ = graph[screen]
    // What the article warns of: a factory that checks its thread sees another under verify() than
    // in the app, where it runs on the main actor's own.
    #expect(onCaller.withLock { $0 } == [false, true])
  }

  @Test("dot() fills weak keys yellow")
  func weakKeysYellow() throws {
    let dot = try Graph(modules: []).dot(entryPoints: [Keys.weakStore])
    #expect(dot.contains(##""Keys.weakStore" [label="Keys.weakStore\nStore\n.weak", fillcolor="#fef9c3"];"##))
  }
}
