import Foundation
import Sheath
import Testing

// Decorators wrap what some other module binds, in registration order, keeping the lifetime.

private protocol UserAPI: Sendable {
  var calls: [String] { get }
}

private struct LiveUserAPI: UserAPI {
  var calls: [String] { ["live"] }
}

private struct FakeUserAPI: UserAPI {
  var calls: [String] { ["fake"] }
}

/// Wraps an API, adding its name to the calls, as a logging or retrying decorator would.
private final class Wrapped: UserAPI, Sendable {
  let inner: any UserAPI
  let name: String
  init(_ inner: any UserAPI, _ name: String) {
    self.inner = inner
    self.name = name
  }
  var calls: [String] { inner.calls + [name] }
}

extension Keys {
  fileprivate static var api: Key<any UserAPI> {
    Key<any UserAPI>(.singleton, name: "Keys.api", fileID: "App/Keys.swift", line: 1) { _ in
      LiveUserAPI()
    }
  }
  fileprivate static var logPrefix: Key<String> { Key<String> { _ in "log" } }
  fileprivate static var required: Key<any UserAPI> {
    Key<any UserAPI>.required(name: "Keys.required", fileID: "App/Keys.swift", line: 2)
  }
}

private struct LoggingModule: Module {
  func register(into b: inout Bindings) {
    b.decorate(.api, fileID: "App/LoggingModule.swift", line: 3) { r, api in Wrapped(api, r[.logPrefix]) }
  }
}

private struct RetryModule: Module {
  func register(into b: inout Bindings) {
    b.decorate(.api, fileID: "App/RetryModule.swift", line: 4) { _, api in Wrapped(api, "retry") }
  }
}

private struct FakeModule: Module {
  func register(into b: inout Bindings) {
    b.override(.api, fileID: "App/FakeModule.swift", line: 5) { _ in FakeUserAPI() }
  }
}

@Suite("Decorators")
struct DecoratorTests {
  @Test("decorators wrap the binding in registration order: the last registered is outermost")
  func order() throws {
    let graph = try Graph(modules: [LoggingModule(), RetryModule()])
    #expect(graph[.api].calls == ["live", "log", "retry"])
    let reversed = try Graph(modules: [RetryModule(), LoggingModule()])
    #expect(reversed[.api].calls == ["live", "retry", "log"])
  }

  @Test("a decorator wraps whichever module's binding wins, and keeps its lifetime")
  func wrapsWinner() throws {
    let graph = try Graph(modules: [LoggingModule(), FakeModule()])
    #expect(graph[.api].calls == ["fake", "log"])
    #expect(graph[.api] as AnyObject === graph[.api] as AnyObject)  // one decorated singleton
  }

  @Test("a child's decorator wraps the parent's binding in a binding of the child's own")
  func child() throws {
    let parent = try Graph(modules: [LoggingModule()])
    let child = try parent.child(modules: [RetryModule()])
    #expect(parent[.api].calls == ["live", "log"])
    #expect(child[.api].calls == ["live", "log", "retry"])
  }

  @Test("verify() lists a decorated key as unchecked, and dot() names the decorating modules")
  func visible() throws {
    let graph = try Graph(modules: [LoggingModule(), RetryModule()])
    let report = try graph.verify()
    #expect(report.uncheckedKeys == ["Keys.api"])
    #expect(report.keys.first?.decoratedBy.count == 2)
    #expect(
      graph.dot().contains(
        #"label="Keys.api\nany UserAPI\n.singleton\ndecorated by LoggingModule\ndecorated by RetryModule\ndependencies unchecked""#
      ))
    #expect(graph.source(of: .api)?.description == "the key's default (App/Keys.swift:1)")
    #expect(!graph.binds(.api))
  }

  @Test("decorating a required key that nothing binds is an error")
  func unbound() {
    let module = TestModule { $0.decorate(.required, fileID: "App/Logging.swift", line: 9) { _, api in api } }
    #expect(throws: GraphError.self) { try Graph(modules: [module]) }
    do {
      _ = try Graph(modules: [module])
    } catch {
      expectText(
        String(describing: error),
        """
        Sheath could not build the graph (1 problem):

        error: decorator of Keys.required (any UserAPI, App/Keys.swift:2), which nothing binds
          decorated by TestModule (App/Logging.swift:9)
        fix: bind it in one of the installed modules: b.bind(.required) { … }
        """)
    }
  }
}

// MARK: Every kind of key

@MainActor
private final class Badge {
  var labels: [String]
  init(_ labels: [String]) { self.labels = labels }
}

private struct Feed: Sendable {
  let items: [String]
}

extension Keys {
  fileprivate static var badge: MainActorKey<Badge> { MainActorKey<Badge> { _ in Badge(["badge"]) } }
  fileprivate static var feed: AsyncKey<Feed> { AsyncKey<Feed> { _ in Feed(items: ["feed"]) } }
  fileprivate static var greeting: AssistedKey<String, [String]> {
    AssistedKey<String, [String]> { _, name in ["hello \(name)"] }
  }
  fileprivate static var row: MainActorAssistedKey<Int, Badge> {
    MainActorAssistedKey<Int, Badge> { _, index in Badge(["row \(index)"]) }
  }
  fileprivate static var labels: CollectionKey<String> { CollectionKey<String>() }
  fileprivate static var labelsByID: MapKey<Int, String> { MapKey<Int, String>() }
}

private struct KindsDecoratingModule: Module {
  func register(into b: inout Bindings) {
    b.decorate(.badge) { _, badge in
      badge.labels.append("decorated on the main actor")
      return badge
    }
    b.decorate(.feed) { r, feed in
      await Task.yield()
      return Feed(items: feed.items + [r[.logPrefix]])
    }
    b.decorate(.greeting) { _, lines in lines + ["decorated"] }
    b.decorate(.row) { _, badge in
      badge.labels.append("decorated row")
      return badge
    }
  }
}

@Suite("Decorators of every kind of key")
struct DecoratorKindsTests {
  @Test("a main-actor key's decorator runs on the main actor, around its factory")
  @MainActor
  func mainActorKey() throws {
    let graph = try Graph(modules: [KindsDecoratingModule()])
    #expect(graph[.badge].labels == ["badge", "decorated on the main actor"])
  }

  @Test("an async key's decorator may await and resolve other keys")
  func asyncKey() async throws {
    let graph = try Graph(modules: [KindsDecoratingModule()])
    #expect(try await graph[.feed].items == ["feed", "log"])
  }

  @Test("an assisted key's decorator wraps what is built with each argument")
  func assistedKey() throws {
    let graph = try Graph(modules: [KindsDecoratingModule()])
    #expect(graph.make(.greeting, "Ada") == ["hello Ada", "decorated"])
    #expect(graph[.greeting]("Grace") == ["hello Grace", "decorated"])
  }

  @Test("a main-actor assisted key's decorator wraps each value, on the main actor")
  @MainActor
  func mainActorAssistedKey() throws {
    let graph = try Graph(modules: [KindsDecoratingModule()])
    #expect(graph.make(.row, 3).labels == ["row 3", "decorated row"])
  }

  @Test("a collection's or a map's decorator wraps what its contributions make")
  func multibindingKeys() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.contribute(to: .labels) { _ in "contributed" }
        b.contribute(to: .labelsByID, entry: 1) { _ in "contributed" }
      },
      TestModule { b in
        b.decorate(.labels) { _, labels in labels + ["decorated"] }
        b.decorate(.labelsByID) { _, labels in labels.merging([2: "decorated"]) { old, _ in old } }
      },
    ])
    #expect(graph[.labels] == ["contributed", "decorated"])
    #expect(graph[.labelsByID] == [1: "contributed", 2: "decorated"])
  }
}
