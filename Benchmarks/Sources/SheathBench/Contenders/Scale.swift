// swift-format-ignore-file: NeverForceUnwrap
// NB: `resolve(…)!` is how Swinject is written (resolution returns an Optional).

import Sheath
import Swinject

// The scale scenarios: graphs of 10 to 10,000 bindings.
//
// The keys are created at run time, in a loop, once per process and outside every timed region. A
// `Key` is a class and each `init` gives it the next slot, so a loop makes exactly the keys 10,000
// `static let`s would; the one difference from generated code is that the key objects are created
// eagerly here, where `static let`s are created lazily on first use. The module binds each key to a
// closure that captures nothing, as a generated `b.bind(.k123) { … }` would.

enum Scale {
  static let sizes = [10, 100, 1_000, 10_000]
  static let largest = 10_000

  /// The keys, created on first use.
  nonisolated(unsafe) static var keys: [Key<Int>] = []

  static func makeKeys(_ count: Int = largest) -> [Key<Int>] {
    if keys.count < count {
      keys += (keys.count..<count).map { index in Key<Int>(name: "Keys.scale\(index)") { index } }
    }
    return Array(keys.prefix(count))
  }

  /// The names Swinject registers `Int` under, one per binding.
  nonisolated(unsafe) static var names: [String] = []

  static func makeNames(_ count: Int = largest) -> [String] {
    if names.count < count {
      names += (names.count..<count).map { "scale\($0)" }
    }
    return Array(names.prefix(count))
  }
}

/// A module that binds every key it is given: what a generated module of N `b.bind` calls does.
struct GeneratedBindingsModule: Module {
  let keys: [Key<Int>]

  func register(into b: inout Bindings) {
    for key in keys {
      b.bind(key) { 42 }
    }
  }
}

extension SheathContender {
  static func makeScaleGraph(keys: [Key<Int>]) -> Graph {
    do {
      return try Graph(modules: [GeneratedBindingsModule(keys: keys)])
    } catch {
      fatalError("the scale graph does not build: \(error)")
    }
  }

  /// Times building a graph of `count` bindings; the module value is made outside the timed loop.
  static func build(count: Int) -> Loop {
    let module = GeneratedBindingsModule(keys: Scale.makeKeys(count))
    let sink = makeSink(Graph.self)
    return { n in
      timeLoop(n, sink) {
        do {
          return try Graph(modules: [module])
        } catch {
          fatalError("the scale graph does not build: \(error)")
        }
      }
    }
  }

  /// Times building a graph from the generated module of `static let` keys (Generated/StaticKeys.swift).
  static func buildStatic() -> Loop {
    let module = GeneratedStaticModule()
    let sink = makeSink(Graph.self)
    return { n in
      timeLoop(n, sink) {
        do {
          return try Graph(modules: [module])
        } catch {
          fatalError("the generated graph does not build: \(error)")
        }
      }
    }
  }

  /// Times `verify()` of a graph of `count` bindings: it builds every binding in a throwaway copy.
  static func verify(count: Int) -> Loop {
    let graph = makeScaleGraph(keys: Scale.makeKeys(count))
    let sink = makeSink(VerificationReport.self)
    return { n in
      timeLoop(n, sink) {
        do {
          return try graph.verify()
        } catch {
          fatalError("the scale graph does not verify: \(error)")
        }
      }
    }
  }

  /// Resolves the same key, bound in both graphs, in a graph of `count` bindings.
  static func resolveAtScale(count: Int) -> Loop {
    let keys = Scale.makeKeys(count)
    let graph = makeScaleGraph(keys: keys)
    let key = keys[5]
    let sink = makeSink(Int.self)
    return { n in timeLoop(n, sink) { graph[key] } }
  }

  /// Resolves every key of a graph of `count` bindings in turn: touches the whole table.
  static func resolveEachAtScale(count: Int) -> Loop {
    let keys = Scale.makeKeys(count)
    let graph = makeScaleGraph(keys: keys)
    let sink = makeSink(Int.self)
    return { n in
      var index = 0
      return timeLoop(n, sink) {
        let value = graph[keys[index]]
        index = index == keys.count - 1 ? 0 : index + 1
        return value
      }
    }
  }
}

/// Keys that declare their dependencies, as the docs teach: 500 singletons, each needing a transient
/// key of its own, which needs one shared leaf. Made once per process, outside every timed region.
enum DeclaredScale {
  static let leaf = Key<Int>(name: "Keys.declaredLeaf") { 1 }
  static let transients: [Key<Int>] = (0..<500).map { index in
    Key(.transient, leaf, name: "Keys.declaredTransient\(index)") { $0 + index }
  }
  static let singletons: [Key<Int>] = (0..<500).map { index in
    Key(.singleton, transients[index], name: "Keys.declaredSingleton\(index)") { $0 }
  }

  /// Names every singleton: the graph knows all 1,001 keys and checks their 1,000 edges.
  struct AppModule: Module {
    func register(into b: inout Bindings) {
      for key in singletons { b.expose(key) }
    }
  }

  /// A flow's override of the leaf: the flow resolves the transient keys with it, and the root's
  /// singletons keep the root's.
  struct FlowModule: Module {
    func register(into b: inout Bindings) {
      b.override(leaf) { 2 }
    }
  }
}

extension SheathContender {
  /// Times building the graph of ``DeclaredScale``'s keys.
  static func buildDeclared() -> Loop {
    _ = DeclaredScale.singletons
    let module = DeclaredScale.AppModule()
    let sink = makeSink(Graph.self)
    return { n in
      timeLoop(n, sink) {
        do {
          return try Graph(modules: [module])
        } catch {
          fatalError("the declared graph does not build: \(error)")
        }
      }
    }
  }

  /// Times building a child with ``DeclaredScale/FlowModule`` under the graph of ``DeclaredScale``'s keys.
  static func buildDeclaredChild() -> Loop {
    let graph: Graph
    do {
      graph = try Graph(modules: [DeclaredScale.AppModule()])
    } catch {
      fatalError("the declared graph does not build: \(error)")
    }
    let module = DeclaredScale.FlowModule()
    let sink = makeSink(Graph.self)
    return { n in
      timeLoop(n, sink) {
        do {
          return try graph.child(scope: nil, modules: [module])
        } catch {
          fatalError("the declared child does not build: \(error)")
        }
      }
    }
  }
}

extension SwinjectContender {
  static func makeScaleContainer(names: [String]) -> Container {
    let container = Container()
    for name in names {
      container.register(Int.self, name: name) { _ in 42 }.inObjectScope(.transient)
    }
    return container
  }

  /// Times making a container and registering `count` services in it.
  static func build(count: Int) -> Loop {
    let names = Scale.makeNames(count)
    let sink = makeSink(Container.self)
    return { n in timeLoop(n, sink) { makeScaleContainer(names: names) } }
  }

  static func resolveAtScale(count: Int) -> Loop {
    let names = Scale.makeNames(count)
    let container = makeScaleContainer(names: names)
    let name = names[5]
    let sink = makeSink(Int.self)
    return { n in timeLoop(n, sink) { container.resolve(Int.self, name: name)! } }
  }

  static func resolveEachAtScale(count: Int) -> Loop {
    let names = Scale.makeNames(count)
    let container = makeScaleContainer(names: names)
    let sink = makeSink(Int.self)
    return { n in
      var index = 0
      return timeLoop(n, sink) {
        let value = container.resolve(Int.self, name: names[index])!
        index = index == names.count - 1 ? 0 : index + 1
        return value
      }
    }
  }
}
