import Sheath
import Testing

private protocol Analytics: Sendable {
  func track(_ event: String)
}
private struct ConsoleAnalytics: Analytics {
  func track(_ event: String) {}
}
private final class Tracker: Sendable {
  let analytics: (any Analytics)?
  init(analytics: (any Analytics)?) { self.analytics = analytics }
}

extension Keys {
  fileprivate static var analytics: Key<any Analytics> {
    Key<any Analytics>.required(
      .singleton, name: "Keys.analytics", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var tracker: Key<Tracker> {
    Key(
      .singleton, .analytics.optional, name: "Keys.tracker", fileID: "App/Keys.swift", line: 2
    ) { analytics in Tracker(analytics: analytics) }
  }
  fileprivate static var loopA: Key<Int> {
    Key(
      .transient, .loopB.optional, name: "Keys.loopA", fileID: "App/Keys.swift", line: 5
    ) {
      $0 ?? 0
    }
  }
  fileprivate static var loopB: Key<Int> {
    Key(
      .transient, .loopA, name: "Keys.loopB", fileID: "App/Keys.swift", line: 8
    ) {
      $0
    }
  }
  fileprivate static var flowAnalytics: Key<any Analytics> {
    Key<any Analytics>.required(
      .scoped(.flow), name: "Keys.flowAnalytics", fileID: "App/Keys.swift", line: 11)
  }
  fileprivate static var captiveTracker: Key<Tracker> {
    Key(
      .singleton, .flowAnalytics.optional, name: "Keys.captiveTracker", fileID: "App/Keys.swift", line: 12
    ) { analytics in Tracker(analytics: analytics) }
  }
}

@Suite("Optional dependencies")
struct OptionalDependencyTests {
  @Test("a dependency declared .optional is nil while nothing binds the key, and the graph builds")
  func absent() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.tracker) }])
    #expect(graph[.tracker].analytics == nil)
    let report = try graph.verify()
    // The absent key is read too: nothing binds it, and only an optional dependency reaches it.
    #expect(report.verifiedKeys == ["Keys.tracker", "Keys.analytics.optional", "Keys.analytics"])
    #expect(report.keys[1].dependencies?.map(\.isOptional) == [true])
    #expect(report.keys[2].boundBy == nil)
  }

  @Test("it is the value once any module binds the key")
  func present() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.analytics) { ConsoleAnalytics() }
        b.expose(.tracker)
      }
    ])
    #expect(graph[.tracker].analytics is ConsoleAnalytics)
    #expect(graph[.analytics.optional] is ConsoleAnalytics)
  }

  @Test("resolving the key itself still stops: only a dependency declared .optional may be nil")
  func notSilent() async {
    await #expect(processExitsWith: .failure) {
      _ = try Graph(modules: [])[.analytics]
    }
  }

  @Test("a cycle or a captive dependency through an optional dependency is still reported when the graph is built")
  func stillChecked() throws {
    let cycle = try #require(throws: GraphError.self) {
      try Graph(modules: [TestModule { b in b.expose(.loopA) }])
    }
    #expect(cycle.problems.map(\.kind) == [.dependencyCycle])
    let captive = try #require(throws: GraphError.self) {
      try Graph(modules: [
        TestModule { b in
          b.bind(.flowAnalytics) { ConsoleAnalytics() }
          b.expose(.captiveTracker)
        }
      ])
    }
    #expect(captive.problems.map(\.kind) == [.captiveDependency])
  }
}

/// A banner a home screen shows when a module binds one: a main-actor object.
@MainActor
private final class Banner {
  let text: String
  init(text: String) { self.text = text }
}

@MainActor
private final class Home {
  let banner: Banner?
  init(banner: Banner?) { self.banner = banner }
}

private actor SearchIndex {}

private final class Library: Sendable {
  let index: SearchIndex?
  init(index: SearchIndex?) { self.index = index }
}

extension Keys {
  fileprivate static var banner: MainActorKey<Banner> {
    MainActorKey<Banner>.required(name: "Keys.banner", fileID: "App/Keys.swift", line: 20)
  }
  fileprivate static var home: MainActorKey<Home> {
    MainActorKey(.transient, .banner.optional, name: "Keys.home", fileID: "App/Keys.swift", line: 21) { banner in
      Home(banner: banner)
    }
  }
  fileprivate static var searchIndex: AsyncKey<SearchIndex> {
    AsyncKey<SearchIndex>.required(.singleton, name: "Keys.searchIndex", fileID: "App/Keys.swift", line: 22)
  }
  fileprivate static var library: AsyncKey<Library> {
    AsyncKey(.singleton, .searchIndex.optional, name: "Keys.library", fileID: "App/Keys.swift", line: 23) { index in
      Library(index: index)
    }
  }
  /// A main-actor key that needs itself through its optional dependency: still a cycle.
  fileprivate static var echo: MainActorKey<Int> {
    MainActorKey(.transient, .echo.optional, name: "Keys.echo", fileID: "App/Keys.swift", line: 24) { $0 ?? 0 }
  }
}

@Suite("Optional dependencies of main-actor and async keys")
@MainActor
struct IsolatedOptionalDependencyTests {
  @Test("a main-actor key's optional dependency is nil while nothing binds the key, and its value once one does")
  func mainActor() throws {
    let absent = try Graph(modules: [TestModule { b in b.expose(.home) }])
    #expect(absent[.home].banner == nil)
    #expect(try absent.verify().verifiedKeys == ["Keys.home", "Keys.banner.optional", "Keys.banner"])
    let bound = try Graph(modules: [
      TestModule { b in
        b.bind(.banner) { Banner(text: "Sale") }; b.expose(.home)
      }
    ])
    #expect(bound[.home].banner?.text == "Sale")
    #expect(Keys.banner.optional.typeName == "Optional<Banner>")
    #expect(Keys.banner.optional === Keys.banner.optional)
  }

  @Test("an async key's optional dependency is nil while nothing binds the key, and its value once one does")
  func async() async throws {
    let absent = try Graph(modules: [TestModule { b in b.expose(.library) }])
    #expect(try await absent[.library].index == nil)
    let index = SearchIndex()
    let bound = try Graph(modules: [
      TestModule { b in
        b.bind(.searchIndex) { index }; b.expose(.library)
      }
    ])
    #expect(try await bound[.library].index === index)
  }

  @Test("a cycle through a main-actor key's optional dependency is still reported when the graph is built")
  func cycle() {
    let error = buildError([TestModule { b in b.expose(.echo) }])
    #expect(error.contains("error: dependency cycle\n  Keys.echo (Int, App/Keys.swift:24)\n  → Keys.echo.optional"))
  }
}
