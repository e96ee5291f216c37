// release-traps: each misconfiguration that stops a resolution, in a release build, one per run —
// so that CI sees the message an app shipped with -O prints, and that a chain far deeper than any
// stack stops with a message instead of overflowing when the optimizer has changed every frame's
// size. `scripts/release-traps.sh` runs every mode and checks what it prints.
//
// Usage: release-traps MODE   (cycle, deep, deep-singletons, missing, released-graph, kept-resolver, too-many-keys)

import Foundation
import Sheath

final class Node: Sendable {
  let next: Node?
  init(next: Node?) { self.next = next }
}

protocol Clock: Sendable {}

/// The head of a chain of `length` keys, each resolving the next.
func chain(_ prefix: String, length: Int, _ lifetime: Lifetime<Node> = .transient) -> Key<Node> {
  var next = Key<Node>(lifetime, name: "Keys.\(prefix)\(length - 1)") { _ in Node(next: nil) }
  for index in stride(from: length - 2, through: 0, by: -1) {
    let following = next
    next = Key<Node>(lifetime, name: "Keys.\(prefix)\(index)") { r in Node(next: r[following]) }
  }
  return next
}

final class Session: Sendable {
  let tokens: Node
  init(tokens: Node) { self.tokens = tokens }
}

extension Keys {
  static var session: Key<Session> { Key(.singleton) { r in Session(tokens: r[.tokens]) } }
  static var tokens: Key<Node> { Key(.singleton) { r in Node(next: r[.session].tokens) } }
  static var clock: Key<any Clock> { Key<any Clock>.required() }
  static var node: Key<Node> { Key<Node> { _ in Node(next: nil) } }
  static var owner: Key<Owner> { Key(.singleton) { r in Owner(makeNode: r.provider(.node)) } }
  static var keeper: Key<Keeper> { Key { r in Keeper(resolver: r) } }
}

/// Keeps the resolver its factory received, which does not keep the graph alive.
final class Keeper: Sendable {
  let resolver: Resolver
  init(resolver: Resolver) { self.resolver = resolver }
}

final class Owner: Sendable {
  let makeNode: Provider<Node>
  init(makeNode: Provider<Node>) { self.makeNode = makeNode }
}

/// Runs `body` on a thread with a stack of `stackSize` bytes, and waits for it.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let mode = arguments.first else {
  let modes = "cycle|deep|deep-singletons|missing|released-graph|kept-resolver|too-many-keys"
  FileHandle.standardError.write(Data("usage: release-traps \(modes)\n".utf8))
  exit(2)
}
do {
  let graph = try Graph(modules: [])
  switch mode {
  case "cycle":
    _ = graph[.session]
  case "deep":
    _ = graph[chain("deep", length: 1_000_000)]
  case "deep-singletons":
    let head = chain("shared", length: 100_000, .singleton)
    onThread(stackSize: 512 << 10) { _ = graph[head] }
  case "missing":
    _ = graph[.clock]
  case "too-many-keys":
    // Keys made in a loop, each with a new name: each takes a slot until the table is full.
    var keys: [Key<Int>] = []
    while true { keys.append(Key<Int>.required(name: "Keys.count\(keys.count)")) }
  case "released-graph":
    let owner = graph[.owner]
    _ = consume graph
    _ = owner.makeNode()
  case "kept-resolver":
    let keeper = graph[.keeper]
    _ = consume graph
    _ = keeper.resolver[.node]
  default:
    FileHandle.standardError.write(Data("release-traps: unknown mode \(mode)\n".utf8))
    exit(2)
  }
  print("release-traps: \(mode) did not stop")
  exit(1)
} catch {
  print("release-traps: the graph did not build: \(error)")
  exit(1)
}
