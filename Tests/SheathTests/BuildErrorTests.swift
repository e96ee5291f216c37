import Sheath
import Testing

// Keys and bindings with explicit names and locations, so the pinned messages read like an app's.
extension Keys {
  fileprivate static var userAPI: Key<any APIClient> {
    Key<any APIClient>(
      .singleton, name: "Keys.userAPI", fileID: "App/Keys.swift", line: 9
    ) { _ in LiveAPIClient() }
  }
  fileprivate static var baseURL: Key<String> {
    Key<String>.required(name: "Keys.baseURL", fileID: "App/Keys.swift", line: 3)
  }
  fileprivate static var token: Key<String> {
    Key<String>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 4)
  }
  fileprivate static var flowData: Key<Instance> {
    Key<Instance>(
      .scoped(.flow), name: "Keys.flowData", fileID: "App/Keys.swift", line: 12
    ) { _ in Instance() }
  }
  fileprivate static var screens: MapKey<String, Instance> {
    MapKey<String, Instance>(name: "Keys.screens", fileID: "App/Keys.swift", line: 20)
  }
}

private struct LiveAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI, fileID: "App/LiveAPIModule.swift", line: 31) { _ in LiveAPIClient() }
  }
}

private struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI, fileID: "App/FakeAPIModule.swift", line: 20) { _ in FakeAPIClient() }
  }
}

private struct StubAPIModule: Module {
  func register(into b: inout Bindings) {
    b.override(.userAPI, fileID: "Tests/StubAPIModule.swift", line: 5) { _ in FakeAPIClient(name: "stub") }
  }
}

private struct OtherStubAPIModule: Module {
  func register(into b: inout Bindings) {
    b.override(.userAPI, fileID: "Tests/OtherStubAPIModule.swift", line: 7) { _ in FakeAPIClient(name: "other") }
  }
}

private struct NetworkModule: Module {
  func register(into b: inout Bindings) {
    b.require(.baseURL, fileID: "App/NetworkModule.swift", line: 14)
    b.include(LiveAPIModule())
  }
}

private struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(NetworkModule())
  }
}

private struct ScreensModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .screens, entry: "profile", fileID: "App/ScreensModule.swift", line: 8) { _ in Instance() }
  }
}

private struct MoreScreensModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .screens, entry: "profile", fileID: "App/MoreScreensModule.swift", line: 11) { _ in Instance() }
  }
}

@Suite("Build errors")
struct BuildErrorTests {
  @Test("two modules binding one key are a duplicate, naming both")
  func duplicateBinding() {
    expectText(
      buildError([LiveAPIModule(), FakeAPIModule()]),
      """
      Sheath could not build the graph (1 problem):

      error: duplicate binding for Keys.userAPI (any APIClient, App/Keys.swift:9)
        bound by LiveAPIModule (App/LiveAPIModule.swift:31)
        bound by FakeAPIModule (App/FakeAPIModule.swift:20)
      fix: keep one of these bindings, or make the one that should win an override: b.override(.userAPI) { … }
      """)
  }

  @Test("an override wins over a binding whatever the module order")
  func overrideWins() throws {
    let before = try Graph(modules: [StubAPIModule(), LiveAPIModule()])
    let after = try Graph(modules: [LiveAPIModule(), StubAPIModule()])
    #expect(before[.userAPI].name == "stub")
    #expect(after[.userAPI].name == "stub")
  }

  @Test("an override replaces a key's default")
  func overrideOfDefault() throws {
    #expect(try Graph(modules: [StubAPIModule()])[.userAPI].name == "stub")
  }

  @Test("two overrides of one key conflict")
  func conflictingOverrides() {
    expectText(
      buildError([StubAPIModule(), OtherStubAPIModule()]),
      """
      Sheath could not build the graph (1 problem):

      error: conflicting overrides of Keys.userAPI (any APIClient, App/Keys.swift:9)
        overridden by StubAPIModule (Tests/StubAPIModule.swift:5)
        overridden by OtherStubAPIModule (Tests/OtherStubAPIModule.swift:7)
      fix: keep one override of Keys.userAPI; install the other module in a child graph if both are needed
      """)
  }

  @Test("overriding a required key that nothing binds is an error")
  func overrideOfUnboundKey() {
    let module = TestModule { b in b.override(.token, fileID: "Tests/TokenTests.swift", line: 30) { _ in "t" } }
    expectText(
      buildError([module]),
      """
      Sheath could not build the graph (1 problem):

      error: override of Keys.token (String, App/Keys.swift:4), which nothing binds
        overridden by TestModule (Tests/TokenTests.swift:30)
      fix: bind it instead: b.bind(.token) { … }
      """)
  }

  @Test("a required key that a module requires and nothing binds names the module, through includes")
  func missingRequiredKey() {
    expectText(
      buildError([AppModule()]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.baseURL (String, App/Keys.swift:3)
        required by AppModule > NetworkModule (App/NetworkModule.swift:14)
      fix: bind it in one of the installed modules: b.bind(.baseURL) { … }
      """)
  }

  @Test("a required key bound by another module or by the parent graph satisfies the requirement")
  func requirementSatisfied() throws {
    let baseURL = TestModule { $0.bind(.baseURL, to: "https://example.com") }
    let graph = try Graph(modules: [AppModule(), baseURL])
    #expect(graph[.baseURL] == "https://example.com")
    let parent = try Graph(modules: [baseURL])
    _ = try parent.child(modules: [NetworkModule()])
  }

  @Test("a module included from two places registers once")
  func includedTwice() throws {
    let graph = try Graph(modules: [AppModule(), NetworkModule(), TestModule { $0.bind(.baseURL, to: "x") }])
    #expect(graph[.userAPI].name == "live")
  }

  @Test("two contributions with one map entry key are an error")
  func duplicateMapEntry() {
    expectText(
      buildError([ScreensModule(), MoreScreensModule()]),
      """
      Sheath could not build the graph (1 problem):

      error: duplicate entry "profile" in Keys.screens (Dictionary<String, Instance>, App/Keys.swift:20)
        contributed by ScreensModule (App/ScreensModule.swift:8)
        contributed by MoreScreensModule (App/MoreScreensModule.swift:11)
      fix: give each contribution its own entry key, or remove one of them
      """)
  }

  @Test("a child that binds what its parent's modules bind must override it")
  func childRebinding() throws {
    let parent = try Graph(modules: [LiveAPIModule()])
    expectText(
      buildError([FakeAPIModule()], parent: parent),
      """
      Sheath could not build the graph (1 problem):

      error: duplicate binding for Keys.userAPI (any APIClient, App/Keys.swift:9)
        bound by LiveAPIModule (App/LiveAPIModule.swift:31) in the parent graph
        bound by FakeAPIModule (App/FakeAPIModule.swift:20)
      fix: keep one of these bindings, or make the one that should win an override: b.override(.userAPI) { … }
      """)
  }

  @Test("a scoped key bound below the graph that owns its scope is an error")
  func scopedBindingBelowScope() throws {
    let flow = try Graph(modules: []).child(scope: .flow)
    let module = TestModule { b in
      b.override(.flowData, fileID: "App/ScreenModule.swift", line: 6) { _ in Instance(number: 1) }
    }
    expectText(
      buildError([module], parent: flow),
      """
      Sheath could not build the graph (1 problem):

      error: Keys.flowData is scoped to .flow, but it is bound in a graph below the .flow graph that would own its instance
        Keys.flowData (Instance, App/Keys.swift:12)
        bound by TestModule (App/ScreenModule.swift:6)
      fix: bind it in the graph that opens .flow, or open .flow in this graph: parent.child(scope: .flow, modules: …)
      """)
    let ownFlow = try flow.child(scope: .flow, modules: [module])
    #expect(ownFlow[.flowData].number == 1)
  }

  @Test("a scoped binding refused for where it is still has its own dependencies checked: moving it shows nothing new")
  func misplacedBindingIsChecked() throws {
    let flow = try Graph(modules: []).child(scope: .flow)
    let module = TestModule { b in
      b.override(.flowData, .token, fileID: "App/ScreenModule.swift", line: 7) { _ in Instance(number: 1) }
    }
    expectText(
      buildError([module], parent: flow),
      """
      Sheath could not build the graph (2 problems):

      error: Keys.flowData is scoped to .flow, but it is bound in a graph below the .flow graph that would own its instance
        Keys.flowData (Instance, App/Keys.swift:12)
        bound by TestModule (App/ScreenModule.swift:7)
      fix: bind it in the graph that opens .flow, or open .flow in this graph: parent.child(scope: .flow, modules: …)

      error: missing binding for required key Keys.token (String, App/Keys.swift:4)
        needed by Keys.flowData → Keys.token, as TestModule (App/ScreenModule.swift:7) binds Keys.flowData
      fix: bind it in one of the installed modules: b.bind(.token) { … }
      """)
  }

  @Test("every problem is reported at once: registration mistakes in registration order, then missing bindings")
  func severalProblems() throws {
    let error = #expect(throws: GraphError.self) {
      try Graph(modules: [
        AppModule(), FakeAPIModule(), ScreensModule(), MoreScreensModule(), StubAPIModule(), OtherStubAPIModule(),
      ])
    }
    #expect(
      error?.problems.map(\.kind) == [.duplicateBinding, .conflictingOverrides, .duplicateMapEntry, .missingBinding])
    #expect(error?.problems.map(\.keyName) == ["Keys.userAPI", "Keys.userAPI", "Keys.screens", "Keys.baseURL"])
    #expect(
      error?.description.hasPrefix("Sheath could not build the graph (4 problems):\n\nerror: duplicate binding") == true
    )
  }
}
