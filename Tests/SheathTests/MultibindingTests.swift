import Sheath
import Testing

extension Keys {
  fileprivate static var trackers: CollectionKey<String> { CollectionKey<String>() }
  fileprivate static var sharedTrackers: CollectionKey<Instance> { CollectionKey<Instance>(.singleton) }
  fileprivate static var freshTrackers: CollectionKey<Instance> { CollectionKey<Instance>() }
  fileprivate static var screensByName: MapKey<String, Instance> { MapKey<String, Instance>() }
  fileprivate static var routes: MapKey<String, String> { MapKey<String, String>() }
}

private struct AnalyticsModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .trackers) { _ in "console" }
    b.contribute(to: .trackers) { _ in "remote" }
    b.contribute(to: .routes, entry: "profile") { _ in "ProfileScreen" }
  }
}

private struct CrashModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .trackers) { _ in "crash" }
    b.contribute(to: .routes, entry: "followers") { _ in "FollowersScreen" }
  }
}

@Suite("Multibindings")
struct MultibindingTests {
  @Test("elements come in module order, then registration order")
  func order() throws {
    #expect(try Graph(modules: [AnalyticsModule(), CrashModule()])[.trackers] == ["console", "remote", "crash"])
    #expect(try Graph(modules: [CrashModule(), AnalyticsModule()])[.trackers] == ["crash", "console", "remote"])
  }

  @Test("a collection nobody contributes to is empty")
  func empty() throws {
    let graph = try Graph(modules: [])
    #expect(graph[.trackers].isEmpty)
    #expect(graph[.routes].isEmpty)
  }

  @Test("a map collects entries from every module")
  func map() throws {
    let routes = try Graph(modules: [AnalyticsModule(), CrashModule()])[.routes]
    #expect(routes == ["profile": "ProfileScreen", "followers": "FollowersScreen"])
  }

  @Test("a child's collection is its parent's elements followed by its own")
  func child() throws {
    let parent = try Graph(modules: [AnalyticsModule()])
    let child = try parent.child(modules: [CrashModule()])
    #expect(child[.trackers] == ["console", "remote", "crash"])
    #expect(parent[.trackers] == ["console", "remote"])
    #expect(child[.routes].count == 2)
  }

  @Test("a singleton collection is built once")
  func singleton() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.contribute(to: .sharedTrackers) { _ in Instance(number: 1) }
        b.contribute(to: .sharedTrackers) { _ in Instance(number: 2) }
      }
    ])
    #expect(graph[.sharedTrackers].map(\.number) == [1, 2])
    #expect(graph[.sharedTrackers][0] === graph[.sharedTrackers][0])
  }

  @Test("a transient collection, the default, builds every element anew on each resolution")
  func transient() throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.contribute(to: .freshTrackers) { _ in Instance(number: built.increment()) }
        b.contribute(to: .screensByName, entry: "profile") { _ in Instance(number: built.increment()) }
      }
    ])
    let first = graph[.freshTrackers]
    let second = graph[.freshTrackers]
    #expect(first[0] !== second[0])
    #expect(graph[.screensByName]["profile"] !== graph[.screensByName]["profile"])
    #expect(built.value == 4)
  }

  @Test("factories resolve collections too")
  func resolvedByFactory() throws {
    let joined = Key<String> { r in r[.trackers].joined(separator: ",") + ";" + r[.routes].keys.sorted().joined() }
    #expect(try Graph(modules: [AnalyticsModule()])[joined] == "console,remote;profile")
  }
}
