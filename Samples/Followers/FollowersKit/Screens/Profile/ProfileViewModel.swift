/// What the profile screen shows; the terminal (or a test) implements it.
@MainActor
public protocol ProfileView: AnyObject {
  /// Shows that the profile is loading, until the next thing is shown.
  ///
  /// - Parameter text: One line, such as `Loading @octocat…`.
  func showLoading(_ text: String)

  /// Shows the user's title and the formatter's lines (each omitted when it has nothing to say).
  ///
  /// - Parameters:
  ///   - title: `Name (@login)` or `@login`.
  ///   - lines: The follower count line and the "followed by" line, when present.
  func showProfile(title: String, lines: [String])

  /// Shows why the profile could not be loaded.
  ///
  /// - Parameter message: One line.
  func showError(_ message: String)
}

/// The profile screen's logic: asks the flow's data controller for the user and hands the
/// formatter's lines to the view.
@MainActor
public final class ProfileViewModel {
  /// The screen, held weakly: whoever shows the screen owns the view, and the view owns nothing of
  /// this view model's — as a view controller owns its view model, a strong reference back would be a
  /// retain cycle.
  public private(set) weak var view: (any ProfileView)?
  private let data: any FollowersDataControlling
  private let formatter: any ProfileFormatting

  /// Creates the view model for a view.
  ///
  /// - Parameters:
  ///   - view: The screen; held weakly.
  ///   - data: The flow's data controller.
  ///   - formatter: Formats the lines.
  public init(view: any ProfileView, data: any FollowersDataControlling, formatter: any ProfileFormatting) {
    self.view = view
    self.data = data
    self.formatter = formatter
  }

  /// Loads and shows the profile of `login`, naming their first followers: the same ones whatever
  /// the page size.
  ///
  /// - Parameter login: A valid login.
  /// - Returns: Whether the profile was shown, or why not (the view said why).
  @discardableResult
  public func load(_ login: String) async -> LoadOutcome {
    view?.showLoading(formatter.loadingText(for: login))
    return await data.loadUser(login, firstFollowers: formatter.namedFollowerLimit) { result in
      switch result {
      case .success(let overview):
        let count = overview.user.followers
        let lines = [
          formatter.followerCountLine(count: count),
          formatter.followedByLine(followers: overview.firstFollowers, totalCount: count),
        ]
        self.view?.showProfile(title: formatter.title(for: overview.user), lines: lines.compactMap { $0 })
        return .shown
      case .failure(let error):
        let outcome = LoadOutcome(error)
        if outcome != .cancelled { self.view?.showError(String(describing: error)) }
        return outcome
      }
    }
  }
}
