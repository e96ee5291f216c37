import Foundation
import Sheath
import Testing

extension Keys {
  fileprivate static var fresh: Key<Instance> { Key<Instance> { _ in Instance(number: 7) } }
}

private struct Failure: Error, Equatable {}

/// A lazy value whose closure reads the lazy value itself, set once the lazy value exists.
private final class SelfReading: @unchecked Sendable {
  // @unchecked: `lazy` is set once, before anything reads it.
  var lazy: Lazy<Int>?
}

@Suite("Providers and lazy values made from closures")
struct ClosureProviderTests {
  @Test("a provider made from a closure calls it on each call")
  func provider() {
    let built = Counter()
    let provider = Provider { Instance(number: built.increment()) }
    #expect(built.value == 0)
    #expect(provider().number == 1)
    #expect(provider().number == 2)
  }

  @Test("a lazy value made from a closure calls it on first use, then keeps what it returned")
  func lazy() {
    let built = Counter()
    let lazy = Lazy { Instance(number: built.increment()) }
    #expect(built.value == 0)
    #expect(lazy.value === lazy.value)
    #expect(lazy.value.number == 1)
    #expect(built.value == 1)
  }

  @Test("a lazy value made from a closure builds once when many threads read it at the same time")
  func lazyConcurrentReads() {
    for _ in 0..<50 {
      let built = Counter()
      let lazy = Lazy { Instance(number: built.increment()) }
      let seen = Locked<Set<ObjectIdentifier>>([])
      DispatchQueue.concurrentPerform(iterations: 16) { _ in
        let value = lazy.value
        seen.withLock { _ = $0.insert(ObjectIdentifier(value)) }
      }
      #expect(built.value == 1)
      #expect(seen.withLock { $0.count } == 1)
    }
  }

  @Test("a lazy value made from a provider made from a closure calls it once")
  func lazyOfProvider() {
    let built = Counter()
    let lazy = Lazy(Provider { Instance(number: built.increment()) })
    #expect(lazy.value === lazy.value)
    #expect(built.value == 1)
  }

  @Test("a lazy value made from a graph's provider still resolves from the graph")
  func lazyOfGraphProvider() throws {
    let graph = try Graph(modules: [])
    #expect(Lazy(graph.provider(.fresh)).value.number == 7)
  }

  @Test("a main-actor provider made from a closure calls it on the main actor, on each call")
  @MainActor
  func mainActorProvider() {
    var calls = 0
    let provider = MainActorProvider {
      MainActor.assertIsolated()
      calls += 1
      return calls
    }
    #expect(provider() == 1)
    #expect(provider() == 2)
  }

  @Test("an async provider made from a closure awaits it on each call, and throws what it throws")
  func asyncProvider() async throws {
    let built = Counter()
    let provider = AsyncProvider { Instance(number: built.increment()) }
    #expect(try await provider().number == 1)
    #expect(try await provider().number == 2)
    let failing = AsyncProvider<Int> { throw Failure() }
    await #expect(throws: Failure.self) { try await failing() }
  }

  @Test("a provider that stands in for a shared instance returns one made before it: each call gets that one")
  func providerOfOneInstance() async throws {
    let store = Instance(number: 1)
    let provider = AsyncProvider { store }
    #expect(try await provider() === store)
    #expect(try await provider() === store)
    let made = AsyncProvider { Instance(number: 2) }
    #expect(try await made() !== made())
  }

  @Test("a lazy value whose closure reads the lazy value stops, naming where it was made")
  func lazyReadsItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let holder = SelfReading()
      holder.lazy = Lazy(fileID: "AppTests/ClockTests.swift", line: 12) { holder.lazy.unsafelyUnwrapped.value + 1 }
      _ = holder.lazy?.value
    }
    expectText(
      trapMessage(result),
      """
      Sheath: a Lazy<Int> made from a closure read its value while the closure was building it
        made at AppTests/ClockTests.swift:12
      fix: build the value without reading the lazy value in its own closure
      """)
  }

  @Test("a lazy value of a closure-made provider whose closure reads the lazy value stops, saying so")
  func lazyOfProviderReadsItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let holder = SelfReading()
      holder.lazy = Lazy(Provider { holder.lazy.unsafelyUnwrapped.value + 1 })
      _ = holder.lazy?.value
    }
    expectText(
      trapMessage(result),
      """
      Sheath: a Lazy<Int> made from a closure read its value while the closure was building it
        made from a provider made from a closure
      fix: build the value without reading the lazy value in its own closure
      """)
  }
}
