import Foundation
import Sheath
import Testing

// Keys that refer to each other need their types written out. Line numbers are pinned below.
extension Keys {
  fileprivate static var asyncFirst: AsyncKey<Database> {
    AsyncKey(
      .singleton, name: "Keys.asyncFirst", fileID: "App/Keys.swift", line: 7
    ) { r in
      _ = try await r[.asyncSecond]
      return Database()
    }
  }
  fileprivate static var asyncSecond: AsyncKey<Database> {
    AsyncKey(
      .singleton, name: "Keys.asyncSecond", fileID: "App/Keys.swift", line: 11
    ) {
      r in
      _ = try await r[.asyncHelper]
      return Database()
    }
  }
  fileprivate static var asyncHelper: AsyncKey<Database> {
    AsyncKey(
      name: "Keys.asyncHelper", fileID: "App/Keys.swift", line: 15
    ) { r in
      try await r[.asyncFirst]
    }
  }

  fileprivate static var ping: AsyncKey<Database> {
    AsyncKey(name: "Keys.ping", fileID: "App/Keys.swift", line: 17) {
      r in
      try await r[.pong]
    }
  }
  fileprivate static var pong: AsyncKey<Database> {
    AsyncKey(name: "Keys.pong", fileID: "App/Keys.swift", line: 18) {
      r in
      try await r[.ping]
    }
  }

  fileprivate static var taskA: AsyncKey<Database> {
    AsyncKey(
      .singleton, name: "Keys.taskA", fileID: "App/Keys.swift", line: 20
    ) { r in
      aStarted.open()
      await bStarted.wait()
      return try await r[.taskB]
    }
  }
  fileprivate static var taskB: AsyncKey<Database> {
    AsyncKey(
      .singleton, name: "Keys.taskB", fileID: "App/Keys.swift", line: 25
    ) { r in
      bStarted.open()
      await aStarted.wait()
      return try await r[.taskA]
    }
  }

  fileprivate static var mainFirst: MainActorKey<Presenter> {
    MainActorKey(
      .singleton, name: "Keys.mainFirst", fileID: "App/Keys.swift", line: 31
    ) { r in r[.mainSecond] }
  }
  fileprivate static var mainSecond: MainActorKey<Presenter> {
    MainActorKey(
      name: "Keys.mainSecond", fileID: "App/Keys.swift", line: 32
    ) { r in
      r[.mainFirst]
    }
  }

  // Factories that resolve through the ambient graph instead of their resolver.
  fileprivate static var ambientFirst: AsyncKey<Database> {
    AsyncKey(
      .singleton, name: "Keys.ambientFirst", fileID: "App/Keys.swift", line: 35
    ) {
      _ in
      try await ambientGraph()[.ambientSecond]
    }
  }
  fileprivate static var ambientSecond: AsyncKey<Database> {
    AsyncKey(
      .singleton, name: "Keys.ambientSecond", fileID: "App/Keys.swift", line: 38
    ) {
      _ in
      try await ambientGraph()[.ambientFirst]
    }
  }
}

private struct NoAmbientGraph: Error {}

private func ambientGraph() throws -> Graph {
  guard let graph = Graph.current else { throw NoAmbientGraph() }
  return graph
}

// For the cross-task cycle: each factory starts, waits for the other to start, then asks for it.
private let aStarted = AsyncGate()
private let bStarted = AsyncGate()

private let fix =
  "fix: resolve one of these keys with r.provider(…) instead of r[…] in the factory that needs it and call the provider after the factory returns, or split a type so the cycle disappears"

@Suite("Cycles among async and main-actor keys")
struct ConcurrencyCycleTests {
  @Test("async builds that wait for each other in one task are reported, not hung")
  func asyncCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try await Graph(modules: [])[.asyncFirst]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.asyncFirst (Database, App/Keys.swift:7)
        → Keys.asyncSecond (Database, App/Keys.swift:11)
        → Keys.asyncHelper (Database, App/Keys.swift:15)
        → Keys.asyncFirst
      \(fix)
      """)
  }

  @Test("async builds in two tasks that wait for each other are reported, not hung")
  func crossTaskCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = (Keys.taskA, Keys.taskB)  // create the keys in this order
      let graph = try Graph(modules: [])
      let other = Task { try await graph[.taskB] }
      _ = try await graph[.taskA]
      _ = try await other.value
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.taskA (Database, App/Keys.swift:20)
        → Keys.taskB (Database, App/Keys.swift:25)
        → Keys.taskA
      \(fix)
      """)
  }

  @Test("transient async keys that need each other are reported")
  func transientAsyncCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try await Graph(modules: [])[.ping]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.ping (Database, App/Keys.swift:17)
        → Keys.pong (Database, App/Keys.swift:18)
        → Keys.ping
      \(fix)
      """)
  }

  @Test("main-actor keys that need each other are reported")
  func mainActorCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      await MainActor.run { _ = graph[.mainFirst] }
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.mainFirst (Presenter, App/Keys.swift:31)
        → Keys.mainSecond (Presenter, App/Keys.swift:32)
        → Keys.mainFirst
      \(fix)
      """)
  }

  @Test("a cycle through factories that resolve from the ambient graph is reported too")
  func ambientCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      try await Graph.$current.withValue(graph) { _ = try await graph[.ambientFirst] }
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.ambientFirst (Database, App/Keys.swift:35)
        → Keys.ambientSecond (Database, App/Keys.swift:38)
        → Keys.ambientFirst
      \(fix)
      """)
  }
}
