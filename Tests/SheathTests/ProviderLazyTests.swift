import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static var instance: Key<Instance> { Key<Instance> { _ in Instance() } }
  fileprivate static var shared: Key<Instance> { Key<Instance>(.singleton) { _ in Instance() } }
  fileprivate static var counted: Key<Instance> { Key<Instance>.required(.singleton) }
  // A cycle broken by Lazy: the owner needs its partner later, the partner needs the owner now.
  // Keys that refer to each other need their types written out: Swift infers a `static let`'s type
  // from its initializer, which would refer back to the key being inferred.
  fileprivate static var owner: Key<Owner> { Key(.singleton) { r in Owner(partner: r.lazy(.partner)) } }
  fileprivate static var partner: Key<Partner> { Key { r in Partner(owner: r[.owner]) } }
  // The same cycle broken by Provider.
  fileprivate static var parent: Key<Parent> { Key(.singleton) { r in Parent(makeChild: r.provider(.child)) } }
  fileprivate static var child: Key<Child> { Key { r in Child(parent: r[.parent]) } }
}

private final class Owner: Sendable {
  let partner: Lazy<Partner>
  init(partner: Lazy<Partner>) { self.partner = partner }
}

private final class Partner: Sendable {
  unowned let owner: Owner
  init(owner: Owner) { self.owner = owner }
}

private final class Parent: Sendable {
  let makeChild: Provider<Child>
  init(makeChild: Provider<Child>) { self.makeChild = makeChild }
}

private final class Child: Sendable {
  unowned let parent: Parent
  init(parent: Parent) { self.parent = parent }
}

@Suite("Provider and Lazy")
struct ProviderLazyTests {
  @Test("a provider resolves on each call: new transient values, the same shared one")
  func provider() throws {
    let graph = try Graph(modules: [])
    let transient = graph.provider(.instance)
    let shared = graph.provider(.shared)
    #expect(transient() !== transient())
    #expect(shared() === shared())
  }

  @Test("a lazy value is resolved on first use, once")
  func lazyOnce() throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule {
        $0.bind(.counted) { _ in
          built.increment(); return Instance()
        }
      }
    ])
    let lazy = graph.lazy(.instance)
    let counted = graph.lazy(.counted)
    #expect(built.value == 0)
    #expect(lazy.value === lazy.value)
    #expect(counted.value === graph[.counted])
    #expect(built.value == 1)
  }

  @Test("a lazy value is resolved once when many threads ask at once")
  func lazyUnderContention() throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.counted, .transient) { _ in
          built.increment()
          Thread.sleep(forTimeInterval: 0.01)
          return Instance()
        }
      }
    ])
    let lazy = graph.lazy(.counted)
    // Nothing read it yet: the threads race to build it, and the factory sleeps while they do.
    let seen = NSLock()
    nonisolated(unsafe) var values: Set<ObjectIdentifier> = []
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      let value = ObjectIdentifier(lazy.value)
      seen.withLock { _ = values.insert(value) }
    }
    #expect(built.value == 1)
    #expect(values.count == 1)
  }

  @Test("Lazy breaks a dependency cycle")
  func lazyBreaksCycle() throws {
    let graph = try Graph(modules: [])
    let owner = graph[.owner]
    #expect(owner.partner.value.owner === owner)
  }

  @Test("Provider breaks a dependency cycle")
  func providerBreaksCycle() throws {
    let graph = try Graph(modules: [])
    let parent = graph[.parent]
    #expect(parent.makeChild().parent === parent)
    #expect(parent.makeChild() !== parent.makeChild())
  }
}
