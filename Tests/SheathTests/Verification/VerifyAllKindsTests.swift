import Foundation
import Sheath
import Testing

// verify() and dot() see the whole graph: main-actor keys built while the caller holds the main actor,
// async keys awaited, main-actor assisted keys with sample arguments.

@MainActor
private final class Screen {
  init() {}
}

private final class Store: Sendable {}

extension Keys {
  fileprivate static let token = Key<String>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 1)
  fileprivate static let session = Key<Instance>(
    .scoped(.flow), name: "Keys.session", fileID: "App/Keys.swift", line: 2
  ) {
    _ in Instance()
  }
  fileprivate static let screen = MainActorKey<Screen>(name: "Keys.screen", fileID: "App/Keys.swift", line: 3) { r in
    _ = r[.token]
    return Screen()
  }
  fileprivate static let router = MainActorKey<Screen>(
    .singleton, name: "Keys.router", fileID: "App/Keys.swift", line: 4
  ) {
    r in
    _ = r[.session]
    return Screen()
  }
  fileprivate static let row = MainActorAssistedKey<String, Screen>(
    name: "Keys.row", fileID: "App/Keys.swift", line: 5
  ) { r, _ in
    _ = r[.token]
    return Screen()
  }
  fileprivate static let feed = AsyncKey<Store>(.singleton, name: "Keys.feed", fileID: "App/Keys.swift", line: 6) { r in
    _ = r[.token]
    return Store()
  }
  fileprivate static let catalog: AsyncKey<Store> = AsyncKey(
    .singleton, name: "Keys.catalog", fileID: "App/Keys.swift", line: 7
  ) { r in
    _ = try await r[.prices]
    return Store()
  }
  fileprivate static let prices: AsyncKey<Store> = AsyncKey(
    .singleton, name: "Keys.prices", fileID: "App/Keys.swift", line: 8
  ) { r in
    _ = try await r[.catalog]
    return Store()
  }
  fileprivate static let pictures = AsyncKey<Store>(name: "Keys.pictures", fileID: "App/Keys.swift", line: 9) { r in
    _ = try await r[.feedless]
    return Store()
  }
  fileprivate static let feedless = AsyncKey<Store>(name: "Keys.feedless", fileID: "App/Keys.swift", line: 10) { _ in
    Store()
  }
}

private let missingToken = """
  error: missing binding for required key Keys.token (String, App/Keys.swift:1)
  %@
  fix: bind it in a module, b.bind(.token) { r in … }, and declare b.require(.token) in the module that needs it so building the graph checks it
  """

/// The `needed by` lines of a missing token, one for each key that needs it.
private func missingToken(neededBy keys: String...) -> String {
  String(format: missingToken, keys.map { "  needed by \($0) → Keys.token" }.joined(separator: "\n"))
}

@Suite("Verifying every kind of key")
struct VerifyAllKindsTests {
  @Test("verify() on the main actor builds main-actor keys and reports their problems")
  @MainActor
  func mainActorKeys() throws {
    var arguments = VerificationArguments()
    arguments.provide(.row) { "sample" }
    let error = try #require(throws: VerificationError.self) {
      try Graph(modules: []).verify(
        scopes: [.flow], arguments: arguments, entryPoints: [Keys.screen, Keys.router, Keys.row])
    }
    expectText(
      error.problems.map(\.description).joined(separator: "\n\n"),
      [
        missingToken(neededBy: "Keys.screen", "Keys.row"),
        """
        error: captive dependency: Keys.router (Screen, App/Keys.swift:4) is .singleton, but holds Keys.session (Instance, App/Keys.swift:2), which is .scoped(.flow)
          Keys.router → Keys.session
        fix: give Keys.router a lifetime no longer than .scoped(.flow), or inject r.provider(.session) and resolve it when needed
        """,
        """
        error: Keys.session is scoped to .flow, but no graph from here to the root opens .flow
          Keys.session (Instance, App/Keys.swift:2)
          reached by Keys.router → Keys.session
        fix: resolve it from a graph made with graph.child(scope: .flow), or give it a lifetime that needs no scope
        """,
      ].joined(separator: "\n\n"))
    #expect(error.skipped.isEmpty)
  }

  @Test("try await verify() awaits async keys and reports their cycles and missing keys")
  func asyncKeys() async throws {
    let graph = try Graph(modules: [])
    await #expect(throws: VerificationError.self) {
      try await graph.verify(entryPoints: [Keys.feed, Keys.catalog, Keys.pictures])
    }
    do {
      try await graph.verify(entryPoints: [Keys.feed, Keys.catalog, Keys.pictures])
    } catch let error as VerificationError {
      expectText(
        error.problems.map(\.description).joined(separator: "\n\n"),
        [
          missingToken(neededBy: "Keys.feed"),
          """
          error: dependency cycle
            Keys.catalog (Store, App/Keys.swift:7)
            → Keys.prices (Store, App/Keys.swift:8)
            → Keys.catalog
          fix: resolve one of these keys with r.provider(…) instead of r[…] in the factory that needs it and call the provider after the factory returns, or split a type so the cycle disappears
          """,
        ].joined(separator: "\n\n"))
      #expect(error.skipped.isEmpty)
    }
  }

  @Test("try await verify() builds main-actor keys from anywhere, and records every kind's edges")
  func everythingFromAnywhere() async throws {
    let graph = try Graph(modules: [TestModule { $0.bind(.token, to: "t") }])
    var arguments = VerificationArguments()
    arguments.provide(.row) { "sample" }
    let report = try await graph.verify(
      arguments: arguments, entryPoints: [Keys.screen, Keys.row, Keys.feed, Keys.pictures])
    let edges = Set(report.dependencies.map { "\($0.from) → \($0.to)" })
    #expect(
      edges == [
        "Keys.screen → Keys.token", "Keys.row → Keys.token", "Keys.feed → Keys.token", "Keys.pictures → Keys.feedless",
      ])
    #expect(report.skipped.isEmpty)
    let dot = await graph.dot(arguments: arguments, entryPoints: [Keys.screen, Keys.row, Keys.feed, Keys.pictures])
    for edge in [
      #""Keys.screen" -> "Keys.token";"#, #""Keys.feed" -> "Keys.token";"#, #""Keys.pictures" -> "Keys.feedless";"#,
    ] {
      #expect(dot.contains(edge))
    }
  }
}
