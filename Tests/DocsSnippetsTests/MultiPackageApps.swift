// The code of Sources/Sheath/Sheath.docc/Articles/MultiPackageApps.md.
//
// The article's packages — CatalogKeys, CartKeys, Catalog, Cart and the app — are one module here, so
// their `public` declarations are the test target's: their names are unique in this target, unlike the
// `fileprivate` ones of the other articles. The tests at the end are the article's tests of a feature
// and of the app.
import Foundation
import RecordedIssues
import Sheath
import SheathTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// docs: multi-catalog-keys
// CatalogKeys/Sources/CatalogKeys/CatalogKeys.swift
/// A product of the catalog, as other features see it.
public struct Product: Codable, Equatable, Sendable {
  /// The product's identifier.
  public var id: String
  /// The name shown to shoppers.
  public var name: String
  /// The price, in cents.
  public var priceInCents: Int

  /// Creates a product.
  public init(id: String, name: String, priceInCents: Int) {
    self.id = id
    self.name = name
    self.priceInCents = priceInCents
  }
}

/// What other features may ask of the catalog.
public protocol ProductLookup: Sendable {
  /// The product with this identifier.
  func product(id: String) async throws -> Product
}

extension Keys {
  /// The catalog's products: bound by `CatalogModule`.
  public static var productLookup: Key<any ProductLookup> {
    .required(.singleton)
  }
  /// Where the catalog's server is: only the app knows.
  public static var catalogServer: Key<URL> { .required() }
}
// docs: end

// docs: multi-cart-keys
// CartKeys/Sources/CartKeys/CartKeys.swift
/// What other features may ask of the cart.
public protocol CartStoring: Sendable {
  /// Puts a product in the cart.
  func add(productID: String) async
  /// The price of everything in the cart, in cents.
  func totalInCents() async throws -> Int
}

extension Keys {
  /// The shopper's cart: bound by `CartModule`. In a test graph that does
  /// not bind it, a stand-in that fails the test, naming the key.
  public static var shoppingCart: Key<any CartStoring> {
    .required(.singleton, test: .liveOnly { UnimplementedCart() })
  }
}

/// The cart a test gets when it forgot to override it: empty.
public struct UnimplementedCart: CartStoring {
  /// Creates the stand-in.
  public init() {}
  /// Adds nothing.
  public func add(productID: String) async {}
  /// Nothing, priced at zero.
  public func totalInCents() async throws -> Int { 0 }
}
// docs: end

// docs: multi-catalog
// Catalog/Sources/Catalog/CatalogModule.swift
/// Reads products from the catalog's server.
struct RemoteCatalog: ProductLookup {
  let server: URL

  func product(id: String) async throws -> Product {
    let url = server.appendingPathComponent("products/\(id)")
    let (data, _) = try await URLSession.shared.data(from: url)
    return try JSONDecoder().decode(Product.self, from: data)
  }
}

/// The product screen's logic: the catalog's own, so its key is internal.
@MainActor
final class ProductViewModel {
  private let lookup: any ProductLookup
  private let cart: any CartStoring
  private(set) var title = ""

  init(lookup: any ProductLookup, cart: any CartStoring) {
    self.lookup = lookup
    self.cart = cart
  }

  func load(productID: String) async throws {
    title = try await lookup.product(id: productID).name
  }

  func addToCart(productID: String) async {
    await cart.add(productID: productID)
  }
}

extension Keys {
  fileprivate static var productViewModel: MainActorKey<ProductViewModel> {
    MainActorKey(.transient, .productLookup, .shoppingCart) {
      lookup, cart in ProductViewModel(lookup: lookup, cart: cart)
    }
  }
}

/// The catalog: binds its keys, and says what it needs from the app.
public struct CatalogModule: Module {
  /// Creates the module.
  public init() {}

  /// Binds the catalog's keys, and names its screens' keys, which no
  /// module binds, so that the app's graph knows and checks them.
  public func register(into b: inout Bindings) {
    b.require(.catalogServer)
    b.require(.shoppingCart)
    b.bind(.productLookup, .catalogServer) { server in
      RemoteCatalog(server: server)
    }
    b.expose(.productViewModel)
  }
}
// docs: end

// docs: multi-cart
// Cart/Sources/Cart/CartModule.swift
/// The products in the cart, priced by the catalog.
actor ShoppingCart: CartStoring {
  private let lookup: any ProductLookup
  private var productIDs: [String] = []

  init(lookup: any ProductLookup) {
    self.lookup = lookup
  }

  func add(productID: String) {
    productIDs.append(productID)
  }

  func totalInCents() async throws -> Int {
    var total = 0
    for id in productIDs {
      total += try await lookup.product(id: id).priceInCents
    }
    return total
  }
}

/// The cart: binds its key, and says what it needs from the catalog.
public struct CartModule: Module {
  /// Creates the module.
  public init() {}

  /// Binds the cart's keys.
  public func register(into b: inout Bindings) {
    b.require(.productLookup)
    b.bind(.shoppingCart, .productLookup) { lookup in
      ShoppingCart(lookup: lookup)
    }
  }
}
// docs: end

// docs: multi-app
// Shop/ShopGraph.swift, in the app target
/// What only the app knows, and the features it is made of.
struct ShopModule: Module {
  var catalogServer: URL

  func register(into b: inout Bindings) {
    b.bind(.catalogServer, to: catalogServer)
    b.include(CatalogModule())
    b.include(CartModule())
  }
}

enum ShopGraph {
  /// The app's graph.
  static func make(
    catalogServer: URL, environment: AppEnvironment
  ) throws -> Graph {
    try Graph(
      modules: [ShopModule(catalogServer: catalogServer)],
      environment: environment)
  }
}
// docs: end

// docs: multi-feature-test
// Catalog/Tests/CatalogTests/ProductViewModelTests.swift
/// A catalog of one teapot.
struct OneTeapot: ProductLookup {
  func product(id: String) async throws -> Product {
    Product(id: id, name: "Teapot", priceInCents: 2_500)
  }
}

/// A cart that remembers what was added.
actor RecordingCart: CartStoring {
  private(set) var added: [String] = []
  func add(productID: String) { added.append(productID) }
  func totalInCents() -> Int { 0 }
}

@Test @MainActor
func addsTheProductToTheCart() async throws {
  let cart = RecordingCart()
  let server = try #require(URL(string: "https://catalog.test"))
  let graph = try TestGraph(modules: [CatalogModule()]) {
    // what the app and the cart would supply
    $0.override(.catalogServer, to: server)
    $0.override(.shoppingCart) { cart }
    $0.override(.productLookup) { OneTeapot() }
  }.graph
  let viewModel = graph[.productViewModel]
  try await viewModel.load(productID: "teapot")
  await viewModel.addToCart(productID: "teapot")
  #expect(viewModel.title == "Teapot")
  #expect(await cart.added == ["teapot"])
}
// docs: end

@Test("a feature's test that forgets to override a shared required key fails, naming it")
@MainActor
func forgottenCart() async throws {
  let server = try #require(URL(string: "https://catalog.test"))
  let graph = try TestGraph(modules: [CatalogModule()]) {
    $0.override(.catalogServer, to: server)
    $0.override(.productLookup) { _ in OneTeapot() }
  }.graph
  let issues = try await recordedIssues {
    await MainActor.run { _ = graph[.productViewModel] }
  }
  #expect(issues.count == 1)
  let issue = issues.first ?? ""
  #expect(issue.hasPrefix("Keys.shoppingCart (any CartStoring, DocsSnippetsTests/MultiPackageApps.swift:"))
  #expect(
    issue.hasSuffix(
      "is live-only, and this test did not override it\nfix: override it in the test's graph: $0.override(.shoppingCart) { … }"
    ))
}

// docs: multi-app-test
// ShopTests/ShopGraphTests.swift, in the app's test target
@Test
func theShopIsWired() throws {
  let server = try #require(URL(string: "https://catalog.test"))
  let graph = try ShopGraph.make(
    catalogServer: server, environment: .live)
  let report = try graph.verify()
  #expect(report.uncheckedKeys.isEmpty)
}
// docs: end

@Suite("Apps of several packages")
struct MultiPackageAppsSnippets {
  @Test("a feature's requirement names the module, when the app forgets what it needs")
  func forgottenFeature() throws {
    let server = try #require(URL(string: "https://catalog.test"))
    let app = ModuleOf { b in
      b.bind(.catalogServer, to: server)
      b.include(CatalogModule())
    }
    let error = try #require(throws: GraphError.self) { try Graph(modules: [app]) }
    #expect(error.problems.map(\.kind) == [.missingBinding])
    #expect(error.problems.map(\.keyName) == ["Keys.shoppingCart"])
    #expect(error.description.contains("required by ModuleOf > CatalogModule"))
  }

  @Test("the cart prices its products through the catalog's key")
  func cartTotal() async throws {
    let graph = try TestGraph {
      $0.override(.productLookup) { _ in OneTeapot() }
      $0.bind(.shoppingCart) { r in ShoppingCart(lookup: r[.productLookup]) }
    }.graph
    let cart = graph[.shoppingCart]
    await cart.add(productID: "teapot")
    await cart.add(productID: "teapot")
    #expect(try await cart.totalInCents() == 5_000)
  }
}

/// A module made of a closure.
private struct ModuleOf: Module {
  let body: @Sendable (inout Bindings) -> Void
  init(_ body: @escaping @Sendable (inout Bindings) -> Void) { self.body = body }
  func register(into b: inout Bindings) { body(&b) }
}
