/// What the profile screen shows; the terminal (or a test) implements it.
@MainActor
public protocol ProfileView: AnyObject {
  /// Shows the user's title and the presenter's lines (each omitted when it has nothing to say).
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

/// The profile screen's logic: loads the user through the flow's data controller and hands the
/// presenter's lines to the view.
@MainActor
public final class ProfileViewModel {
  private let view: any ProfileView
  private let data: any FollowersDataControlling
  private let presenter: any FollowerPresenting

  /// Creates the view model for a view.
  ///
  /// - Parameters:
  ///   - view: The screen.
  ///   - data: The flow's data controller.
  ///   - presenter: Formats the lines.
  public init(view: any ProfileView, data: any FollowersDataControlling, presenter: any FollowerPresenting) {
    self.view = view
    self.data = data
    self.presenter = presenter
  }

  /// Loads and shows the profile of `login`.
  ///
  /// - Parameter login: A valid login.
  /// - Returns: The error shown, or `nil` when the profile was shown.
  @discardableResult
  public func load(_ login: String) async -> (any Error)? {
    do {
      let profile = try await data.profile(of: login)
      let count = profile.user.followers
      let lines = [
        presenter.followerCountLine(count: count),
        presenter.followedByLine(followers: profile.followers, totalCount: count),
      ]
      view.showProfile(title: presenter.profileTitle(for: profile.user), lines: lines.compactMap { $0 })
      return nil
    } catch {
      view.showError(String(describing: error))
      return error
    }
  }
}
