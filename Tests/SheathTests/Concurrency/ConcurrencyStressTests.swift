import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static var singleton: Key<Instance> { Key<Instance>.required(.singleton) }
  fileprivate static var weak: Key<Instance> { Key<Instance>.required(.weak) }
  fileprivate static var scoped: Key<Instance> { Key<Instance>.required(.scoped(.flow)) }
  fileprivate static var transient: Key<Instance> { Key<Instance>.required() }
  fileprivate static var asyncSingleton: AsyncKey<Database> { AsyncKey<Database>(.singleton) { _ in Database() } }
  fileprivate static var asyncScoped: AsyncKey<Database> { AsyncKey<Database>(.scoped(.flow)) { _ in Database() } }
  fileprivate static var asyncWeak: AsyncKey<Database> { AsyncKey<Database>(.weak) { _ in Database() } }
  fileprivate static var asyncTransient: AsyncKey<Database> { AsyncKey<Database> { _ in Database() } }
}

/// How many resolutions each thread or task makes; `SHEATH_STRESS_ITERATIONS` overrides it (a run under
/// the thread sanitizer is some ten times slower).
private let iterations = ProcessInfo.processInfo.environment["SHEATH_STRESS_ITERATIONS"].flatMap(Int.init) ?? 20_000
private let workers = 16

/// Counts each factory's calls; the factories take a moment, so that other workers arrive meanwhile.
private final class Factories: Sendable {
  let singleton = Counter()
  let weak = Counter()
  let scoped = Counter()
  let asyncSingleton = Counter()
  let asyncScoped = Counter()
  let asyncWeak = Counter()

  var module: TestModule {
    TestModule { b in
      b.bind(.singleton) { _ in self.slowly(self.singleton) }
      b.bind(.weak) { _ in self.slowly(self.weak) }
      b.bind(.scoped) { _ in self.slowly(self.scoped) }
      b.bind(.transient) { _ in Instance() }
      b.override(.asyncSingleton) { _ in try await self.slowlyAsync(self.asyncSingleton) }
      b.override(.asyncScoped) { _ in try await self.slowlyAsync(self.asyncScoped) }
      b.override(.asyncWeak) { _ in try await self.slowlyAsync(self.asyncWeak) }
    }
  }

  private func slowly(_ counter: Counter) -> Instance {
    let number = counter.increment()
    Thread.sleep(forTimeInterval: 0.005)
    return Instance(number: number)
  }

  private func slowlyAsync(_ counter: Counter) async throws -> Database {
    let number = counter.increment()
    try await Task.sleep(nanoseconds: 5_000_000)
    return Database(number: number)
  }
}

@Suite("Concurrency stress", .serialized)
struct ConcurrencyStressTests {
  @Test("16 threads resolving singleton, weak, scoped and transient keys: shared factories run once")
  func syncKeys() async throws {
    let factories = Factories()
    let graph = try Graph(modules: [factories.module])
    let flows = [graph.child(scope: .flow), graph.child(scope: .flow)]
    weak var releasedWeak: Instance?
    do {
      let held = graph[.weak]
      releasedWeak = held
      // The workers compare identities: a closure that held the instance could outlive this scope.
      let heldID = ObjectIdentifier(held)
      let seen = ObjectSet()
      let start = ContinuousClock.now
      await onThreads { worker in
        let flow = flows[worker % 2]
        var shared: [Instance] = []
        for _ in 0..<iterations {
          shared = [flow[.singleton], flow[.scoped]]
          precondition(ObjectIdentifier(flow[.weak]) == heldID)
          _ = flow[.transient]
        }
        for instance in shared { seen.insert(instance) }
      }
      report("sync", resolves: workers * iterations * 4, since: start)
      #expect(graph[.weak] === held)  // and `held` lives until here
      #expect(seen.count == 3)  // the singleton, one per flow
    }
    #expect(factories.singleton.value == 1)
    #expect(factories.scoped.value == 2)
    #expect(factories.weak.value == 1)
    #expect(releasedWeak == nil)
  }

  @Test("16 tasks resolving async singleton, scoped, weak and transient keys: shared factories run once")
  func asyncKeys() async throws {
    let factories = Factories()
    let graph = try Graph(modules: [factories.module])
    let flows = [graph.child(scope: .flow), graph.child(scope: .flow)]
    weak var releasedWeak: Database?
    let asyncIterations = iterations / 4
    let start = ContinuousClock.now
    do {
      let held = try await graph[.asyncWeak]
      releasedWeak = held
      let heldID = ObjectIdentifier(held)
      let seen = ObjectSet()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<workers {
          group.addTask {
            let flow = flows[worker % 2]
            for _ in 0..<asyncIterations {
              seen.insert(try await flow[.asyncSingleton])
              seen.insert(try await flow[.asyncScoped])
              let weak = try await flow[.asyncWeak]
              precondition(ObjectIdentifier(weak) == heldID)
              _ = try await flow[.asyncTransient]
            }
          }
        }
        try await group.waitForAll()
      }
      report("async", resolves: workers * asyncIterations * 4, since: start)
      #expect(try await graph[.asyncWeak] === held)  // and `held` lives until here
      #expect(seen.count == 3)  // the singleton, one per flow
    }
    #expect(factories.asyncSingleton.value == 1)
    #expect(factories.asyncScoped.value == 2)
    #expect(factories.asyncWeak.value == 1)
    #expect(await eventually { releasedWeak == nil })
  }

  /// Runs `body` on `workers` threads at once, and waits off the cooperative pool (which has a thread
  /// per core: blocking it would stall every other async test meanwhile).
  private func onThreads(_ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: workers, execute: body)
        continuation.resume()
      }
    }
  }

  private func report(_ kind: String, resolves: Int, since start: ContinuousClock.Instant) {
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = Double(resolves) / max(seconds, 1e-9)
    print(
      "Sheath stress (\(kind)): \(workers) workers, \(resolves) resolves in \(String(format: "%.3f", seconds)) s"
        + " = \(String(format: "%.2f", rate / 1e6)) M resolves/s")
  }
}
