import Foundation
import Sheath
import Testing

/// A stand-in for something opened asynchronously.
final class Database: Sendable {
  let name: String
  let number: Int
  init(name: String = "live", number: Int = 0) {
    self.name = name
    self.number = number
  }
}

struct OpenFailed: Error, Equatable {}

extension Keys {
  fileprivate static var path: Key<String> { Key<String> { _ in "/tmp/app.db" } }
  fileprivate static var database: AsyncKey<Database> {
    AsyncKey<Database>(.singleton) { r in Database(name: r[.path]) }
  }
  fileprivate static var report: AsyncKey<String> {
    AsyncKey<String> { r in
      let database = try await r[.database]
      return "\(database.name) via \(r[.path])"
    }
  }
  fileprivate static var slow: AsyncKey<Database> { AsyncKey<Database>(.singleton) { _ in Database() } }
  fileprivate static var flowDatabase: AsyncKey<Database> {
    AsyncKey<Database>(
      .scoped(.flow), name: "Keys.flowDatabase", fileID: "App/Keys.swift", line: 25
    ) { _ in
      Database(name: "flow")
    }
  }
  fileprivate static var weakDatabase: AsyncKey<Database> { AsyncKey<Database>(.weak) { _ in Database(name: "weak") } }
  fileprivate static var weakNumber: AsyncKey<Int> {
    AsyncKey<Int>(.weak, name: "Keys.weakNumber", fileID: "App/Keys.swift", line: 27) { _ in 7 }
  }
  fileprivate static var transient: AsyncKey<Database> {
    AsyncKey<Database> { _ in
      try Task.checkCancellation()
      return Database()
    }
  }
  fileprivate static var usesProvider: AsyncKey<AsyncProvider<Database>> {
    AsyncKey<AsyncProvider<Database>> { r in r.provider(.transient) }
  }
  fileprivate static var weakHolder: AsyncKey<Holder> {
    AsyncKey<Holder>(.weak) { r in Holder(makeDatabase: r.provider(.transient)) }
  }
}

/// Holds a provider, and so the resolver that built it.
private final class Holder: Sendable {
  let makeDatabase: AsyncProvider<Database>
  init(makeDatabase: AsyncProvider<Database>) { self.makeDatabase = makeDatabase }
}

@Suite("Async keys")
struct AsyncKeyTests {
  @Test("an async key resolves with try await, and its factory resolves sync keys without await")
  func resolves() async throws {
    let graph = try Graph(modules: [])
    #expect(try await graph[.report] == "/tmp/app.db via /tmp/app.db")
    #expect(try await graph[.database] === graph[.database])
  }

  @Test("transient: a new value each time, built in the caller's task")
  func transient() async throws {
    let graph = try Graph(modules: [])
    #expect(try await graph[.transient] !== graph[.transient])
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await graph[.transient]
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  @Test("scoped: one instance per flow; weak: shared while held")
  func scopedAndWeak() async throws {
    let graph = try Graph(modules: [])
    let flowA = graph.child(scope: .flow)
    let flowB = graph.child(scope: .flow)
    #expect(try await flowA[.flowDatabase] === flowA[.flowDatabase])
    #expect(try await flowA[.flowDatabase] !== flowB[.flowDatabase])

    var held: Database? = try await graph[.weakDatabase]
    weak var released: Database?
    released = held
    #expect(try await graph[.weakDatabase] === held)
    held = nil
    #expect(await eventually { released == nil })
    let next = try await graph[.weakDatabase]
    #expect(try await graph[.weakDatabase] === next)
  }

  @Test("modules bind, override, and bind to a value")
  func bindings() async throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.database, .transient) { _ in Database(name: "bound") }
        b.bind(.report, to: "fixed")
      }
    ])
    #expect(try await graph[.database].name == "bound")
    #expect(try await graph[.database] !== graph[.database])
    #expect(try await graph[.report] == "fixed")
    let child = try graph.child(modules: [
      TestModule { b in
        b.override(.database) { _ in Database(name: "child") }
        b.override(.report, to: "overridden")
      }
    ])
    #expect(try await child[.database].name == "child")
    #expect(try await child[.report] == "overridden")
  }

  @Test("an async provider resolves each time it is called")
  func provider() async throws {
    let graph = try Graph(modules: [])
    let provider = try await graph[.usesProvider]
    #expect(try await provider() !== provider())
    #expect(try await graph.provider(.database)() === graph[.database])
  }

  @Test("a weak instance that holds a provider is freed when released: the build does not keep it")
  func weakHolderFreed() async throws {
    let graph = try Graph(modules: [])
    weak var released: Holder?
    do {
      let holder = try await graph[.weakHolder]
      released = holder
      #expect(try await holder.makeDatabase().name == "live")
    }
    #expect(await eventually { released == nil })
  }

  @Test(
    "verify() reads async, main-actor and assisted keys from any thread, skipping none; closure bindings are unchecked")
  func verifyReadsEveryKind() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.database) { _ in Database() }
        b.bind(.presenterForVerify) { _ in Presenter(data: DataController(api: LiveAPIClient())) }
        b.bind(.screenForVerify) { _, view in
          ScreenModel(view: view, presenter: Presenter(data: DataController(api: LiveAPIClient())))
        }
      }
    ])
    let report = try graph.verify()
    #expect(report.verifiedKeys == ["Keys.database", "Keys.presenterForVerify", "Keys.screenForVerify"])
    #expect(
      report.unchecked == [
        "Keys.database: its factory resolves through a resolver, so what it needs is unchecked; declare its dependencies (Key(.transient, .a, .b) { a, b in … })",
        "Keys.presenterForVerify: its factory resolves through a resolver, so what it needs is unchecked; declare its dependencies (Key(.transient, .a, .b) { a, b in … })",
        "Keys.screenForVerify: its factory resolves through a resolver, so what it needs is unchecked; declare its dependencies (Key(.transient, .a, .b) { a, b in … })",
      ])
  }

  @Test("a singleton's factory runs once when 16 tasks ask at the same time, and all get the same instance")
  func singletonOnceUnderContention() async throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.slow) { _ in
          let number = built.increment()
          try await Task.sleep(nanoseconds: 20_000_000)
          return Database(number: number)
        }
      }
    ])
    let seen = ObjectSet()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask {
          for _ in 0..<100 { seen.insert(try await graph[.slow]) }
        }
      }
      try await group.waitForAll()
    }
    #expect(built.value == 1)
    #expect(seen.count == 1)
  }

  @Test("a scoped key's factory runs once per flow under contention")
  func scopedOnceUnderContention() async throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.flowDatabase) { _ in
          built.increment()
          try await Task.sleep(nanoseconds: 10_000_000)
          return Database(name: "flow")
        }
      }
    ])
    let flows = [graph.child(scope: .flow), graph.child(scope: .flow)]
    let seen = ObjectSet()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<16 {
        group.addTask {
          for _ in 0..<50 { seen.insert(try await flows[index % 2][.flowDatabase]) }
        }
      }
      try await group.waitForAll()
    }
    #expect(built.value == 2)
    #expect(seen.count == 2)
  }

  @Test("a failed build reaches every waiter and is not cached: the next resolution runs the factory again")
  func failureNotCached() async throws {
    let attempts = Counter()
    let started = AsyncGate()
    let release = AsyncGate()
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.slow) { _ in
          let attempt = attempts.increment()
          started.open()
          await release.wait()
          if attempt == 1 { throw OpenFailed() }
          return Database(number: attempt)
        }
      }
    ])
    let waiters = (0..<8).map { _ in Task { try await graph[.slow] } }
    await started.wait()
    // Every waiter has joined the build in flight before it fails.
    while graph.asyncWaiterCount(Keys.slow) < 8 { await Task.yield() }
    release.open()
    for waiter in waiters {
      await #expect(throws: OpenFailed.self) { try await waiter.value }
    }
    #expect(attempts.value == 1)

    let retried = try await graph[.slow]
    #expect(retried.number == 2)
    #expect(try await graph[.slow] === retried)
    #expect(attempts.value == 2)
  }

  @Test("a cancelled waiter stops waiting at once; the build goes on for the others and is kept")
  func waiterCancellation() async throws {
    let built = Counter()
    let started = AsyncGate()
    let release = AsyncGate()
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.slow) { _ in
          let number = built.increment()
          started.open()
          await release.wait()
          return Database(number: number)
        }
      }
    ])
    // The first task starts the build; cancelling it must not cancel the build.
    let first = Task { try await graph[.slow] }
    await started.wait()
    let second = Task { try await graph[.slow] }
    first.cancel()
    await #expect(throws: CancellationError.self) { try await first.value }

    // A task cancelled before it asks does not wait either.
    let cancelledEarly = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await graph[.slow]
    }
    await #expect(throws: CancellationError.self) { try await cancelledEarly.value }

    release.open()
    let instance = try await second.value
    #expect(try await graph[.slow] === instance)
    #expect(built.value == 1)
  }

  @Test("a weak key whose factory returns a value type is reported")
  func weakValueType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try await Graph(modules: [])[.weakNumber]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.weakNumber has a .weak lifetime, but its factory returned a value of type Int, which is not a class instance
        Keys.weakNumber (Int, App/Keys.swift:27)
      fix: return a class instance, or use .transient or .singleton for a value type
      """)
  }

  @Test("a scoped async key resolved where no graph opens its scope is reported with the scope to open")
  func scopeNotOpen() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try await Graph(modules: [])[.flowDatabase]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.flowDatabase is scoped to .flow, but no graph from here to the root opens .flow
        Keys.flowDatabase (Database, App/Keys.swift:25)
      fix: resolve it from a graph made with graph.child(scope: .flow), or give it a lifetime that needs no scope
      """)
  }
}
