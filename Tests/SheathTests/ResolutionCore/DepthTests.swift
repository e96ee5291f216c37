import Foundation
import Sheath
import Testing

/// One link of a long chain.
private final class Node: Sendable {
  let next: Node?
  init(next: Node?) { self.next = next }

  var length: Int {
    var count = 1
    var node = self
    while let next = node.next {
      count += 1
      node = next
    }
    return count
  }
}

/// The head of a chain of `length` keys, `Keys.<prefix>0` to `Keys.<prefix>N`, each resolving the
/// next, declared at App/Chain.swift:1.
private func chain(_ prefix: String, length: Int, _ lifetime: Lifetime<Node> = .transient) -> Key<Node> {
  var next: Key<Node> = Key(lifetime, name: "Keys.\(prefix)\(length - 1)", fileID: "App/Chain.swift", line: 1) { _ in
    Node(next: nil)
  }
  for index in stride(from: length - 2, through: 0, by: -1) {
    let following = next
    next = Key(lifetime, name: "Keys.\(prefix)\(index)", fileID: "App/Chain.swift", line: 1) { r in
      Node(next: r[following])
    }
  }
  return next
}

/// The depth message a chain of `prefix` keys stops with, for the depth it reports: a path longer
/// than eleven keys shows its first and last five.
private func depthMessage(_ text: String, prefix: String) -> String {
  let summary = text.split(separator: "\n").first.map(String.init) ?? ""
  let digits = summary.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "," }
  let depth = Int(digits.filter(\.isNumber)) ?? 0
  let line = { (index: Int) in
    index == 0 ? "  Keys.\(prefix)0 (Node, App/Chain.swift:1)" : "  → Keys.\(prefix)\(index)"
  }
  let path =
    depth > 11
    ? (0..<5).map(line) + ["  → … \(grouped(depth - 10)) more …"] + (depth - 5..<depth).map(line)
    : (0..<depth).map(line)
  return
    (["Sheath: resolution is \(digits) levels deep, and this thread's stack is nearly used up"] + path + [
      "fix: a chain this deep is usually objects that each build the next one as they are built: inject r.provider(…) and build the next one when it is needed, or resolve on a thread with a larger stack"
    ]).joined(separator: "\n")
}

private func grouped(_ number: Int) -> String {
  let formatter = NumberFormatter()
  formatter.numberStyle = .decimal
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.groupingSeparator = ","
  formatter.usesGroupingSeparator = true
  return formatter.string(from: NSNumber(value: number)) ?? String(number)
}

@Suite("Deep resolutions")
struct DepthTests {
  @Test("a chain of 10,000 transient objects resolves")
  func deepChain() throws {
    let graph = try Graph(modules: [])
    let head = chain("chain", length: 10_000)
    let length = Locked(0)
    onThread(stackSize: 256 << 20) { length.withLock { $0 = graph[head].length } }
    #expect(length.withLock { $0 } == 10_000)
  }

  @Test("a chain of 100,000 transients on the main thread stops with its depth and path before the stack runs out")
  func mainThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      let head = chain("deep", length: 100_000)
      await MainActor.run { _ = graph[head] }
    }
    let message = trapMessage(result)
    expectText(message, depthMessage(message, prefix: "deep"))
  }

  @Test("a chain of 10,000 singletons on a 512 KiB thread stops with its depth and path")
  func smallThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      let head = chain("shared", length: 10_000, .singleton)
      onThread(stackSize: 512 << 10) { _ = graph[head] }
    }
    let message = trapMessage(result)
    expectText(message, depthMessage(message, prefix: "shared"))
  }

  @Test(
    "a chain of 10,000 transients on a thread with a small stack stops with its depth and path",
    arguments: [smallStackSize, smallestStackSize])
  func smallestThreads(stackSize: Int) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [stackSize] in
      let graph = try Graph(modules: [])
      let head = chain("small", length: 10_000)
      warmUp { _ = graph[chain("warm", length: 2)] }
      onThread(stackSize: stackSize) { _ = graph[head] }
    }
    let message = trapMessage(result)
    expectText(message, depthMessage(message, prefix: "small"))
  }
}
