// The code of Sources/Sheath/Sheath.docc/Articles/ScopesAndChildGraphs.md.
import Sheath
import Testing

fileprivate final class AnalyticsClient: Sendable {
  func track(_ event: String) {}
}

fileprivate final class ImageCache: Sendable {}

fileprivate final class PriceFormatter: Sendable {
  func format(cents: Int) -> String { "$\(cents / 100).\(String(format: "%02d", cents % 100))" }
}

fileprivate final class Cart: Sendable {
  let analytics: AnalyticsClient
  init(analytics: AnalyticsClient) { self.analytics = analytics }
}

fileprivate protocol PaymentService: Sendable {
  var name: String { get }
}

fileprivate struct CardPayments: PaymentService {
  let name = "card"
}

fileprivate struct SandboxPayments: PaymentService {
  let name = "sandbox"
}

fileprivate final class Checkout: Sendable {
  let cart: Cart
  let payments: any PaymentService
  init(cart: Cart, payments: any PaymentService) {
    self.cart = cart
    self.payments = payments
  }
}

fileprivate final class ThumbnailLoader: Sendable {
  let cache: ImageCache
  init(cache: ImageCache) { self.cache = cache }
}

fileprivate final class LazyThumbnailLoader: Sendable {
  let cache: Provider<ImageCache>
  init(cache: Provider<ImageCache>) { self.cache = cache }
}

fileprivate final class ReceiptLines: Sendable {
  let formatter: PriceFormatter
  init(formatter: PriceFormatter) { self.formatter = formatter }
}

fileprivate final class ReceiptTotal: Sendable {
  let formatter: PriceFormatter
  init(formatter: PriceFormatter) { self.formatter = formatter }
}

fileprivate final class Receipt: Sendable {
  let lines: ReceiptLines
  let total: ReceiptTotal
  init(lines: ReceiptLines, total: ReceiptTotal) {
    self.lines = lines
    self.total = total
  }
}

// docs: scopes-per-resolution
extension Keys {
  // one per resolution: a receipt's lines and its total
  fileprivate static var receiptFormatter: Key<PriceFormatter> {
    Key(.perResolution) {
      PriceFormatter()
    }
  }
  fileprivate static var receiptLines: Key<ReceiptLines> {
    Key(.transient, .receiptFormatter) { formatter in
      ReceiptLines(formatter: formatter)
    }
  }
  fileprivate static var receiptTotal: Key<ReceiptTotal> {
    Key(.transient, .receiptFormatter) { formatter in
      ReceiptTotal(formatter: formatter)
    }
  }
  fileprivate static var receipt: Key<Receipt> {
    Key(.transient, .receiptLines, .receiptTotal) { lines, total in
      Receipt(lines: lines, total: total)
    }
  }
}
// docs: end

// docs: scopes-keys
extension Scope {
  /// The screens from "Check out" to the receipt, which share one cart.
  fileprivate static let checkout = Scope("checkout")
}

extension Keys {
  fileprivate static var priceFormatter: Key<PriceFormatter> {
    Key {
      PriceFormatter()
    }
  }
  fileprivate static var analytics: Key<AnalyticsClient> {
    Key(.singleton) {
      AnalyticsClient()
    }
  }
  fileprivate static var imageCache: Key<ImageCache> {
    Key(.weak) {
      ImageCache()
    }
  }
  fileprivate static var cart: Key<Cart> {
    Key(.scoped(.checkout), .analytics) { analytics in
      Cart(analytics: analytics)
    }
  }
}
// docs: end

// docs: scopes-child-keys
extension Keys {
  fileprivate static var payments: Key<any PaymentService> {
    Key(.singleton) {
      CardPayments()
    }
  }
  fileprivate static var checkout: Key<Checkout> {
    Key(.transient, .cart, .payments) { cart, payments in
      Checkout(cart: cart, payments: payments)
    }
  }
}

/// Test payments for the checkout of a QA build.
fileprivate struct SandboxPaymentsModule: Module {
  func register(into b: inout Bindings) {
    b.override(.payments) { SandboxPayments() }
  }
}
// docs: end

// docs: scopes-child-graph-key
/// Starts a checkout for each purchase: it is given a way to open
/// checkouts, not the whole graph.
fileprivate final class CheckoutNavigator: Sendable {
  private let openCheckout: ChildGraphFactory<Void>

  init(openCheckout: ChildGraphFactory<Void>) {
    self.openCheckout = openCheckout
  }

  /// A new checkout graph; the caller keeps it while the checkout runs.
  func startCheckout() -> Graph {
    openCheckout.open()
  }
}

extension Keys {
  fileprivate static var checkoutGraph: ChildGraphKey<Void> {
    ChildGraphKey(scope: .checkout) {
      [SandboxPaymentsModule()]
    }
  }
  fileprivate static var navigator: Key<CheckoutNavigator> {
    Key(.singleton, .checkoutGraph) { openCheckout in
      CheckoutNavigator(openCheckout: openCheckout)
    }
  }
}
// docs: end

// docs: scopes-captive
extension Keys {
  // The cache is `.weak` so that it is freed when no screen shows images;
  // this singleton keeps it alive for the life of the app: a captive
  // dependency.
  fileprivate static var thumbnails: Key<ThumbnailLoader> {
    Key(.singleton, .imageCache) { cache in
      ThumbnailLoader(cache: cache)
    }
  }
}
// docs: end

// docs: scopes-captive-fix
extension Keys {
  fileprivate static var lazyThumbnails: Key<LazyThumbnailLoader> {
    Key(.singleton, .imageCache.provider) { cache in
      // resolves the cache each time it is needed
      LazyThumbnailLoader(cache: cache)
    }
  }
}
// docs: end

// docs: scopes-seeded
fileprivate struct User: Sendable {
  let login: String
}

/// One signed-in user's data: the flow's, built for its user.
fileprivate final class AccountData: Sendable {
  let user: User
  init(user: User) { self.user = user }
}

extension Keys {
  fileprivate static var currentUser: Key<User> { .required(.scoped(.checkout)) }
  fileprivate static var accountData: Key<AccountData> {
    Key(.scoped(.checkout), .currentUser) { user in
      AccountData(user: user)
    }
  }
  fileprivate static var userCheckout: ChildGraphKey<User> {
    ChildGraphKey(
      scope: .checkout, seeding: .currentUser
    ) { [SandboxPaymentsModule()] }
  }
}
// docs: end

// docs: scopes-seeded-module
fileprivate struct AccountScreensModule: Module {
  func register(into b: inout Bindings) {
    // Needs .currentUser, which only each child binds:
    // named here, in the child's module, it is checked with
    // the seed bound.
    b.expose(.accountData)
  }
}

extension Keys {
  fileprivate static var accountCheckout: ChildGraphKey<User> {
    ChildGraphKey(scope: .checkout, seeding: .currentUser) {
      [AccountScreensModule()]
    }
  }
}
// docs: end

@Suite("Scopes and child graphs")
struct ScopesAndChildGraphsSnippets {
  @Test("each lifetime shares as documented")
  func lifetimes() throws {
    // docs: scopes-lifetimes
    let graph = try Graph(modules: [])

    // transient: a new one each time
    #expect(graph[.priceFormatter] !== graph[.priceFormatter])
    // singleton: one per graph
    #expect(graph[.analytics] === graph[.analytics])

    let cache = graph[.imageCache]
    // weak: shared while someone holds it
    #expect(graph[.imageCache] === cache)
    // docs: end
    withExtendedLifetime(cache) {}
  }

  @Test("a per-resolution key is shared by what one resolution builds")
  func perResolution() throws {
    let graph = try Graph(modules: [])
    // docs: scopes-per-resolution-use
    let receipt = graph[.receipt]
    // shared by everything this request built
    #expect(receipt.lines.formatter === receipt.total.formatter)
    // the next request builds another
    #expect(graph[.receipt].lines.formatter !== receipt.lines.formatter)
    // docs: end
  }

  @Test("a scoped key has one instance per graph that opens its scope")
  func scoped() throws {
    let graph = try Graph(modules: [])
    // docs: scopes-child
    let first = graph.child(scope: .checkout)
    let second = graph.child(scope: .checkout)

    #expect(first[.cart] === first[.cart])  // one cart per checkout…
    #expect(first[.cart] !== second[.cart])  // …and each checkout its own
    // a child shares its parent's singletons
    #expect(first[.analytics] === graph[.analytics])
    // docs: end
  }

  @Test("a scoped instance is released with its graph")
  func released() throws {
    let graph = try Graph(modules: [])
    weak var released: Cart?
    do {
      let checkout = graph.child(scope: .checkout)
      released = checkout[.cart]
      #expect(released != nil)
    }
    #expect(released == nil)
  }

  @Test("a child graph with modules overrides its parent's bindings for itself")
  func childWithModules() throws {
    let graph = try Graph(modules: [])
    // docs: scopes-child-modules
    let sandbox = try graph.child(
      scope: .checkout, modules: [SandboxPaymentsModule()])

    // the child's override
    #expect(sandbox[.checkout].payments.name == "sandbox")
    #expect(graph[.payments].name == "card")  // the parent is unchanged
    // docs: end
  }

  @Test("a navigator opens checkouts through a child graph key, each with its own cart")
  func childGraphKey() throws {
    let graph = try Graph(modules: [])
    // docs: scopes-child-graph-key-use
    let navigator = graph[.navigator]
    let first = navigator.startCheckout()
    let second = navigator.startCheckout()

    #expect(first[.cart] !== second[.cart])  // each checkout its own cart
    // the key's modules are installed in each checkout
    #expect(first[.checkout].payments.name == "sandbox")
    // docs: end
    #expect(first.parent === graph)
    #expect(graph[.payments].name == "card")
    try graph.verify(entryPoints: [Keys.navigator])
  }

  @Test("a seeded child graph key opens a child with its seed bound")
  func seeded() throws {
    let graph = try Graph(modules: [])
    let openCheckout = graph[.userCheckout]
    // docs: scopes-seeded-use
    let checkout = openCheckout.open(User(login: "octocat"))
    #expect(checkout[.accountData].user.login == "octocat")
    // docs: end
    #expect(try graph.verify(entryPoints: [Keys.userCheckout]).childGraphs == ["Keys.userCheckout"])
  }

  @Test("a key that needs the seed is named in the child's module, where the seed is bound")
  func seedNeedsTheChild() throws {
    let graph = try Graph(modules: [TestOnly.AppModule()])
    #expect(graph[.accountCheckout].open(User(login: "octocat"))[.accountData].user.login == "octocat")
    #expect(try graph.verify().childGraphs == ["Keys.accountCheckout"])
    let error = #expect(throws: GraphError.self) {
      try Graph(modules: [TestOnly.AppModule(screensToo: true)])
    }
    #expect(error?.problems.map(\.kind) == [.missingBinding])
    #expect(error?.description.contains("name Keys.accountData in a module of Keys.accountCheckout") == true)
  }

  @Test("verify() finds the captive dependency, and not in its fix")
  func captive() throws {
    let graph = try Graph(modules: [])
    let error = #expect(throws: GraphError.self) { try graph.verify(entryPoints: [Keys.thumbnails]) }
    #expect(error?.problems.map(\.kind) == [.captiveDependency])
    #expect(error?.problems.first?.keyName == "Keys.thumbnails")
    try graph.verify(entryPoints: [Keys.lazyThumbnails])
  }

  @Test("a singleton cannot hold a scoped value: building the graph reports it")
  func scopedInSingleton() throws {
    let error = #expect(throws: GraphError.self) { try Graph(modules: [TestOnly.CaptiveModule()]) }
    #expect(error?.problems.map(\.kind) == [.captiveDependency])
    #expect(error?.problems.first?.keyName == "Keys.checkout")
  }
}

/// A module that binds a captive singleton, so that building the graph checks it.
fileprivate enum TestOnly {
  /// An app's module that names the seeded child graph key, and, with `screensToo`, a key that only
  /// its children can build.
  struct AppModule: Module {
    var screensToo = false
    func register(into b: inout Bindings) {
      b.expose(.accountCheckout)
      if screensToo { b.expose(.accountData) }
    }
  }

  /// A singleton that holds the cart of a checkout.
  struct CaptiveModule: Module {
    func register(into b: inout Bindings) {
      b.bind(.checkout, .singleton, .cart, .payments) { cart, payments in
        Checkout(cart: cart, payments: payments)
      }
    }
  }
}
