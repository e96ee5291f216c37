import Sheath
import Testing

extension Keys {
  fileprivate static var introspected: Key<Int> {
    Key<Int>(name: "Keys.introspected", fileID: "App/Keys.swift", line: 1) { _ in 0
    }
  }
  fileprivate static var unbound: Key<Int> {
    Key<Int>.required(name: "Keys.unbound", fileID: "App/Keys.swift", line: 2)
  }
  fileprivate static var listed: CollectionKey<Int> {
    CollectionKey<Int>(name: "Keys.listed", fileID: "App/Keys.swift", line: 3)
  }
  fileprivate static var voidResult: Key<Result<Void, Never>> {
    Key<Result<Void, Never>>(name: "Keys.voidResult") { .success(()) }
  }
  fileprivate static var callback: Key<@Sendable () -> Void> {
    Key<@Sendable () -> Void>(name: "Keys.callback") { {} }
  }
  fileprivate static var pair: Key<Pair<Void, Int>> {
    Key<Pair<Void, Int>>(name: "Keys.pair") { Pair(first: (), second: 1) }
  }
  fileprivate static var tuple: Key<(Int, Void)> {
    Key<(Int, Void)>(name: "Keys.tuple") { (1, ()) }
  }
  fileprivate static var nothing: Key<Void> {
    Key<Void>(name: "Keys.nothing") { () }
  }
}

private struct Pair<First, Second>: Sendable where First: Sendable, Second: Sendable {
  let first: First
  let second: Second
}

private struct NumbersModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.introspected, fileID: "App/NumbersModule.swift", line: 5) { _ in 1 }
  }
}

private struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(NumbersModule())
    b.contribute(to: .listed, fileID: "App/AppModule.swift", line: 8) { _ in 2 }
  }
}

@Suite("Introspection")
struct IntrospectionTests {
  @Test("a graph tells whether a module binds a key, and which, without resolving it")
  func bindsAndSource() throws {
    let built = Counter()
    let graph = try Graph(modules: [AppModule(), TestModule { $0.bind(.unbound) { _ in built.increment() } }])
    #expect(graph.binds(.introspected))
    #expect(graph.binds(.listed))
    #expect(graph.binds(.unbound))
    #expect(graph.source(of: .introspected)?.modulePath == "AppModule > NumbersModule")
    #expect(graph.source(of: .introspected)?.description == "AppModule > NumbersModule (App/NumbersModule.swift:5)")
    #expect(graph.source(of: .introspected)?.isKeyDefault == false)
    #expect(built.value == 0)
  }

  @Test("reports spell a type as code does: `Void` where `()` is a type, `()` where it is a parameter list")
  func typeNames() throws {
    let report = try Graph(modules: []).verify(entryPoints: [.voidResult, .callback, .pair, .tuple, .nothing])
    #expect(
      report.keys.map(\.type) == [
        "Result<Void, Never>", "@Sendable () -> Void", "Pair<Void, Int>", "(Int, Void)", "Void",
      ])
  }

  @Test("an unbound key is not bound: its default is its source, a required key has none")
  func unboundKeys() throws {
    let graph = try Graph(modules: [])
    #expect(!graph.binds(.introspected))
    #expect(graph.source(of: .introspected)?.isKeyDefault == true)
    #expect(graph.source(of: .introspected)?.description == "the key's default (App/Keys.swift:1)")
    #expect(graph.source(of: .unbound) == nil)
  }

  @Test("a child graph sees its parent's bindings and its own")
  func childGraph() throws {
    let parent = try Graph(modules: [NumbersModule()])
    let child = try parent.child(modules: [
      TestModule { $0.bind(.unbound, fileID: "Tests/Child.swift", line: 3) { _ in 2 } }
    ])
    #expect(child.binds(.introspected))
    #expect(child.source(of: .unbound)?.description == "TestModule (Tests/Child.swift:3)")
    #expect(!parent.binds(.unbound))
  }
}
