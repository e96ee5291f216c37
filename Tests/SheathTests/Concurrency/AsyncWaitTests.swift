import Foundation
import Sheath
import Testing

// Tasks that wait for an async build another task started: stopped with a message after
// SHEATH_BUILD_WAIT_LIMIT seconds where Sheath cannot follow the wait, as threads are; never a
// silent hang. The task that starts a build waits for its own factory as long as it takes.

private let captured = Locked<Graph?>(nil)

private func capturedGraph() -> Graph {
  guard let graph = captured.withLock({ $0 }) else { fatalError("set before resolving") }
  return graph
}

private let firstStarted = AsyncGate()
private let firstRelease = AsyncGate()
private let secondStarted = AsyncGate()
private let secondRelease = AsyncGate()

extension Keys {
  // A singleton whose factory awaits its own key from a detached task, which the trail of async keys
  // does not reach.
  fileprivate static var detachedSelf: AsyncKey<Database> {
    AsyncKey(
      .singleton, name: "Keys.detachedSelf", fileID: "App/Keys.swift", line: 41
    ) { _ in
      try await Task.detached { try await capturedGraph()[.detachedSelf] }.value
    }
  }
  fileprivate static var detachedOuter: AsyncKey<Database> {
    AsyncKey(
      name: "Keys.detachedOuter", fileID: "App/Keys.swift", line: 44
    ) { r in
      try await r[.detachedSelf]
    }
  }

  // Singletons that build when they are let.
  fileprivate static var firstGated: AsyncKey<Database> {
    AsyncKey(.singleton) { _ in
      firstStarted.open()
      await firstRelease.wait()
      return Database()
    }
  }
  fileprivate static var secondGated: AsyncKey<Database> {
    AsyncKey(.singleton) { _ in
      secondStarted.open()
      await secondRelease.wait()
      return Database()
    }
  }

  // A singleton that takes longer than the limits below.
  fileprivate static var slowAsync: AsyncKey<Database> {
    AsyncKey(.singleton) { _ in
      try await Task.sleep(nanoseconds: 300_000_000)
      return Database()
    }
  }
}

/// Resolves `key`, which `started` says has begun building, in a second task; lets the build finish
/// once that task waits for it, and returns whether both got the same instance.
private func contested(
  _ key: AsyncKey<Database>, in graph: Graph, started: AsyncGate, release: AsyncGate
) async throws -> Bool {
  let first = Task { try await graph[key] }
  await started.wait()
  let second = Task { try await graph[key] }
  while graph.asyncWaiterCount(key) < 2 { await Task.yield() }
  release.open()
  return try await first.value === second.value
}

@Suite("Waiting for async builds in other tasks")
struct AsyncWaitTests {
  @Test("a factory that awaits its own key from a detached task stops after the wait limit")
  func detachedSelfWait() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "1", 1)
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      _ = try await graph[.detachedOuter]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: waited 1 s for Keys.detachedSelf, which another task is still building
        Keys.detachedSelf (Database, App/Keys.swift:41)
        building: Keys.detachedOuter → Keys.detachedSelf
        waiting: Keys.detachedSelf
      fix: the factory of Keys.detachedSelf is probably waiting for work that waits for Keys.detachedSelf where Sheath cannot follow it, such as a Task.detached that resolves it; do not await the key's own build from a detached task: resolve what that work needs first and pass it in, or resolve Keys.detachedSelf later with r.provider(…) (SHEATH_BUILD_WAIT_LIMIT=seconds waits longer)
      """)
  }

  @Test("the task that starts a build waits for it however long it takes")
  func starterIsNotTimed() async {
    await #expect(processExitsWith: .success) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "0.05", 1)
      let graph = try Graph(modules: [])
      let instance = try await graph[.slowAsync]
      guard try await graph[.slowAsync] === instance else { exit(1) }
    }
  }

  @Test("a waiter cancelled before the limit is not waiting any more when the limit passes")
  func cancelledWaiterIsNotTimed() async {
    await #expect(processExitsWith: .success) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "0.05", 1)
      let graph = try Graph(modules: [])
      let first = Task { try await graph[.firstGated] }
      await firstStarted.wait()
      let second = Task { try await graph[.firstGated] }
      while graph.asyncWaiterCount(Keys.firstGated) < 2 { await Task.yield() }
      second.cancel()
      guard case .failure(let error) = await second.result, error is CancellationError else { exit(1) }
      try await Task.sleep(nanoseconds: 200_000_000)  // past the limit: nothing may stop now
      firstRelease.open()
      _ = try await first.value
    }
  }

  @Test("a bad SHEATH_BUILD_WAIT_LIMIT is a warning printed once, and the default limit applies")
  func badLimitWarnsOnce() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "2s", 1)
      let graph = try Graph(modules: [])
      guard try await contested(.firstGated, in: graph, started: firstStarted, release: firstRelease),
        try await contested(.secondGated, in: graph, started: secondStarted, release: secondRelease)
      else { exit(1) }
    }
    expectText(
      String(decoding: result?.standardErrorContent ?? [], as: UTF8.self),
      """
      Sheath: warning: SHEATH_BUILD_WAIT_LIMIT is '2s', which is not a positive number of seconds, so waits for a build stop after the default 60 s
      fix: set SHEATH_BUILD_WAIT_LIMIT to a number of seconds greater than 0 in decimal digits, such as 120 or 0.5, or unset it

      """)
  }
}
