/// What the followers screen shows; the terminal (or a test) implements it.
@MainActor
public protocol FollowersView: AnyObject {
  /// Shows the header and the followers' logins, in display order.
  ///
  /// - Parameters:
  ///   - header: `Followers of @login (showing N of M)`.
  ///   - logins: One login per follower shown.
  func showFollowers(header: String, logins: [String])

  /// Shows why the followers could not be loaded.
  ///
  /// - Parameter message: One line.
  func showError(_ message: String)
}

/// The followers screen's logic: lists the first page of followers from the flow's data controller —
/// the same fetch the profile screen used.
@MainActor
public final class FollowersViewModel {
  private let view: any FollowersView
  private let data: any FollowersDataControlling
  private let presenter: any FollowerPresenting

  /// Creates the view model for a view.
  ///
  /// - Parameters:
  ///   - view: The screen.
  ///   - data: The flow's data controller.
  ///   - presenter: Formats the header.
  public init(view: any FollowersView, data: any FollowersDataControlling, presenter: any FollowerPresenting) {
    self.view = view
    self.data = data
    self.presenter = presenter
  }

  /// Loads and shows the followers of `login`.
  ///
  /// - Parameter login: A valid login.
  /// - Returns: The error shown, or `nil` when the followers were shown.
  @discardableResult
  public func load(_ login: String) async -> (any Error)? {
    do {
      let profile = try await data.profile(of: login)
      let header = presenter.followersHeader(for: profile.user, shownCount: profile.followers.count)
      view.showFollowers(header: header, logins: profile.followers.map(\.login))
      return nil
    } catch {
      view.showError(String(describing: error))
      return error
    }
  }
}
