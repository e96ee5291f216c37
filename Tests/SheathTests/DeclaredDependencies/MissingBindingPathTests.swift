import Sheath
import Testing

// Named and placed explicitly, so the pinned messages read like an app's.
extension Keys {
  fileprivate static var token: Key<String> {
    Key<String>.required(name: "Keys.token", fileID: "App/Paths.swift", line: 1)
  }
  fileprivate static var report: Key<Instance> {
    Key(.transient, .token, name: "Keys.report", fileID: "App/Paths.swift", line: 2) { _ in Instance() }
  }

  // Two keys that declare a provider of the missing key.
  fileprivate static var uploader: Key<Instance> {
    Key(.singleton, .token.provider, name: "Keys.uploader", fileID: "App/Paths.swift", line: 3) { _ in Instance() }
  }
  fileprivate static var syncer: Key<Instance> {
    Key(.transient, .token.provider, name: "Keys.syncer", fileID: "App/Paths.swift", line: 4) { _ in Instance() }
  }

  // Two keys that declare the factory of an assisted key that needs the missing key.
  fileprivate static var detail: AssistedKey<Int, Instance> {
    AssistedKey(.token, name: "Keys.detail", fileID: "App/Paths.swift", line: 5) { _, _ in Instance() }
  }
  fileprivate static var list: Key<Instance> {
    Key(.transient, .detail.factory, name: "Keys.list", fileID: "App/Paths.swift", line: 6) { _ in Instance() }
  }
  fileprivate static var search: Key<Instance> {
    Key(.transient, .detail.factory, name: "Keys.search", fileID: "App/Paths.swift", line: 7) { _ in Instance() }
  }

  // Two screens that need one client, which needs a key nothing binds.
  fileprivate static var posToken: Key<String> {
    Key<String>.required(name: "Keys.posToken", fileID: "App/Paths.swift", line: 10)
  }
  fileprivate static var posClient: Key<Instance> {
    Key(.singleton, .posToken, name: "Keys.posClient", fileID: "App/Paths.swift", line: 11) { _ in Instance() }
  }
  fileprivate static var posScreen: Key<Instance> {
    Key(.transient, .posClient, name: "Keys.posScreen", fileID: "App/Paths.swift", line: 12) { _ in Instance() }
  }
  fileprivate static var orderForm: Key<Instance> {
    Key(.transient, .posClient, name: "Keys.orderForm", fileID: "App/Paths.swift", line: 13) { _ in Instance() }
  }

  // A key whose default needs a key nothing binds, bound twice by modules that need nothing.
  fileprivate static var clock: Key<Instance> {
    Key(.singleton, .posToken, name: "Keys.clock", fileID: "App/Paths.swift", line: 14) { _ in Instance() }
  }
}

extension Keys {
  fileprivate static var screenToken: MainActorKey<Instance> {
    MainActorKey<Instance>.required(name: "Keys.screenToken", fileID: "App/Paths.swift", line: 20)
  }
  fileprivate static var toolbar: MainActorKey<Instance> {
    MainActorKey(.transient, .screenToken.provider, name: "Keys.toolbar", fileID: "App/Paths.swift", line: 21) {
      _ in Instance()
    }
  }
  fileprivate static var sidebar: MainActorKey<Instance> {
    MainActorKey(.transient, .screenToken.provider, name: "Keys.sidebar", fileID: "App/Paths.swift", line: 22) {
      _ in Instance()
    }
  }
}

extension Keys {
  fileprivate static var databasePath: AsyncKey<String> {
    AsyncKey<String>.required(name: "Keys.databasePath", fileID: "App/Paths.swift", line: 30)
  }
  fileprivate static var store: AsyncKey<Instance> {
    AsyncKey(.singleton, .databasePath.provider, name: "Keys.store", fileID: "App/Paths.swift", line: 31) {
      _ in Instance()
    }
  }
  fileprivate static var importer: AsyncKey<Instance> {
    AsyncKey(.transient, .databasePath.provider, name: "Keys.importer", fileID: "App/Paths.swift", line: 32) {
      _ in Instance()
    }
  }
}

/// Rebinds a key with a dependency its default does not have.
private struct StagingModule: Module {
  func register(into b: inout Bindings) {
    b.override(.report, .posToken, fileID: "App/StagingModule.swift", line: 9) { _ in Instance() }
  }
}

@Suite("Declared dependencies: a missing binding's message names every path that needs it")
@MainActor
struct MissingBindingPathTests {
  @Test("a key a module requires is reported with where it was required and every path that needs it")
  func requiredAndNeeded() {
    expectText(
      buildError([
        TestModule { b in
          b.require(.token, fileID: "App/NetworkModule.swift", line: 4)
          b.expose(.report)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.token (String, App/Paths.swift:1)
        required by TestModule (App/NetworkModule.swift:4)
        needed by Keys.report → Keys.token
      fix: bind it in one of the installed modules: b.bind(.token) { … }
      """)
  }

  @Test("two keys that declare a provider of the missing key: a path through the provider from each")
  func twoProviders() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.uploader); b.expose(.syncer)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.token (String, App/Paths.swift:1)
        needed by Keys.uploader → Keys.token.provider → Keys.token
        needed by Keys.syncer → Keys.token.provider → Keys.token
      fix: bind it in one of the installed modules: b.bind(.token) { … }
      """)
  }

  @Test("two keys that declare an assisted key's factory: a path through the factory from each")
  func twoAssistedFactories() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.list); b.expose(.search)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.token (String, App/Paths.swift:1)
        needed by Keys.list → Keys.detail.factory → Keys.detail → Keys.token
        needed by Keys.search → Keys.detail.factory → Keys.detail → Keys.token
      fix: bind it in one of the installed modules: b.bind(.token) { … }
      """)
  }

  @Test("two main-actor keys that declare a main-actor key's provider: a path from each")
  func twoMainActorProviders() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.toolbar); b.expose(.sidebar)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.screenToken (Instance, App/Paths.swift:20)
        needed by Keys.toolbar → Keys.screenToken.provider → Keys.screenToken
        needed by Keys.sidebar → Keys.screenToken.provider → Keys.screenToken
      fix: bind it in one of the installed modules: b.bind(.screenToken) { … }
      """)
  }

  @Test("two async keys that declare an async key's provider: a path from each")
  func twoAsyncProviders() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.store); b.expose(.importer)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.databasePath (String, App/Paths.swift:30)
        needed by Keys.store → Keys.databasePath.provider → Keys.databasePath
        needed by Keys.importer → Keys.databasePath.provider → Keys.databasePath
      fix: bind it in one of the installed modules: b.bind(.databasePath) { … }
      """)
  }

  @Test("two screens that need one client: a path from each screen, and none that only repeats their end")
  func twoScreensOneClient() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.posScreen); b.expose(.orderForm); b.expose(.posClient)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.posToken (String, App/Paths.swift:10)
        needed by Keys.posScreen → Keys.posClient → Keys.posToken
        needed by Keys.orderForm → Keys.posClient → Keys.posToken
      fix: bind it in one of the installed modules: b.bind(.posToken) { … }
      """)
  }

  @Test("a path whose need a module's binding added names that binding")
  func bindingThatAddedTheNeed() {
    expectText(
      buildError([StagingModule()]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.posToken (String, App/Paths.swift:10)
        needed by Keys.report → Keys.posToken, as StagingModule (App/StagingModule.swift:9) binds Keys.report
      fix: bind it in one of the installed modules: b.bind(.posToken) { … }
      """)
  }

  @Test("a key bound twice is reported once, and not read through its default's dependencies")
  func duplicateBindingIsNotReadThroughItsDefault() {
    expectText(
      buildError([
        TestModule { b in
          b.bind(.clock, fileID: "App/One.swift", line: 1) { Instance() }
          b.bind(.clock, fileID: "App/Two.swift", line: 2) { Instance() }
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: duplicate binding for Keys.clock (Instance, App/Paths.swift:14)
        bound by TestModule (App/One.swift:1)
        bound by TestModule (App/Two.swift:2)
      fix: keep one of these bindings, or make the one that should win an override: b.override(.clock) { … }
      """)
  }

  @Test("more paths than a message lists: it says how many it left out")
  func manyPaths() {
    let screens = (0..<12).map { index in
      Key(.transient, .posClient, name: "Keys.screen\(index)", fileID: "App/Paths.swift", line: UInt(40 + index)) {
        _ in Instance()
      }
    }
    let message = buildError([TestModule { b in for screen in screens { b.expose(screen) } }])
    let lines = message.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("  needed by ") }.count == 10)
    #expect(lines.contains("  needed by Keys.screen9 → Keys.posClient → Keys.posToken"))
    #expect(lines.contains("  and 2 more paths"))
  }
}
