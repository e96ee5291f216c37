// The code of Sources/Sheath/Sheath.docc/Articles/UIKitAndSwiftUI.md.
//
// UIKit and SwiftUI exist only on Apple platforms. The article's view controllers compile here against
// the stand-ins in Support/UIKitStandIns.swift (the real UIKit on iOS); its SwiftUI views and its scene
// delegate are not compiled, and everything they call — the graph, the keys, the models — is here.
import Foundation
import SheathTesting
import Testing

// MARK: - The app's graph

fileprivate protocol CartAPI: Sendable {
  func items() async throws -> [String]
}

/// Stands in for the app's network client.
fileprivate struct LiveCartAPI: CartAPI {
  struct Offline: Error {}
  func items() async throws -> [String] { throw Offline() }
}

fileprivate struct CannedCartAPI: CartAPI {
  func items() async throws -> [String] { ["Teapot", "Two cups"] }
}

/// An empty cart, for one preview.
fileprivate struct EmptyCartAPI: CartAPI {
  func items() async throws -> [String] { [] }
}

// docs: ui-app-graph
extension Keys {
  fileprivate static var cartAPI: Key<any CartAPI> { .required(.singleton) }
}

fileprivate struct LiveModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.cartAPI) { LiveCartAPI() }
  }
}

/// Canned data: for `--mock`, previews and tests.
fileprivate struct CannedModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.cartAPI) { CannedCartAPI() }
  }
}

fileprivate enum AppGraph {
  static func make(environment: AppEnvironment) throws -> Graph {
    try Graph(
      modules: [
        LiveModule().only(in: .live),
        CannedModule().only(in: .mock, .preview, .test),
      ],
      environment: environment)
  }

  /// The graph for the environment the process runs in — `.preview` when
  /// Xcode renders previews — and the one `@Inject` resolves from. A
  /// wiring mistake stops the app at launch with every problem listed.
  static func launch() -> Graph {
    do {
      let graph = try make(environment: AppEnvironment.detect())
      Graph.bootstrap(graph)
      return graph
    } catch {
      fatalError("\(error)")
    }
  }
}
// docs: end

// MARK: - UIKit

// docs: ui-checkout-keys
extension Scope {
  /// One run of the checkout screens, from the review to the payment.
  fileprivate static let checkout = Scope("checkout")
}

/// The order being placed: one per checkout, shared by its screens.
@MainActor
fileprivate final class OrderDraft {
  var giftWrap = false
}

extension Keys {
  fileprivate static var orderDraft: MainActorKey<OrderDraft> {
    MainActorKey(.scoped(.checkout)) {
      OrderDraft()
    }
  }
  /// Opens a checkout: a child graph with its own order draft.
  fileprivate static var checkoutFlow: ChildGraphKey<Void> {
    ChildGraphKey(scope: .checkout)
  }

  // swift-format-ignore
  fileprivate static var reviewViewModel:
    MainActorAssistedKey<any ReviewView, ReviewViewModel>
  {
    MainActorAssistedKey(.orderDraft) { view, order in
      ReviewViewModel(view: view, order: order)
    }
  }
  // swift-format-ignore
  fileprivate static var paymentViewModel:
    MainActorAssistedKey<any PaymentView, PaymentViewModel>
  {
    MainActorAssistedKey(.orderDraft) { view, order in
      PaymentViewModel(view: view, order: order)
    }
  }
  // swift-format-ignore
  fileprivate static var coordinator:
    MainActorAssistedKey<UINavigationController, AppCoordinator>
  {
    MainActorAssistedKey(.checkoutFlow) { navigationController, flow in
      AppCoordinator(
        navigationController: navigationController, openCheckout: flow)
    }
  }
}
// docs: end

// docs: ui-view-model
@MainActor
fileprivate protocol ReviewView: AnyObject {
  func show(giftWrap: Bool)
}

@MainActor
fileprivate final class ReviewViewModel {
  private weak var view: (any ReviewView)?
  private let order: OrderDraft

  init(view: any ReviewView, order: OrderDraft) {
    self.view = view
    self.order = order
  }

  func load() {
    view?.show(giftWrap: order.giftWrap)
  }

  func toggleGiftWrap() {
    order.giftWrap.toggle()
    view?.show(giftWrap: order.giftWrap)
  }
}
// docs: end

@MainActor
fileprivate protocol PaymentView: AnyObject {
  func show(summary: String)
}

@MainActor
fileprivate final class PaymentViewModel {
  private weak var view: (any PaymentView)?
  private let order: OrderDraft

  init(view: any PaymentView, order: OrderDraft) {
    self.view = view
    self.order = order
  }

  func load() {
    view?.show(summary: order.giftWrap ? "Teapot, gift-wrapped" : "Teapot")
  }
}

// docs: ui-view-controller
fileprivate typealias ReviewViewModelFactory =
  MainActorAssistedFactory<any ReviewView, ReviewViewModel>

fileprivate final class ReviewViewController: UIViewController, ReviewView {
  let giftWrapLabel = UILabel()
  /// What to do next; the coordinator decides.
  var onContinue: () -> Void = {}

  private let makeViewModel: ReviewViewModelFactory
  private lazy var viewModel = makeViewModel(self)

  init(makeViewModel: ReviewViewModelFactory) {
    self.makeViewModel = makeViewModel
    super.init(nibName: nil, bundle: nil)
  }

  /// For a storyboard's `instantiateViewController(identifier:creator:)`.
  init?(coder: NSCoder, makeViewModel: ReviewViewModelFactory) {
    self.makeViewModel = makeViewModel
    super.init(coder: coder)
  }

  required init?(coder: NSCoder) {
    fatalError("made with init(coder:makeViewModel:)")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    viewModel.load()
  }

  func giftWrapTapped() { viewModel.toggleGiftWrap() }
  func continueTapped() { onContinue() }

  func show(giftWrap: Bool) {
    giftWrapLabel.text = giftWrap ? "Gift-wrapped" : nil
  }
}
// docs: end

fileprivate typealias PaymentViewModelFactory =
  MainActorAssistedFactory<any PaymentView, PaymentViewModel>

fileprivate final class PaymentViewController: UIViewController, PaymentView {
  let summaryLabel = UILabel()
  var onPaid: () -> Void = {}

  private let makeViewModel: PaymentViewModelFactory
  private lazy var viewModel = makeViewModel(self)

  init(makeViewModel: PaymentViewModelFactory) {
    self.makeViewModel = makeViewModel
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("made in code only") }

  override func viewDidLoad() {
    super.viewDidLoad()
    viewModel.load()
  }

  func payTapped() { onPaid() }

  func show(summary: String) { summaryLabel.text = summary }
}

// docs: ui-coordinator
/// Moves between the app's screens, and opens a checkout graph for each
/// checkout.
@MainActor
fileprivate final class AppCoordinator {
  private let navigationController: UINavigationController
  private let openCheckout: ChildGraphFactory<Void>
  /// The running checkout's graph, which owns its order draft: kept from
  /// the first screen of the checkout to the end of it.
  private(set) var checkout: Graph?

  init(
    navigationController: UINavigationController,
    openCheckout: ChildGraphFactory<Void>
  ) {
    self.navigationController = navigationController
    self.openCheckout = openCheckout
  }

  func startCheckout() {
    let checkout = openCheckout.open()
    self.checkout = checkout
    let review = ReviewViewController(
      makeViewModel: checkout[.reviewViewModel])
    review.onContinue = { [weak self] in self?.showPayment() }
    navigationController.pushViewController(review, animated: true)
  }

  func showPayment() {
    guard let checkout else { return }
    let payment = PaymentViewController(
      makeViewModel: checkout[.paymentViewModel])
    payment.onPaid = { [weak self] in self?.finishCheckout() }
    navigationController.pushViewController(payment, animated: true)
  }

  func finishCheckout() {
    navigationController.popToRootViewController(animated: true)
    checkout = nil  // and with it, the order draft
  }
}
// docs: end

// MARK: - SwiftUI

// docs: ui-swiftui-models
/// The cart screen's model. In the app it is `@Observable`, so that the
/// screen shows what changes.
@MainActor
fileprivate final class CartModel {
  private let api: any CartAPI
  private let openCheckout: ChildGraphFactory<Void>
  private(set) var items: [String] = []
  /// The checkout the sheet shows; the sheet sets it to `nil` when it
  /// closes, which ends the checkout.
  var checkout: CheckoutFlow?

  init(api: any CartAPI, openCheckout: ChildGraphFactory<Void>) {
    self.api = api
    self.openCheckout = openCheckout
  }

  func load() async {
    items = (try? await api.items()) ?? []
  }

  func checkOut() {
    checkout = CheckoutFlow(graph: openCheckout.open())
  }
}

/// One checkout: its graph, which owns the order draft, and the model of
/// its first screen.
@MainActor
fileprivate final class CheckoutFlow: Identifiable {
  let graph: Graph
  let model: CheckoutModel

  init(graph: Graph) {
    self.graph = graph
    self.model = graph[.checkoutModel]
  }
}

@MainActor
fileprivate final class CheckoutModel {
  let order: OrderDraft
  init(order: OrderDraft) { self.order = order }
}

extension Keys {
  fileprivate static var cartModel: MainActorKey<CartModel> {
    MainActorKey(.transient, .cartAPI, .checkoutFlow) { api, flow in
      CartModel(api: api, openCheckout: flow)
    }
  }
  fileprivate static var checkoutModel: MainActorKey<CheckoutModel> {
    MainActorKey(.transient, .orderDraft) { order in
      CheckoutModel(order: order)
    }
  }
}
// docs: end

// docs: ui-preview-graph
extension AppGraph {
  /// The graph of previews: canned data, never the network.
  static var preview: Graph {
    do {
      return try make(environment: .preview)
    } catch {
      fatalError("\(error)")
    }
  }
}
// docs: end

// MARK: - Tests

@Suite("UIKit and SwiftUI")
@MainActor
struct UIKitAndSwiftUISnippets {
  @Test("the screens of a checkout share its order draft, which ends with the checkout")
  func checkout() throws {
    let graph = try AppGraph.make(environment: .test)
    let navigationController = UINavigationController()
    navigationController.setViewControllers([UIViewController()], animated: false)
    let coordinator = graph.make(.coordinator, navigationController)

    let draft: WeakReference<OrderDraft>
    do {
      coordinator.startCheckout()
      let review = try #require(navigationController.viewControllers.last as? ReviewViewController)
      review.giftWrapTapped()
      #expect(review.giftWrapLabel.text == "Gift-wrapped")
      review.continueTapped()
      let payment = try #require(navigationController.viewControllers.last as? PaymentViewController)
      #expect(payment.summaryLabel.text == "Teapot, gift-wrapped")
      draft = WeakReference(coordinator.checkout?[.orderDraft])
      #expect(draft.object != nil)
      payment.payTapped()
    }
    // the screens are gone, and the checkout's graph with them
    #expect(navigationController.viewControllers.count == 1)
    #expect(coordinator.checkout == nil)
    #expect(draft.object == nil)
  }

  @Test("the coordinator keeps the graph it was made from alive")
  func coordinatorKeepsTheGraph() throws {
    func coordinator() throws -> (AppCoordinator, WeakReference<Graph>) {
      let graph = try AppGraph.make(environment: .test)
      return (graph.make(.coordinator, UINavigationController()), WeakReference(graph))
    }
    let (coordinator, graph) = try coordinator()
    #expect(graph.object != nil)
    coordinator.startCheckout()
    #expect(coordinator.checkout?.parent === graph.object)
  }

  @Test("the next checkout starts with a new order draft")
  func nextCheckout() throws {
    let graph = try AppGraph.make(environment: .test)
    let coordinator = graph.make(.coordinator, UINavigationController())
    coordinator.startCheckout()
    let first = coordinator.checkout?[.orderDraft]
    coordinator.finishCheckout()
    coordinator.startCheckout()
    #expect(first != nil)
    #expect(coordinator.checkout?[.orderDraft] !== first)
  }

  // docs: ui-preview-test
  @Test func previewsShowCannedItems() async throws {
    // Xcode renders previews with XCODE_RUNNING_FOR_PREVIEWS=1
    let environment = try AppEnvironment.detect(
      arguments: ["/Applications/Shop.app/Shop"],
      variables: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
    #expect(environment == .preview)

    let model = AppGraph.preview[.cartModel]
    await model.load()
    #expect(model.items == ["Teapot", "Two cups"])
  }
  // docs: end

  // docs: ui-preview-override
  @Test @MainActor func anEmptyCart() async throws {
    // this preview's graph: its overrides reach no other preview
    let graph = try Graph.preview(
      modules: [
        LiveModule().only(in: .live),
        CannedModule().only(in: .mock, .preview, .test),
      ]
    ) {
      $0.override(.cartAPI) { EmptyCartAPI() }
    }
    let model = graph[.cartModel]
    await model.load()
    #expect(model.items.isEmpty)
  }
  // docs: end

  @Test("a checkout opened from the cart has its own order draft, released when the sheet closes")
  func swiftUICheckout() throws {
    let model = AppGraph.preview[.cartModel]
    model.checkOut()
    let draft = WeakReference(model.checkout?.model.order)
    #expect(draft.object != nil)
    #expect(model.checkout?.graph.scope == .checkout)
    model.checkout = nil
    #expect(draft.object == nil)
  }

  @Test("the live graph reaches the network, which is offline here")
  func live() async throws {
    let model = try AppGraph.make(environment: .live)[.cartModel]
    await model.load()
    #expect(model.items.isEmpty)
  }
}

/// An object that is not kept alive by the test.
fileprivate final class WeakReference<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object?) { self.object = object }
}

/// `AppGraph.launch()` bootstraps a process-wide graph; it is shown, not run, so that no other test
/// sees it.
@MainActor
fileprivate enum Launch {
  static func start() -> AppCoordinator {
    let graph = AppGraph.launch()
    return graph.make(.coordinator, UINavigationController())
  }
}
