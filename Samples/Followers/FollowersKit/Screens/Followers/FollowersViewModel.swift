/// What the followers screen shows; the terminal (or a test) implements it.
@MainActor
public protocol FollowersView: AnyObject {
  /// Shows that a page is loading, until the next thing is shown.
  ///
  /// - Parameter text: One line, such as `Loading followers of @octocat…`.
  func showLoading(_ text: String)

  /// Shows one page: its header and one row per follower.
  ///
  /// - Parameters:
  ///   - header: Such as `Followers of @octocat (showing 1–8 of 8)`.
  ///   - rows: One line per follower, in the API's order.
  func showFollowers(header: String, rows: [String])

  /// Shows why a page could not be loaded.
  ///
  /// - Parameter message: One line.
  func showError(_ message: String)

  /// Asks whether to show the next page; a view that cannot ask (output to a pipe) answers `false`.
  ///
  /// - Parameter prompt: The question, such as `More followers: press Enter for page 2 of 13, or q to quit: `.
  /// - Returns: Whether to show the next page.
  func askForMore(_ prompt: String) async -> Bool
}

/// The followers screen's logic: shows the list a page at a time from its pager, and offers
/// the next page while there is one and the view wants it.
@MainActor
public final class FollowersViewModel {
  /// The screen, held weakly: whoever shows the screen owns the view, and the view owns nothing of
  /// this view model's — as a view controller owns its view model, a strong reference back would be a
  /// retain cycle.
  public private(set) weak var view: (any FollowersView)?
  private let formatter: any FollowersListFormatting
  private let makePager: @MainActor (FollowersQuery) -> any FollowersListPaging

  /// Creates the view model for a view.
  ///
  /// - Parameters:
  ///   - view: The screen; held weakly.
  ///   - formatter: Formats the header, rows and prompts.
  ///   - makePager: Makes the pager of a list.
  public init(
    view: any FollowersView, formatter: any FollowersListFormatting,
    makePager: @escaping @MainActor (FollowersQuery) -> any FollowersListPaging
  ) {
    self.view = view
    self.formatter = formatter
    self.makePager = makePager
  }

  /// Shows the followers of `login` from a page on, then each next page the view asks for.
  ///
  /// - Parameter query: Whose followers, from which page.
  /// - Returns: `shown` when every page asked for was shown, or why one was not (the view said why).
  @discardableResult
  public func load(_ query: FollowersQuery) async -> LoadOutcome {
    let pager = makePager(query)
    var outcome = await showNextPage(of: pager, login: query.login)
    while outcome == .shown, let next = pager.nextPage,
      await view?.askForMore(formatter.morePrompt(nextPage: next, lastPage: pager.lastPage)) == true
    {
      outcome = await showNextPage(of: pager, login: query.login)
    }
    return outcome
  }

  private func showNextPage(of pager: any FollowersListPaging, login: String) async -> LoadOutcome {
    guard let number = pager.nextPage else { return .shown }
    view?.showLoading(formatter.loadingText(for: login, page: number))
    switch await pager.loadNextPage() {
    case .success(let update):
      let rows = update.page.followers.map(formatter.row)
      view?.showFollowers(header: formatter.header(for: update.user, page: update.page), rows: rows)
      return .shown
    case .failure(let error):
      let outcome = LoadOutcome(error)
      if outcome != .cancelled { view?.showError(String(describing: error)) }
      return outcome
    case nil:
      return .shown
    }
  }
}
