import Foundation
import Sheath
import Testing

// Keys that refer to each other need their types written out (see ProviderLazyTests).
extension Keys {
  fileprivate static var first: Key<Instance> {
    Key(name: "Keys.first", fileID: "App/Keys.swift", line: 7) { r in
      _ = r[.second]
      return Instance()
    }
  }
  fileprivate static var second: Key<Instance> {
    Key(name: "Keys.second", fileID: "App/Keys.swift", line: 11) { r in
      _ = r[.third]
      return Instance()
    }
  }
  fileprivate static var third: Key<Instance> {
    Key(name: "Keys.third", fileID: "App/Keys.swift", line: 15) { r in
      _ = r[.first]
      return Instance()
    }
  }

  fileprivate static var shared: Key<Instance> {
    Key(
      .singleton, name: "Keys.shared", fileID: "App/Keys.swift", line: 20
    ) { r in
      _ = r[.helper]
      return Instance()
    }
  }
  fileprivate static var helper: Key<Instance> {
    Key(name: "Keys.helper", fileID: "App/Keys.swift", line: 24) { r in
      _ = r[.shared]
      return Instance()
    }
  }

  fileprivate static var eager: Key<Instance> {
    Key(.singleton, name: "Keys.eager", fileID: "App/Keys.swift", line: 29) { r in
      _ = r.lazy(.eagerPartner).value
      return Instance()
    }
  }
  fileprivate static var eagerPartner: Key<Instance> {
    Key(
      name: "Keys.eagerPartner", fileID: "App/Keys.swift", line: 33
    ) { r in
      _ = r[.eager]
      return Instance()
    }
  }

  fileprivate static var ping: Key<Instance> {
    Key(name: "Keys.ping", fileID: "App/Keys.swift", line: 42) { r in
      _ = r[.pong]
      return Instance()
    }
  }
  fileprivate static var pong: Key<Instance> {
    Key(name: "Keys.pong", fileID: "App/Keys.swift", line: 46) { r in
      _ = r[.ping]
      return Instance()
    }
  }

  fileprivate static var selfish: Key<Instance> {
    Key(name: "Keys.selfish", fileID: "App/Keys.swift", line: 38) { r in
      r[.selfish]
    }
  }
}

@Suite("Dependency cycles")
struct CycleTests {
  @Test("a cycle of transient keys is reported with its path, not a stack overflow")
  func transientCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.first]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.first (Instance, App/Keys.swift:7)
        → Keys.second (Instance, App/Keys.swift:11)
        → Keys.third (Instance, App/Keys.swift:15)
        → Keys.first
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }

  @Test("a cycle stops at the declaration of the key whose factory closes it, not in Sheath")
  func cycleStopsAtTheKey() async {
    let transient = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.first]
    }
    let shared = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.shared]
    }
    let transientError = String(decoding: transient?.standardErrorContent ?? [], as: UTF8.self)
    let sharedError = String(decoding: shared?.standardErrorContent ?? [], as: UTF8.self)
    #expect(transientError.contains("App/Keys.swift:15: Fatal error: Sheath: dependency cycle"), "\(transientError)")
    #expect(sharedError.contains("App/Keys.swift:24: Fatal error: Sheath: dependency cycle"), "\(sharedError)")
  }

  @Test("a cycle through a singleton is reported, not a deadlock")
  func singletonCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.shared]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.shared (Instance, App/Keys.swift:20)
        → Keys.helper (Instance, App/Keys.swift:24)
        → Keys.shared
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }

  @Test("a Lazy used while its owner is being built does not hide the cycle")
  func lazyUsedEagerly() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.eager]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.eager (Instance, App/Keys.swift:29)
        → Keys.eagerPartner (Instance, App/Keys.swift:33)
        → Keys.eager
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }

  @Test("a key that needs itself is a cycle of one")
  func selfCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.selfish]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.selfish (Instance, App/Keys.swift:38)
        → Keys.selfish
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }

  @Test(
    "a cycle of two transient keys on a thread with a small stack is reported with its path",
    arguments: [smallStackSize, smallestStackSize])
  func cycleOnSmallThread(stackSize: Int) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [stackSize] in
      let graph = try Graph(modules: [])
      warmUp { _ = graph[.warmOuter] }
      onThread(stackSize: stackSize) { _ = graph[.ping] }
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.ping (Instance, App/Keys.swift:42)
        → Keys.pong (Instance, App/Keys.swift:46)
        → Keys.ping
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }

  @Test("an unbound required key is reported with how to bind it")
  func missingBinding() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let token = Key<String>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 4)
      _ = try Graph(modules: [])[token]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: missing binding for required key Keys.token (String, App/Keys.swift:4)
      fix: bind it in a module, b.bind(.token) { … }, and declare b.require(.token) in the module that needs it so building the graph checks it
      """)
  }
}

/// A key that needs another, resolved before the small-stack thread starts: an app has resolved its
/// keys before, so the Swift runtime has made the type metadata that path uses (in a debug build,
/// making it takes more stack than a 16 KiB thread has left).
extension Keys {
  fileprivate static var warmOuter: Key<Instance> {
    Key(name: "Keys.warmOuter") { r in
      _ = r[.warmInner]
      return Instance()
    }
  }
  fileprivate static var warmInner: Key<Instance> { Key(name: "Keys.warmInner") { _ in Instance() } }
}
