// Just enough of UIKit for the articles' view controllers to compile, and their tests to run, where
// UIKit is missing (Linux, macOS). On iOS the real UIKit is used.
#if !canImport(UIKit)
  import Foundation

  @MainActor
  class UIViewController {
    private(set) var isViewLoaded = false
    /// Set by the navigation controller that shows this one; UIKit finds it through the parent chain.
    weak var navigationController: UINavigationController?

    init(nibName: String?, bundle: Bundle?) {}

    required init?(coder: NSCoder) {}

    convenience init() {
      self.init(nibName: nil, bundle: nil)
    }

    func viewDidLoad() {}

    func loadViewIfNeeded() {
      guard !isViewLoaded else { return }
      isViewLoaded = true
      viewDidLoad()
    }
  }

  @MainActor
  final class UINavigationController: UIViewController {
    private(set) var viewControllers: [UIViewController] = []

    func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
      viewControllers = []
      for controller in controllers { pushViewController(controller, animated: animated) }
    }

    func pushViewController(_ controller: UIViewController, animated: Bool) {
      controller.navigationController = self
      viewControllers.append(controller)
      controller.loadViewIfNeeded()
    }

    @discardableResult
    func popToRootViewController(animated: Bool) -> [UIViewController]? {
      let popped = Array(viewControllers.dropFirst())
      viewControllers = Array(viewControllers.prefix(1))
      return popped
    }
  }

  @MainActor
  final class UITextField {
    var text: String?
  }

  @MainActor
  final class UILabel {
    var text: String?
  }
#endif
