import Sheath
import Testing

extension Keys {
  fileprivate static var api: Key<any APIClient> { Key<any APIClient>(.singleton) { _ in LiveAPIClient() } }
  fileprivate static var data: Key<any DataControlling> {
    Key<any DataControlling> { r in DataController(api: r[.api]) }
  }
  fileprivate static var sharedData: Key<any DataControlling> {
    Key<any DataControlling>(.singleton) { r in DataController(api: r[.api]) }
  }
  fileprivate static var childOnly: Key<Instance> { Key<Instance>(.singleton) { _ in Instance() } }
}

@Suite("Child graphs")
struct ChildGraphTests {
  @Test("a scope is its name: two scopes with one name are the same scope, and open it for each other's keys")
  func scopeIsItsName() throws {
    #expect(Scope("checkout") == Scope("checkout"))
    #expect(Scope("checkout") != Scope("session"))
    let key = Key<Instance>(.scoped(Scope("checkout"))) { _ in Instance() }
    let checkout = try Graph(modules: []).child(scope: Scope("checkout"))
    #expect(checkout[key] === checkout[key])
  }

  @Test("a child sees its parent's bindings and shares its singletons")
  func seesParent() throws {
    let parent = try Graph(modules: [TestModule { $0.bind(.api) { _ in FakeAPIClient() } }])
    let child = try parent.child(modules: [])
    #expect(child[.api].name == "fake")
    #expect(child[.api] === parent[.api])
    #expect(child.parent === parent)
  }

  @Test("a child's override applies to the child only")
  func overrideInChild() throws {
    let parent = try Graph(modules: [])
    let child = try parent.child(modules: [TestModule { $0.override(.api) { _ in FakeAPIClient() } }])
    #expect(child[.api].name == "fake")
    #expect(parent[.api].name == "live")
  }

  @Test("a child's transient bindings resolve their dependencies from the child")
  func transientUsesChild() throws {
    let parent = try Graph(modules: [])
    let child = try parent.child(modules: [TestModule { $0.override(.api) { _ in FakeAPIClient() } }])
    #expect(child[.data].api.name == "fake")
  }

  @Test("a parent's singleton resolves its dependencies from the parent, where it lives")
  func singletonUsesOwner() throws {
    let parent = try Graph(modules: [TestModule { $0.bind(.sharedData) { r in DataController(api: r[.api]) } }])
    let child = try parent.child(modules: [TestModule { $0.override(.api) { _ in FakeAPIClient() } }])
    #expect(child[.sharedData].api.name == "live")
    #expect(child[.sharedData] === parent[.sharedData])
  }

  @Test("a child's own singleton lives in the child and is released with it")
  func ownSingletonReleased() throws {
    let parent = try Graph(modules: [])
    weak var instance: Instance?
    do {
      let child = try parent.child(modules: [TestModule { $0.bind(.childOnly) { _ in Instance() } }])
      instance = child[.childOnly]
      #expect(child[.childOnly] === instance)
    }
    #expect(instance == nil)
  }

  @Test("a singleton read first through a child, with bindings of its own or none, is the parent's everywhere")
  func singletonReadFirstThroughChildren() throws {
    let parent = try Graph(modules: [TestModule { $0.bind(.sharedData) { r in DataController(api: r[.api]) } }])
    let withModules = try parent.child(modules: [TestModule { $0.bind(.childOnly) { _ in Instance() } }])
    let grandchild = withModules.child(scope: .flow)
    let sibling = parent.child(scope: .flow)
    // Read first through the child's table, then through the parent's and a grandchild sharing the
    // child's: each table records the parent's instance, and none records another.
    let first = grandchild[.sharedData]
    #expect(withModules[.sharedData] === first)
    #expect(parent[.sharedData] === first)
    #expect(sibling[.sharedData] === first)
    #expect(grandchild[.sharedData] === first)
    // Another root built from the same modules has its own.
    let other = try Graph(modules: [TestModule { $0.bind(.sharedData) { r in DataController(api: r[.api]) } }])
    #expect(other[.sharedData] !== first)
  }

  @Test("a singleton a child read is released with the graph that owns it, not kept by the child's table")
  func singletonReadThroughChildReleasedWithOwner() throws {
    weak var instance: Instance?
    var kept: Graph?
    do {
      let parent = try Graph(modules: [TestModule { $0.bind(.childOnly) { _ in Instance() } }])
      let child = try parent.child(modules: [TestModule { $0.bind(.api) { _ in FakeAPIClient() } }])
      instance = child[.childOnly]
      #expect(child[.childOnly] === instance)
      kept = child
    }
    // The child keeps its parent, so the instance lives.
    #expect(instance != nil)
    kept = nil
    #expect(instance == nil)
    _ = kept
  }

  @Test("a child adds bindings its parent does not have")
  func addsBindings() throws {
    let parent = try Graph(modules: [])
    let child = try parent.child(modules: [TestModule { $0.bind(.childOnly) { _ in Instance(number: 4) } }])
    #expect(child[.childOnly].number == 4)
    #expect(parent[.childOnly].number == 0)
  }

  @Test("a scope with no name stops where it is created")
  func unnamedScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Scope("", fileID: "App/Scopes.swift", line: 3)
    }
    expectText(
      trapMessage(result),
      """
      Sheath: a scope needs a name: Scope("") at App/Scopes.swift:3
        messages show a scope by its name (scoped to .flow, graph.child(scope: .flow)), and scopes with the same name are the same scope
      fix: name it for the lifetime it stands for: static let flow = Scope("flow")
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/Scopes.swift:3: Fatal error: Sheath: a scope needs a name"), "\(standardError)")
  }

  @Test("a scope named only with whitespace stops too, showing the name as written")
  func blankScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Scope(" \t", fileID: "App/Scopes.swift", line: 4)
    }
    expectText(
      trapMessage(result),
      """
      Sheath: a scope needs a name: Scope(" \\t") at App/Scopes.swift:4
        messages show a scope by its name (scoped to .flow, graph.child(scope: .flow)), and scopes with the same name are the same scope
      fix: name it for the lifetime it stands for: static let flow = Scope("flow")
      """)
  }
}
