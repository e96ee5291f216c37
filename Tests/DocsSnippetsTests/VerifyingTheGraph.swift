// The code of Sources/Sheath/Sheath.docc/Articles/VerifyingTheGraph.md.
//
// The article quotes each message word for word from the Sheath test that pins it; the examples here
// use the same names, and the tests below check that each example produces the message the article
// shows, but for the file names and lines (which are the tests' in the article).
import Foundation
import Sheath
import Testing

// docs: verify-declarations
/// Stands in for your types in these examples, as in Sheath's own tests.
fileprivate final class Instance: Sendable {}

fileprivate protocol APIClient: Sendable {}
fileprivate struct LiveAPIClient: APIClient {}
fileprivate struct FakeAPIClient: APIClient {}

extension Scope {
  fileprivate static let flow = Scope("flow")
}

extension Keys {
  fileprivate static var userAPI: Key<any APIClient> {
    Key(.singleton) {
      LiveAPIClient()
    }
  }
  fileprivate static var baseURL: Key<String> { .required() }
  fileprivate static var token: Key<String> { .required() }
  fileprivate static var flowData: Key<Instance> {
    Key(.scoped(.flow)) {
      Instance()
    }
  }
  fileprivate static var screens: MapKey<String, Instance> {
    MapKey<String, Instance>()
  }
}

fileprivate struct LiveAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { LiveAPIClient() }
  }
}

fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { FakeAPIClient() }
  }
}

/// A module made of a closure, for one-off examples.
fileprivate struct TestModule: Module {
  let body: (inout Bindings) -> Void
  init(_ body: @escaping (inout Bindings) -> Void) { self.body = body }
  func register(into b: inout Bindings) { body(&b) }
}
// docs: end

fileprivate struct StubAPIModule: Module {
  func register(into b: inout Bindings) {
    b.override(.userAPI) { _ in FakeAPIClient() }
  }
}

fileprivate struct OtherStubAPIModule: Module {
  func register(into b: inout Bindings) {
    b.override(.userAPI) { _ in FakeAPIClient() }
  }
}

fileprivate struct NetworkModule: Module {
  func register(into b: inout Bindings) {
    b.require(.baseURL)
    b.include(LiveAPIModule())
  }
}

fileprivate struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(NetworkModule())
  }
}

fileprivate struct ScreensModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .screens, entry: "profile") { _ in Instance() }
  }
}

fileprivate struct MoreScreensModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .screens, entry: "profile") { _ in Instance() }
  }
}

// docs: verify-conflicting-modules-declarations
/// A cache, configured by each feature that includes it.
fileprivate struct CacheModule: Module {
  let size: Int
  func register(into b: inout Bindings) {}
}

fileprivate struct SmallCacheFeature: Module {
  func register(into b: inout Bindings) {
    b.include(CacheModule(size: 10))
  }
}

fileprivate struct LargeCacheFeature: Module {
  func register(into b: inout Bindings) {
    b.include(CacheModule(size: 20))
  }
}
// docs: end

fileprivate final class Cart: Sendable {}

// docs: verify-child-graph-key
extension Keys {
  fileprivate static var cart: Key<Cart> { .required(.scoped(.flow)) }
  // CheckoutModule binds .cart: listed twice, it binds it twice
  fileprivate static var brokenFlow: ChildGraphKey<Void> {
    ChildGraphKey(scope: .flow) {
      [CheckoutModule(), CheckoutModule()]
    }
  }
}
// docs: end

fileprivate struct CheckoutModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.cart) { _ in Cart() }
  }
}

// docs: verify-broken
extension Scope {
  fileprivate static let session = Scope("session")
}

extension Keys {
  fileprivate static var account: Key<Instance> {
    Key(.scoped(.session)) {
      Instance()
    }
  }
  fileprivate static var checkoutData: Key<Instance> {
    Key(.scoped(.flow), .account) {
      _ in Instance()
    }
  }
  fileprivate static var client: Key<String> {
    Key(.transient, .token) {
      token in "client with \(token)"
    }
  }
}

fileprivate struct CheckoutAppModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.checkoutData)
    b.expose(.brokenFlow)
  }
}
// docs: end

// docs: verify-cycle
extension Keys {
  fileprivate static var first: Key<Instance> {
    Key { r in
      _ = r[.second]
      return Instance()
    }
  }
  fileprivate static var second: Key<Instance> {
    Key { r in
      _ = r[.third]
      return Instance()
    }
  }
  fileprivate static var third: Key<Instance> {
    Key { r in
      _ = r[.first]
      return Instance()
    }
  }
}
// docs: end

// docs: verify-weak
fileprivate protocol Marker: Sendable {}
fileprivate struct StructMarker: Marker {}

extension Keys {
  fileprivate static var weakMarker: Key<any Marker> {
    Key(.weak) { StructMarker() }
  }
}
// docs: end

/// Examples that stop the program: compiled here, never run (Sheath's own tests run them in exit tests).
fileprivate enum Traps {
  static func cycle() throws {
    // docs: verify-trap-cycle
    _ = try Graph(modules: [])[.first]
    // docs: end
  }

  static func missing() throws {
    // docs: verify-trap-missing
    _ = try Graph(modules: [])[.token]
    // docs: end
  }

  static func scope() throws {
    // docs: verify-trap-scope
    _ = try Graph(modules: [])[.flowData]
    // docs: end
  }

  static func weak() throws {
    // docs: verify-trap-weak
    _ = try Graph(modules: [])[.weakMarker]
    // docs: end
  }

  static func childGraph() throws {
    // docs: verify-trap-child-graph
    _ = try Graph(modules: [])[.brokenFlow].open()
    // docs: end
  }
}

// docs: verify-test
@Test(arguments: AppEnvironment.builtIn)
fileprivate func graphIsWired(environment: AppEnvironment) throws {
  let graph = try Graph(
    modules: [
      FakeAPIModule(),
      TestModule { b in
        b.bind(.token, to: "t")
        b.expose(.flowData)
      },
    ],
    environment: environment)
  // keys the app resolves that no module names
  let report = try graph.verify(entryPoints: [Keys.client])
  #expect(
    report.verifiedKeys == [
      "Keys.userAPI", "Keys.token", "Keys.flowData", "Keys.client",
    ])
  #expect(report.openedScopes == [".flow"])
  #expect(report.uncheckedKeys == [])
}
// docs: end

// Each example is checked to produce the message the article shows, but for files and lines.
@Suite("Verifying the graph")
struct VerifyingTheGraphSnippets {
  @Test("two modules binding one key")
  func duplicateBinding() {
    expectDocumented {
      // docs: verify-duplicate
      _ = try Graph(modules: [LiveAPIModule(), FakeAPIModule()])
      // docs: end
    }
  }

  @Test("a child binding what its parent binds")
  func childDuplicate() {
    expectDocumented {
      // docs: verify-child-duplicate
      let parent = try Graph(modules: [LiveAPIModule()])
      _ = try parent.child(modules: [FakeAPIModule()])
      // docs: end
    }
  }

  @Test("two overrides")
  func conflictingOverrides() {
    expectDocumented {
      // docs: verify-conflicting
      _ = try Graph(modules: [StubAPIModule(), OtherStubAPIModule()])
      // docs: end
    }
  }

  @Test("an override of a required key nothing binds")
  func overrideOfUnbound() {
    expectDocumented {
      // docs: verify-override-unbound
      let test = TestModule { b in b.override(.token) { "t" } }
      _ = try Graph(modules: [test])
      // docs: end
    }
  }

  @Test("a requirement nothing meets")
  func missingRequired() {
    expectDocumented {
      // docs: verify-missing-required
      // AppModule includes NetworkModule, which requires .baseURL
      _ = try Graph(modules: [AppModule()])
      // docs: end
    }
  }

  @Test("two map entries with one key")
  func duplicateEntry() {
    expectDocumented {
      // docs: verify-duplicate-entry
      _ = try Graph(modules: [ScreensModule(), MoreScreensModule()])
      // docs: end
    }
  }

  @Test("a scoped key bound below its scope")
  func scopedBelow() {
    expectDocumented {
      // docs: verify-scoped-below
      let flow = try Graph(modules: []).child(scope: .flow)
      let test = TestModule { b in b.override(.flowData) { Instance() } }
      _ = try flow.child(modules: [test])
      // docs: end
    }
  }

  @Test("one module type included with two configurations")
  func conflictingModules() {
    expectDocumented {
      // docs: verify-conflicting-modules
      _ = try Graph(modules: [SmallCacheFeature(), LargeCacheFeature()])
      // docs: end
    }
  }

  @Test("verify() opens a child graph key whose modules cannot be built, and reports it")
  func childGraphKey() throws {
    let error = #expect(throws: GraphError.self) {
      try Graph(modules: []).verify(entryPoints: [Keys.brokenFlow])
    }
    #expect(error?.problems.map(\.kind) == [.childGraphNotBuilt])
    #expect(error?.problems.first?.keyName == "Keys.brokenFlow")
  }

  @Test("verify() reports every problem at once")
  func verify() {
    expectDocumented {
      // docs: verify-everything
      let graph = try Graph(modules: [CheckoutAppModule()])
      try graph.verify(
        scopes: [.flow, .session],
        entryPoints: [Keys.client])
      // docs: end
    }
  }
}

/// Checks that `example` throws, and that the article shows its message in a text block, but for the
/// files and lines it names.
private func expectDocumented(sourceLocation: SourceLocation = #_sourceLocation, _ example: () throws -> Void) {
  let message: String
  do {
    try example()
    Issue.record("the example did not throw", sourceLocation: sourceLocation)
    return
  } catch {
    message = String(describing: error)
  }
  let article = Docs.articles.first { $0.name.hasSuffix("/VerifyingTheGraph.md") }
  let shown = (article?.blocks ?? []).filter { $0.language == "text" }.map { $0.lines.joined(separator: "\n") }
  #expect(
    shown.map(withoutLocations).contains(withoutLocations(message)),
    "the article shows no message like this one:\n\(message)", sourceLocation: sourceLocation)
}

/// `text` with every `Module/File.swift:12` replaced by `FILE:LINE`, and no line's trailing spaces
/// (a message indents the blank line of a nested one; an article's text keeps none).
private func withoutLocations(_ text: String) -> String {
  text.replacingOccurrences(
    of: #"[A-Za-z0-9_]+/[A-Za-z0-9_+]+\.swift:\d+"#, with: "FILE:LINE", options: .regularExpression
  )
  .replacingOccurrences(of: #" +(\n|$)"#, with: "$1", options: .regularExpression)
}

@Suite("Tracing resolutions")
struct TraceSnippets {
  @Test("a trace lists each factory a resolution runs")
  func trace() throws {
    let graph = try Graph(modules: [FakeAPIModule()])
    let flow = graph.child(scope: .flow)
    // docs: verify-trace
    let (data, trace) = ResolutionTrace.record { flow[.flowData] }
    print(trace)
    // Keys.flowData (.scoped(.flow)) by the key's default (…) in
    //   a child graph that opened .flow
    // docs: end
    _ = data
    #expect(trace.events.map(\.key) == ["Keys.flowData"])
    #expect(trace.events.first?.graph == "a child graph that opened .flow")
  }
}
