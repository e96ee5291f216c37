import Sheath
import Testing

// Which modules a graph installs: every module listed, and modules reached through `include` once per
// type (Dagger's rule) — never a second configuration dropped without a word.

extension Keys {
  fileprivate static var stock: Key<Int> {
    Key<Int>(.singleton, name: "Keys.stock", fileID: "App/Keys.swift", line: 1) { _ in 0 }
  }
  fileprivate static var core: Key<Instance> {
    Key<Instance>.required(.singleton, name: "Keys.core", fileID: "App/Keys.swift", line: 2)
  }
  fileprivate static var feature: Key<Int> {
    Key<Int>.required(name: "Keys.feature", fileID: "App/Keys.swift", line: 3)
  }
  fileprivate static var other: Key<Int> { Key<Int>.required(name: "Keys.other", fileID: "App/Keys.swift", line: 4) }
}

extension AppEnvironment {
  fileprivate static let staging = AppEnvironment("staging")
}

private struct FakeInventoryModule: Module {
  let stock: Int
  func register(into b: inout Bindings) {
    b.override(.stock, fileID: "App/FakeInventoryModule.swift", line: 7) { [stock] _ in stock }
  }
}

/// A module that includes itself.
private struct SelfIncludingModule: Module {
  func register(into b: inout Bindings) {
    b.include(SelfIncludingModule())
    b.bind(.feature, to: 1)
  }
}

/// Two modules that include each other.
private struct PingModule: Module {
  func register(into b: inout Bindings) {
    b.include(PongModule())
    b.bind(.feature, to: 2)
  }
}

private struct PongModule: Module {
  func register(into b: inout Bindings) {
    b.include(PingModule())
    b.bind(.other, to: 3)
  }
}

/// A module that includes itself with a bigger type argument: a new module type at every level.
private struct Nest<Element>: Module {
  func register(into b: inout Bindings) {
    b.include(Nest<[Element]>())
  }
}

private struct LiveInventoryModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.stock, fileID: "App/LiveInventoryModule.swift", line: 5) { _ in 100 }
  }
}

private struct BakeryModule: Module {
  func register(into b: inout Bindings) {
    b.include(LiveInventoryModule().only(in: .live, .staging))
    b.include(FakeInventoryModule(stock: 3).only(in: .mock))
  }
}

private struct CoreModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.core, fileID: "App/CoreModule.swift", line: 9) { _ in Instance() }
  }
}

private struct FeatureModule: Module {
  func register(into b: inout Bindings) {
    b.include(CoreModule())
    b.bind(.feature, fileID: "App/FeatureModule.swift", line: 4) { _ in 1 }
  }
}

private struct OtherFeatureModule: Module {
  func register(into b: inout Bindings) {
    b.include(CoreModule())
    b.bind(.other, fileID: "App/OtherFeatureModule.swift", line: 4) { _ in 2 }
  }
}

/// Two features that include one cache module, configured differently.
private struct CacheModule: Module {
  let size: Int
  func register(into b: inout Bindings) {}
}

private struct SmallCacheFeature: Module {
  func register(into b: inout Bindings) { b.include(CacheModule(size: 10)) }
}

private struct LargeCacheFeature: Module {
  func register(into b: inout Bindings) { b.include(CacheModule(size: 20)) }
}

private func buildError(_ build: () throws -> Graph) -> String {
  do {
    _ = try build()
    return "no error"
  } catch {
    return String(describing: error)
  }
}

@Suite("Module installation")
struct ModuleRuleTests {
  @Test(
    "one module type wrapped for two environments installs the one that matches",
    arguments: [
      (AppEnvironment.live, 1), (.staging, 2), (.mock, 100),
    ])
  func onlyInTwice(environment: AppEnvironment, stock: Int) throws {
    let graph = try Graph(
      modules: [
        LiveInventoryModule(),
        FakeInventoryModule(stock: 1).only(in: .live),
        FakeInventoryModule(stock: 2).only(in: .staging),
      ], environment: environment)
    #expect(graph[.stock] == stock)
  }

  @Test("two listed instances of one module type both install: they bind different keys, or conflict")
  func listedTwice() throws {
    let graph = try Graph(modules: [
      TestModule { $0.bind(.feature) { _ in 1 } },
      TestModule { $0.bind(.other) { _ in 2 } },
    ])
    #expect(graph[.feature] == 1)
    #expect(graph[.other] == 2)
    expectText(
      buildError {
        try Graph(modules: [LiveInventoryModule(), FakeInventoryModule(stock: 1), FakeInventoryModule(stock: 2)])
      },
      """
      Sheath could not build the graph (1 problem):

      error: conflicting overrides of Keys.stock (Int, App/Keys.swift:1)
        overridden by FakeInventoryModule (App/FakeInventoryModule.swift:7)
        overridden by FakeInventoryModule (App/FakeInventoryModule.swift:7)
      fix: keep one override of Keys.stock; install the other module in a child graph if both are needed
      """)
  }

  @Test("a module that includes itself, or two that include each other, install once")
  func cyclicIncludes() throws {
    #expect(try Graph(modules: [SelfIncludingModule()])[.feature] == 1)
    let graph = try Graph(modules: [PingModule()])
    #expect(graph[.feature] == 2)
    #expect(graph[.other] == 3)
  }

  @Test("modules that include new module types without end are an error, not an endless build")
  func endlessIncludes() {
    let error = #expect(throws: GraphError.self) { try Graph(modules: [Nest<Int>()]) }
    expectText(
      error?.description ?? "",
      """
      Sheath could not build the graph (1 problem):

      error: modules include modules 257 deep, without end
        Nest<Int> > Nest<Array<Int>> > Nest<Array<Array<Int>>> > Nest<Array<Array<Array<Int>>>> > …
      fix: a module type must not include a new module type each time, as a generic module including itself with a bigger type argument does: include a fixed set of module types
      """)
    #expect(error?.problems.map(\.kind) == [.endlessIncludes])
  }

  @Test("a module two features include installs once")
  func includedTwice() throws {
    let graph = try Graph(modules: [FeatureModule(), OtherFeatureModule()])
    #expect(graph[.feature] == 1)
    #expect(graph[.other] == 2)
    #expect(graph[.core] === graph[.core])
  }

  @Test("a module included twice with different configurations is an error naming both")
  func includedDifferently() {
    expectText(
      buildError { try Graph(modules: [SmallCacheFeature(), LargeCacheFeature()]) },
      """
      Sheath could not build the graph (1 problem):

      error: module CacheModule is installed twice with different configurations
        CacheModule(size: 10), installed by SmallCacheFeature > CacheModule
        CacheModule(size: 20), installed by LargeCacheFeature > CacheModule
      fix: a module type reached through include is installed once per graph: include CacheModule with one configuration where every module that needs it can see it, or give each configuration a module type of its own
      """)
  }

  @Test("a child's module that includes a module its parent installed uses the parent's, down to grandchildren")
  func repeatedInChild() throws {
    let parent = try Graph(modules: [CoreModule()])
    let child = try parent.child(modules: [FeatureModule()])
    let grandchild = try child.child(modules: [OtherFeatureModule()])
    #expect(child[.core] === parent[.core])
    #expect(grandchild[.core] === parent[.core])
    #expect(grandchild[.feature] == 1)
    #expect(grandchild[.other] == 2)
  }

  @Test("listing the parent's module again in a child is still a duplicate binding")
  func listedAgainInChild() throws {
    let parent = try Graph(modules: [CoreModule()])
    expectText(
      buildError { try parent.child(modules: [CoreModule()]) },
      """
      Sheath could not build the graph (1 problem):

      error: duplicate binding for Keys.core (Instance, App/Keys.swift:2)
        bound by CoreModule (App/CoreModule.swift:9) in the parent graph
        bound by CoreModule (App/CoreModule.swift:9)
      fix: keep one of these bindings, or make the one that should win an override: b.override(.core) { … }
      """)
  }

  @Test("module paths name the modules as written, without the environment wrapper")
  func pathsWithoutWrappers() {
    expectText(
      buildError {
        try Graph(modules: [
          BakeryModule(), TestModule { $0.bind(.stock, fileID: "Tests/Stock.swift", line: 2) { _ in 1 } },
        ])
      },
      """
      Sheath could not build the graph (1 problem):

      error: duplicate binding for Keys.stock (Int, App/Keys.swift:1)
        bound by BakeryModule > LiveInventoryModule (App/LiveInventoryModule.swift:5)
        bound by TestModule (Tests/Stock.swift:2)
      fix: keep one of these bindings, or make the one that should win an override: b.override(.stock) { … }
      """)
  }
}
