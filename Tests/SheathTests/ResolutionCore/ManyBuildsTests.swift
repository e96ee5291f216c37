import Foundation
import Sheath
import Testing

// Many builds in progress at once in one family of graphs: the coordinator records each, finds the
// one a waiter asks for, and removes each as it finishes, in whatever order.

private let buildCount = 12
private let arrived = Locked(0)
private let builtTimes = Locked([Int](repeating: 0, count: buildCount))

/// Waits until every build has started, so that all of them are in progress at once.
private func arriveAndWaitForAll() {
  arrived.withLock { $0 += 1 }
  let deadline = Date().addingTimeInterval(20)
  while arrived.withLock({ $0 }) < buildCount, Date() < deadline { usleep(1_000) }
}

private let manyKeys: [Key<Instance>] = (0..<buildCount).map { index in
  Key(.singleton, name: "Keys.many\(index)") {
    builtTimes.withLock { $0[index] += 1 }
    arriveAndWaitForAll()
    // Finish in a different order from the start's.
    usleep(UInt32((buildCount - index) * 2_000))
    return Instance()
  }
}

@Suite("Many builds in progress at once")
struct ManyBuildsTests {
  @Test("twelve shared instances built at once, each also asked for by a second thread, are each built once")
  func twelveAtOnce() throws {
    let graph = try Graph(modules: [])
    let results = Locked([[ObjectIdentifier]](repeating: [], count: buildCount))
    let done = DispatchGroup()
    for index in 0..<buildCount {
      for _ in 0..<2 {
        done.enter()
        Thread {
          let instance = graph[manyKeys[index]]
          results.withLock { $0[index].append(ObjectIdentifier(instance)) }
          done.leave()
        }.start()
      }
    }
    #expect(done.wait(timeout: .now() + 60) == .success, "the builds finished")
    #expect(arrived.withLock { $0 } == buildCount, "every build was in progress at once")
    #expect(builtTimes.withLock { $0 } == Array(repeating: 1, count: buildCount))
    for (index, identities) in results.withLock({ $0 }).enumerated() {
      #expect(identities.count == 2 && identities[0] == identities[1], "Keys.many\(index): one instance")
      #expect(identities.first == ObjectIdentifier(graph[manyKeys[index]]))
    }
  }
}
