import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static var singleton: Key<Instance> { Key<Instance>.required(.singleton) }
  fileprivate static var weak: Key<Instance> { Key<Instance>.required(.weak) }
  fileprivate static var scoped: Key<Instance> { Key<Instance>.required(.scoped(.flow)) }
  fileprivate static var dependent: Key<Instance> { Key<Instance>.required(.singleton) }
  fileprivate static var dependency: Key<Instance> { Key<Instance>.required(.singleton) }
}

// For the cross-thread cycle: each factory starts, waits for the other to start, then asks for it.
private let aStarted = DispatchSemaphore(value: 0)
private let bStarted = DispatchSemaphore(value: 0)

extension Keys {
  fileprivate static var threadA: Key<Instance> {
    Key(
      .singleton, name: "Keys.threadA", fileID: "App/Keys.swift", line: 18
    ) { r in
      aStarted.signal()
      bStarted.wait()
      _ = r[.threadB]
      return Instance()
    }
  }
  fileprivate static var threadB: Key<Instance> {
    Key(
      .singleton, name: "Keys.threadB", fileID: "App/Keys.swift", line: 24
    ) { r in
      bStarted.signal()
      aStarted.wait()
      _ = r[.threadA]
      return Instance()
    }
  }
}

/// Counts a factory's call and takes a moment, so that other threads arrive while the factory runs.
private func slowlyBuild(_ counter: Counter) -> Instance {
  let number = counter.increment()
  Thread.sleep(forTimeInterval: 0.005)
  return Instance(number: number)
}

@Suite("Concurrent resolution")
struct ConcurrencyTests {
  @Test("a singleton is built exactly once when 16 threads ask at the same time")
  func singletonOnce() throws {
    let built = Counter()
    let graph = try Graph(modules: [TestModule { $0.bind(.singleton) { _ in slowlyBuild(built) } }])
    let identities = Identities()
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      for _ in 0..<1_000 { identities.insert(graph[.singleton]) }
    }
    #expect(built.value == 1)
    #expect(identities.count == 1)
  }

  @Test("a scoped instance is built exactly once per flow under contention")
  func scopedOnce() throws {
    let built = Counter()
    let graph = try Graph(modules: [TestModule { $0.bind(.scoped) { _ in slowlyBuild(built) } }])
    let flows = [graph.child(scope: .flow), graph.child(scope: .flow)]
    let identities = Identities()
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      for _ in 0..<1_000 { identities.insert(flows[index % 2][.scoped]) }
    }
    #expect(built.value == 2)
    #expect(identities.count == 2)
  }

  @Test("a weak instance held by someone is shared by every thread, and freed when released")
  func weakShared() throws {
    let built = Counter()
    let graph = try Graph(modules: [TestModule { $0.bind(.weak) { _ in slowlyBuild(built) } }])
    var held: Instance? = graph[.weak]
    do {
      let identities = Identities()
      DispatchQueue.concurrentPerform(iterations: 16) { _ in
        for _ in 0..<200 { identities.insert(graph[.weak]) }
      }
      #expect(built.value == 1)
      #expect(identities.count == 1)
    }
    weak var released: Instance?
    released = held
    held = nil
    #expect(released == nil)
  }

  @Test("A needs B while another thread builds B first: no deadlock")
  func oneDirection() throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.dependency) { _ in slowlyBuild(built) }
        b.bind(.dependent) { r in Instance(number: r[.dependency].number + 100) }
      }
    ])
    let results = Identities()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      results.insert(index.isMultiple(of: 2) ? graph[.dependency] : graph[.dependent])
    }
    #expect(built.value == 1)
    #expect(graph[.dependent].number == 101)
    #expect(results.count == 2)
  }

  @Test(
    "while one thread builds a shared instance, other threads resolve other shared instances",
    arguments: [Lifetime<Instance>.singleton, .scoped(.flow), .weak])
  func noGlobalLock(lifetime: Lifetime<Instance>) throws {
    // The holding factory cannot finish until this thread has resolved three other shared instances,
    // or 10 seconds have passed: each of them would wait out those 10 seconds if building a shared
    // instance took a lock that other shared instances share.
    let holdingStarted = DispatchSemaphore(value: 0)
    let othersResolved = DispatchSemaphore(value: 0)
    let outcome = Locked<DispatchTimeoutResult?>(nil)
    let holding = Key<Instance>.required(lifetime)
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(holding) { _ in
          holdingStarted.signal()
          let result = othersResolved.wait(timeout: .now() + 10)
          outcome.withLock { $0 = result }
          return Instance()
        }
        b.bind(.singleton) { _ in Instance(number: 1) }
        b.bind(.scoped) { _ in Instance(number: 2) }
        b.bind(.weak) { _ in Instance(number: 3) }
      }
    ])
    let flow = graph.child(scope: .flow)
    let done = DispatchSemaphore(value: 0)
    Thread {
      _ = flow[holding]
      done.signal()
    }.start()
    holdingStarted.wait()
    let others = (flow[.singleton], flow[.scoped], flow[.weak])
    othersResolved.signal()
    done.wait()
    #expect(outcome.withLock { $0 } == DispatchTimeoutResult.success)
    #expect([others.0.number, others.1.number, others.2.number] == [Int](1...3))
  }

  @Test("a true cycle between singletons built on two threads is reported, not hung")
  func crossThreadCycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = (Keys.threadA, Keys.threadB)  // create the keys in this order
      let graph = try Graph(modules: [])
      let other = Thread { _ = graph[.threadB] }
      other.start()
      _ = graph[.threadA]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle between shared instances built on different threads
        Keys.threadA (Instance, App/Keys.swift:18)
        → Keys.threadB (Instance, App/Keys.swift:24)
        → Keys.threadA
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }
}

/// The distinct instances seen, from any thread.
private final class Identities: @unchecked Sendable {
  // @unchecked: `seen` is only accessed under `lock`.
  private let lock = NSLock()
  private var seen: Set<ObjectIdentifier> = []
  private var instances: [Instance] = []

  var count: Int { lock.withLock { seen.count } }

  func insert(_ instance: Instance) {
    lock.withLock {
      if seen.insert(ObjectIdentifier(instance)).inserted { instances.append(instance) }
    }
  }
}
