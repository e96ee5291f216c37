import Foundation
import Sheath
import Testing

// Providers, lazy values and assisted factories keep no trace of the resolution that made them: called
// after their factory returned, each call is a resolution of its own. (Dagger's CycleTest and
// LongCycleTest shapes, with the providers called after construction.)

/// One of a chain of objects, each able to build the next one later.
private final class Link: Sendable {
  let next: Provider<Link>
  init(next: Provider<Link>) { self.next = next }
}

/// A singleton that can provide itself.
private final class SelfProviding: Sendable {
  let me: Provider<SelfProviding>
  let lazyMe: Lazy<SelfProviding>
  init(me: Provider<SelfProviding>, lazyMe: Lazy<SelfProviding>) {
    self.me = me
    self.lazyMe = lazyMe
  }
}

/// What the end of a long chain holds: ways to build more later.
private final class Tail: Sendable {
  let makeLeaf: Provider<Instance>
  let lazyLeaf: Lazy<Instance>
  let makeNumbered: AssistedFactory<Int, Instance>
  init(makeLeaf: Provider<Instance>, lazyLeaf: Lazy<Instance>, makeNumbered: AssistedFactory<Int, Instance>) {
    self.makeLeaf = makeLeaf
    self.lazyLeaf = lazyLeaf
    self.makeNumbered = makeNumbered
  }
}

extension Keys {
  fileprivate static var link: Key<Link> { Key { r in Link(next: r.provider(.link)) } }
  fileprivate static var selfProviding: Key<SelfProviding> {
    Key(.singleton) { r in
      SelfProviding(me: r.provider(.selfProviding), lazyMe: r.lazy(.selfProviding))
    }
  }
  fileprivate static var leaf: Key<Instance> { Key<Instance> { _ in Instance() } }
  fileprivate static var numbered: AssistedKey<Int, Instance> {
    AssistedKey<Int, Instance> { _, number in Instance(number: number) }
  }
}

/// A chain of `length` keys, each resolving the next; the last holds a ``Tail``.
private func chain(length: Int) -> Key<Any> {
  var next: Key<Any> = Key { r in Tail(makeLeaf: r.provider(.leaf), lazyLeaf: r.lazy(.leaf), makeNumbered: r[.numbered])
  }
  for _ in 1..<length {
    let following = next
    next = Key { r in r[following] }
  }
  return next
}

@Suite("Providers called later start afresh")
struct ProviderLaterTests {
  @Test("10,000 objects, each built by the previous one's provider after it was built")
  func longChainOfProviders() throws {
    let graph = try Graph(modules: [])
    var links = [graph[.link]]
    for _ in 0..<10_000 { links.append(links[links.count - 1].next()) }
    #expect(Set(links.map(ObjectIdentifier.init)).count == 10_001)
  }

  @Test("a singleton's own provider and lazy value, called later, give the singleton")
  func selfProvider() throws {
    let graph = try Graph(modules: [])
    let singleton = graph[.selfProviding]
    for _ in 0..<200 {
      #expect(singleton.me() === singleton)
      #expect(singleton.lazyMe.value === singleton)
    }
  }

  @Test("a provider, a lazy value and an assisted factory made 120 levels deep work when called later")
  func madeDeep() throws {
    let graph = try Graph(modules: [])
    let tail = try #require(graph[chain(length: 120)] as? Tail)
    #expect(tail.makeLeaf() !== tail.makeLeaf())
    #expect(tail.lazyLeaf.value === tail.lazyLeaf.value)
    #expect(tail.makeNumbered(7).number == 7)
  }

  @Test("a provider made deep in one resolution and called deep in another starts afresh")
  func deepInAnother() throws {
    let graph = try Graph(modules: [])
    let tail = try #require(graph[chain(length: 600)] as? Tail)
    let caller: Key<Any> = Key { _ in tail.makeLeaf() }
    var outer = caller
    for _ in 0..<600 {
      let inner = outer
      outer = Key { r in r[inner] }
    }
    #expect(graph[outer] is Instance)
  }
}
