/// Which followers list to show: whose, and from which page.
public struct FollowersQuery: Sendable, Hashable {
  /// Whose followers.
  public let login: String
  /// The first page to show, from 1.
  public let firstPage: Int

  /// Creates a query.
  ///
  /// - Parameters:
  ///   - login: A valid login.
  ///   - firstPage: The first page to show, from 1.
  public init(login: String, firstPage: Int = 1) {
    self.login = login
    self.firstPage = max(firstPage, 1)
  }
}

/// What loading the next page added to a followers list.
public struct FollowersUpdate: Sendable, Equatable {
  /// Whose followers; their count is the list's total.
  public let user: GitHubUser
  /// The page just loaded.
  public let page: FollowersPage
  /// Where the page's followers are in the list loaded so far.
  public let rows: Range<Int>
}

/// The followers list's data, page by page: which followers are in the list, and which page comes
/// next. It pages through the flow's data controller; it is not a table view's data source, the
/// pattern of that name in "8 Patterns to Help You Destroy Massive View Controller".
@MainActor
public protocol FollowersListPaging: AnyObject {
  /// Every follower loaded so far, page after page, in the API's order.
  var followers: [Follower] { get }

  /// The page ``loadNextPage()`` will load, or `nil` when the list is complete.
  var nextPage: Int? { get }

  /// The number of the list's last page, when the API said it.
  var lastPage: Int? { get }

  /// Loads the next page and adds its followers to the list.
  ///
  /// - Returns: What was added, or why the page could not be loaded; `nil` when the list was
  ///   complete already.
  func loadNextPage() async -> Result<FollowersUpdate, any Error>?
}

/// A ``FollowersListPaging`` that pages through the flow's data controller, following the page
/// numbers the API gave: it stops on the last page, and when a server names a next page that is not
/// ahead of the current one.
@MainActor
public final class FollowersPager: FollowersListPaging {
  private let login: String
  private let data: any FollowersDataControlling

  /// Every follower loaded so far.
  public private(set) var followers: [Follower] = []

  /// The page ``loadNextPage()`` will load, or `nil` when the list is complete.
  public private(set) var nextPage: Int?

  /// The number of the list's last page, when the API said it.
  public private(set) var lastPage: Int?

  /// Creates the pager for one list.
  ///
  /// - Parameters:
  ///   - query: Whose followers, from which page.
  ///   - data: The flow's data controller, which fetches and keeps the pages.
  public init(query: FollowersQuery, data: any FollowersDataControlling) {
    login = query.login
    nextPage = query.firstPage
    self.data = data
  }

  /// Loads the next page through the data controller and appends its followers.
  public func loadNextPage() async -> Result<FollowersUpdate, any Error>? {
    guard let number = nextPage else { return nil }
    return await data.loadUser(login, followersPage: number) { result in
      result.map(self.append)
    }
  }

  private func append(_ profile: FollowersProfile) -> FollowersUpdate {
    let start = followers.count
    followers += profile.page.followers
    let current = profile.page.request.number
    nextPage = profile.page.nextPage.flatMap { next in next > current ? next : nil }
    lastPage = nextPage == nil ? current : profile.page.lastPage.flatMap { last in last > current ? last : nil }
    return FollowersUpdate(user: profile.user, page: profile.page, rows: start..<followers.count)
  }
}
