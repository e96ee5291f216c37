// The code of Sources/Sheath/Sheath.docc/Articles/MainActorAndAsyncKeys.md.
import Foundation
import Sheath
import Testing

// docs: concurrency-main-actor
/// The items in the cart: shared by every screen, safe from any thread.
fileprivate actor CartStore {
  private(set) var count = 0
  func add() { count += 1 }
}

/// The cart icon's badge: a UI object, on the main actor, and not
/// `Sendable`.
@MainActor
fileprivate final class CartBadgeModel {
  private let cart: CartStore
  private(set) var text = ""

  init(cart: CartStore) {
    self.cart = cart
  }

  func refresh() async {
    let count = await cart.count
    text = count == 0 ? "" : "\(count)"
  }
}

extension Keys {
  fileprivate static var cartStore: Key<CartStore> {
    Key(.singleton) {
      CartStore()
    }
  }
  fileprivate static var cartBadge: MainActorKey<CartBadgeModel> {
    MainActorKey(.singleton, .cartStore) { cart in
      CartBadgeModel(cart: cart)
    }
  }
}

@MainActor
fileprivate func showBadge(graph: Graph) async -> String {
  // no `await`, no cast: this is the main actor
  let badge = graph[.cartBadge]
  await badge.refresh()
  return badge.text
}
// docs: end

/// How the badge reads: a main-actor helper, as UI helpers are.
@MainActor
fileprivate final class BadgeFormatter {
  func text(_ count: Int) -> String { count == 0 ? "" : "\(count)" }
}

/// The badge's text, from a main-actor formatter and the shared cart.
@MainActor
fileprivate final class BadgeText {
  let formatter: BadgeFormatter
  let cart: CartStore
  init(formatter: BadgeFormatter, cart: CartStore) {
    self.formatter = formatter
    self.cart = cart
  }
  func current() async -> String { formatter.text(await cart.count) }
}

// docs: concurrency-main-actor-direct
extension Keys {
  fileprivate static var badgeFormatter: MainActorKey<BadgeFormatter> {
    MainActorKey(.transient) { BadgeFormatter() }
  }
  // a main-actor formatter and a nonisolated store, both direct
  fileprivate static var badgeText: MainActorKey<BadgeText> {
    MainActorKey(.transient, .badgeFormatter, .cartStore) {
      formatter, cart in
      BadgeText(formatter: formatter, cart: cart)
    }
  }
}
// docs: end

// docs: concurrency-async
/// A database that takes a while to open.
fileprivate actor Database {
  let url: URL
  private init(url: URL) { self.url = url }

  static func open(at url: URL) async throws -> Database {
    try await Task.sleep(nanoseconds: 10_000_000)  // migrations, say
    return Database(url: url)
  }
}

/// The home screen's feed, read from the database.
fileprivate struct Feed: Sendable {
  let database: Database
}

extension Keys {
  fileprivate static var databaseURL: Key<URL> {
    Key {
      FileManager.default.temporaryDirectory
        .appendingPathComponent("app.sqlite")
    }
  }
  fileprivate static var database: AsyncKey<Database> {
    AsyncKey(.singleton, .databaseURL) { url in
      try await Database.open(at: url)
    }
  }
  // an async dependency, awaited before the factory runs
  fileprivate static var feed: AsyncKey<Feed> {
    AsyncKey(.transient, .database) { database in
      Feed(database: database)
    }
  }
}
// docs: end

/// Counts the times a factory ran, from any task.
fileprivate final class Counter: Sendable {
  private let state = Mutex()
  var value: Int { state.read() }
  func increment() -> Int { state.increment() }

  private final class Mutex: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func read() -> Int {
      lock.lock()
      defer { lock.unlock() }
      return count
    }

    func increment() -> Int {
      lock.lock()
      defer { lock.unlock() }
      count += 1
      return count
    }
  }
}

fileprivate struct RemoteConfig: Sendable {
  let refreshInterval: Int
}

fileprivate struct ConfigUnavailable: Error {}

extension Keys {
  fileprivate static var configAttempts: Key<Counter> {
    Key(.singleton) { _ in
      Counter()
    }
  }
  // Fails the first time, as a server that is not up yet would.
  fileprivate static var remoteConfig: AsyncKey<RemoteConfig> {
    AsyncKey(.singleton) { r in
      guard r[.configAttempts].increment() > 1 else { throw ConfigUnavailable() }
      return RemoteConfig(refreshInterval: 60)
    }
  }
  fileprivate static var opens: Key<Counter> { Key(.singleton) { _ in Counter() } }
  fileprivate static var countedDatabase: AsyncKey<Database> {
    AsyncKey(.singleton) { r in
      _ = r[.opens].increment()
      return try await Database.open(at: r[.databaseURL])
    }
  }
}

extension Scope {
  fileprivate static let reading = Scope("reading")
}

// docs: concurrency-async-provider
/// A flow's bookshelf, opened from disk once per flow.
fileprivate actor Bookshelf {
  func titles() -> [String] { ["Dune", "Emma"] }
}

@MainActor
fileprivate final class ShelfViewModel {
  let shelf: AsyncProvider<Bookshelf>
  private(set) var titles: [String] = []

  init(shelf: AsyncProvider<Bookshelf>) { self.shelf = shelf }

  func load() async throws {
    titles = try await shelf().titles()
  }
}

extension Keys {
  fileprivate static var bookshelf: AsyncKey<Bookshelf> {
    AsyncKey(.scoped(.reading)) { Bookshelf() }
  }
  // The view model gets a provider of the flow's shelf, and awaits the
  // shelf when it loads.
  fileprivate static var shelfViewModel: MainActorKey<ShelfViewModel> {
    MainActorKey(.transient, .bookshelf.provider) { shelf in
      ShelfViewModel(shelf: shelf)
    }
  }
}
// docs: end

@Suite("Concurrency")
struct ConcurrencySnippets {
  @Test("a main-actor view model awaits its flow's async-built store through a provider")
  @MainActor
  func mainActorViewModelOfAnAsyncKey() async throws {
    // docs: concurrency-async-provider-use
    let flow = try Graph(modules: []).child(scope: .reading)
    let viewModel = flow[.shelfViewModel]
    try await viewModel.load()  // opens the flow's shelf, once
    // docs: end
    #expect(viewModel.titles == ["Dune", "Emma"])
    let shelf = try await flow[.bookshelf]
    #expect(try await flow[.shelfViewModel].shelf() === shelf)
  }

  @Test("a main-actor key takes a main-actor key's value directly, and the graph checks the edge")
  @MainActor
  func mainActorDirect() async throws {
    let graph = try Graph(modules: [])
    await graph[.cartStore].add()
    let text = graph[.badgeText]
    #expect(await text.current() == "1")
    #expect(text.cart === graph[.cartStore])
    #expect(graph.dependencies(of: .badgeText)?.map(\.name) == ["Keys.badgeFormatter", "Keys.cartStore"])
  }

  @Test("a main-actor key resolves on the main actor without await")
  @MainActor
  func mainActor() async throws {
    let graph = try Graph(modules: [])
    await graph[.cartStore].add()
    #expect(await showBadge(graph: graph) == "1")
    #expect(graph[.cartBadge] === graph[.cartBadge])
  }

  @Test("an async key resolves with try await")
  func async() async throws {
    // docs: concurrency-resolve-async
    let graph = try Graph(modules: [])
    let feed = try await graph[.feed]
    // docs: end
    #expect(feed.database.url.lastPathComponent == "app.sqlite")
  }

  @Test("a shared async instance is built once for every task that asks at the same time")
  func singleFlight() async throws {
    let graph = try Graph(modules: [])
    let databases = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<16 {
        group.addTask { ObjectIdentifier(try await graph[.countedDatabase]) }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(databases.count == 1)
    #expect(graph[.opens].value == 1)
  }

  @Test("a failed build is not cached")
  func retry() async throws {
    let graph = try Graph(modules: [])
    var failures = 0
    // docs: concurrency-retry
    do {
      _ = try await graph[.remoteConfig]
    } catch {
      // Every task waiting for this build got the error, and nothing was
      // kept: try again later.
      failures += 1
    }
    let config = try await graph[.remoteConfig]  // runs the factory again
    // docs: end
    #expect(failures == 1)
    #expect(config.refreshInterval == 60)
  }

  @Test("a cancelled waiter leaves; the build goes on and is kept")
  func cancellation() async throws {
    let graph = try Graph(modules: [])
    // docs: concurrency-cancel
    let impatient = Task { try await graph[.countedDatabase] }
    impatient.cancel()  // this task stops waiting, with CancellationError…
    // …but the database still opens, once
    let database = try await graph[.countedDatabase]
    // docs: end
    _ = try? await impatient.value
    #expect(try await graph[.countedDatabase] === database)
    #expect(graph[.opens].value == 1)
  }
}
