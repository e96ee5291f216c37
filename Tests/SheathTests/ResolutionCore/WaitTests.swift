import Foundation
import Sheath
import Testing

// Threads that wait for each other's builds: reported as a cycle where the coordinator can see the
// waits, stopped with a message after SHEATH_BUILD_WAIT_LIMIT seconds where it cannot, and never a
// silent hang.

private let captured = Locked<Graph?>(nil)
private let capturedLazy = Locked<Lazy<Instance>?>(nil)

private func value<Value>(of box: Locked<Value?>) -> Value {
  guard let value = box.withLock({ $0 }) else { fatalError("set before resolving") }
  return value
}

private let singletonStarted = DispatchSemaphore(value: 0)
private let targetStarted = DispatchSemaphore(value: 0)
private let mainWaiting = DispatchSemaphore(value: 0)

private func key(
  _ name: String, line: Int, _ lifetime: Lifetime<Instance> = .transient, _ body: @escaping @Sendable () -> Void
) -> Key<Instance> {
  Key(lifetime, name: "Keys.\(name)", fileID: "App/Keys.swift", line: UInt(line)) { _ in
    body()
    return Instance()
  }
}

extension Keys {
  // A singleton and a lazy value that need each other, resolved on two threads.
  fileprivate static var crossSingleton: Key<Instance> {
    key("crossSingleton", line: 21, .singleton) {
      singletonStarted.signal()
      targetStarted.wait()
      _ = value(of: capturedLazy).value
    }
  }
  fileprivate static var crossTarget: Key<Instance> {
    key("crossTarget", line: 22) {
      targetStarted.signal()
      _ = value(of: captured)[.crossSingleton]
    }
  }

  // A singleton whose factory waits for a thread that asks for the same singleton.
  fileprivate static var selfWaiting: Key<Instance> {
    key("selfWaiting", line: 23, .singleton) {
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = value(of: captured)[.selfWaiting]
        done.signal()
      }.start()
      done.wait()
    }
  }

  // A transient whose factory needs a singleton that waits for a thread asking for that singleton.
  fileprivate static var nestedHolder: Key<Instance> {
    key("nestedHolder", line: 26) { _ = value(of: captured)[.nestedWaiting] }
  }
  fileprivate static var nestedWaiting: Key<Instance> {
    key("nestedWaiting", line: 27, .singleton) {
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = value(of: captured)[.nestedWaiting]
        done.signal()
      }.start()
      done.wait()
    }
  }

  // A singleton whose factory needs the main thread while the main thread waits for it.
  fileprivate static var mainSyncing: Key<Instance> {
    key("mainSyncing", line: 24, .singleton) {
      singletonStarted.signal()
      mainWaiting.wait()  // until the main thread is inside its resolution: it cannot drain its queue now
      DispatchQueue.main.sync {}
    }
  }

  // A singleton that takes a moment to build.
  fileprivate static var slowSingleton: Key<Instance> {
    key("slowSingleton", line: 25, .singleton) {
      singletonStarted.signal()
      Thread.sleep(forTimeInterval: 0.3)
    }
  }
}

private let timeoutFix =
  "fix: the factory of Keys.%@ is probably waiting for this thread (DispatchQueue.main.sync, a semaphore, a lock) while this thread waits for it; a factory must not wait for work that resolves from its graph: resolve what that work needs first, or make Keys.%@ an AsyncKey (SHEATH_BUILD_WAIT_LIMIT=seconds waits longer)"

@Suite("Waiting for builds on other threads")
struct WaitTests {
  @Test("a singleton and a lazy value that need each other on two threads are a cycle, not a hang")
  func lazyAndSingletonAcrossThreads() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      capturedLazy.withLock { $0 = graph.lazy(.crossTarget) }
      Thread { _ = graph[.crossSingleton] }.start()
      singletonStarted.wait()
      _ = value(of: capturedLazy).value
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle between shared instances built on different threads
        Keys.crossSingleton (Instance, App/Keys.swift:21)
        → Keys.crossTarget (Instance, App/Keys.swift:22)
        → Keys.crossSingleton
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }

  @Test("a factory that waits for a thread resolving its own key stops after the wait limit")
  func factoryWaitsForItsWaiter() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "1", 1)
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      _ = graph[.selfWaiting]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: waited 1 s for Keys.selfWaiting, which another thread is still building
        Keys.selfWaiting (Instance, App/Keys.swift:23)
        building: Keys.selfWaiting
        waiting: Keys.selfWaiting
      \(String(format: timeoutFix, "selfWaiting", "selfWaiting"))
      """)
  }

  @Test("the stop after the wait limit names the path on which the builder claimed the build")
  func builderPathIsRecorded() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "1", 1)
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      _ = graph[.nestedHolder]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: waited 1 s for Keys.nestedWaiting, which another thread is still building
        Keys.nestedWaiting (Instance, App/Keys.swift:27)
        building: Keys.nestedHolder → Keys.nestedWaiting
        waiting: Keys.nestedWaiting
      \(String(format: timeoutFix, "nestedWaiting", "nestedWaiting"))
      """)
  }

  @Test("a factory that needs the main thread while the main thread waits for it stops after the wait limit")
  func mainQueueSync() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "1", 1)
      let graph = try Graph(modules: [])
      Thread { _ = graph[.mainSyncing] }.start()
      singletonStarted.wait()
      await MainActor.run {
        mainWaiting.signal()
        _ = graph[.mainSyncing]
      }
    }
    expectText(
      trapMessage(result),
      """
      Sheath: waited 1 s for Keys.mainSyncing, which another thread is still building
        Keys.mainSyncing (Instance, App/Keys.swift:24)
        building: Keys.mainSyncing
        waiting: Keys.mainSyncing
      \(String(format: timeoutFix, "mainSyncing", "mainSyncing"))
      """)
  }

  @Test("a task that blocks waiting for another thread's build is told once, and the build goes on")
  func taskBlocked() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "5", 1)
      let graph = try Graph(modules: [])
      Thread { _ = graph[.slowSingleton] }.start()
      singletonStarted.wait()
      let first = await Task { graph[.slowSingleton] }.value
      let second = await Task { graph[.slowSingleton] }.value
      guard first === second else { exit(1) }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    expectText(
      text.replacing(#/blocked for \d+ ms/#, with: "blocked for N ms"),
      """
      Sheath: warning: a Swift task blocked for N ms waiting for another thread to build Keys.slowSingleton
        Keys.slowSingleton (Instance, App/Keys.swift:25)
        a task that blocks holds one of the few threads of Swift's cooperative pool, so other tasks wait too
      fix: make Keys.slowSingleton an AsyncKey, whose waiters suspend instead of blocking, or resolve it before the tasks start

      """)
  }

  @Test("a limit below 100 ms is reported as set")
  func smallLimit() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "0.05", 1)
      let graph = try Graph(modules: [])
      captured.withLock { $0 = graph }
      _ = graph[.selfWaiting]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: waited 0.05 s for Keys.selfWaiting, which another thread is still building
        Keys.selfWaiting (Instance, App/Keys.swift:23)
        building: Keys.selfWaiting
        waiting: Keys.selfWaiting
      \(String(format: timeoutFix, "selfWaiting", "selfWaiting"))
      """)
  }

  @Test(
    "the wait limit is 60 seconds unless SHEATH_BUILD_WAIT_LIMIT sets a positive number of seconds",
    arguments: [
      (nil, 60.0), ("", 60), ("5", 5), ("0.5", 0.5), ("0.01", 0.01), ("120.", 120), (".5", 0.5),
      ("0", 60), ("-1", 60), ("abc", 60), (" 2", 60), ("2s", 60), ("1e3", 60), ("0x10", 60), ("inf", 60),
      ("nan", 60), ("+2", 60), ("1.2.3", 60),
    ] as [(String?, Double)])
  func waitLimit(value: String?, seconds: Double) {
    let environment = value.map { ["SHEATH_BUILD_WAIT_LIMIT": $0] } ?? [:]
    #expect(BuildWaits.limit(environment: environment) == seconds)
  }

  @Test("a positive number of seconds, an empty value or none at all is no warning", arguments: [nil, "", "5", "0.5"])
  func goodWaitLimit(value: String?) {
    let environment = value.map { ["SHEATH_BUILD_WAIT_LIMIT": $0] } ?? [:]
    #expect(BuildWaits.limitWarning(environment: environment) == nil)
  }

  @Test(
    "a wait limit that is not a positive number of seconds is a warning that shows it",
    arguments: [
      ("abc", "abc"), ("0", "0"), ("-1", "-1"), (" 2", " 2"), ("2s", "2s"), ("1e3", "1e3"),
      ("it's\n", #"it\'s\n"#),
    ])
  func badWaitLimit(value: String, shown: String) {
    expectText(
      BuildWaits.limitWarning(environment: ["SHEATH_BUILD_WAIT_LIMIT": value]) ?? "no warning",
      """
      Sheath: warning: SHEATH_BUILD_WAIT_LIMIT is '\(shown)', which is not a positive number of seconds, so waits for a build stop after the default 60 s
      fix: set SHEATH_BUILD_WAIT_LIMIT to a number of seconds greater than 0 in decimal digits, such as 120 or 0.5, or unset it
      """)
  }

  @Test(
    "a waiting thread looks again every 100 ms, and at the limit when that comes first",
    arguments: [(0, 60, 0.1), (59.95, 60, 0.05), (0, 0.01, 0.01), (0.2, 0.15, 0)] as [(Double, Double, Double)])
  func nextCheck(waited: Double, limit: Double, sleep: Double) {
    #expect(abs(BuildWaits.nextCheck(waited: waited, limit: limit) - sleep) < 1e-9)
  }

  @Test("a task is told it blocked once it has waited 100 ms")
  func taskWarning() {
    #expect(BuildWaits.taskWarning == 0.1)
  }
}
