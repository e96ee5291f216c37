/// Makes the views of the flow's screens; the terminal front end (or a test) implements it.
@MainActor
public protocol FollowersScreens: AnyObject {
  /// The registration screen's view.
  func registrationView() -> any RegistrationView
  /// The profile screen's view.
  func profileView() -> any ProfileView
  /// The followers screen's view.
  func followersView() -> any FollowersView
}

/// How a run of the flow ended.
public enum FlowOutcome: Equatable, Sendable {
  /// Every screen was shown.
  case finished
  /// The login given up front was invalid (the view said why).
  case invalidLogin
  /// The input ended before a valid login was entered.
  case noLogin
  /// The API failed (the view said why).
  case failed
}

/// Moves through the flow's screens: registration, then profile, then followers.
///
/// It knows each screen only by a factory that builds its view model for a view, so the flow's order
/// is tested with stub screens, and each view model is tested on its own.
@MainActor
public final class FollowersNavigator {
  private let screens: any FollowersScreens
  private let makeRegistration: @MainActor (any RegistrationView) -> RegistrationViewModel
  private let makeProfile: @MainActor (any ProfileView) -> ProfileViewModel
  private let makeFollowers: @MainActor (any FollowersView) -> FollowersViewModel

  /// Creates a navigator for one flow.
  ///
  /// - Parameters:
  ///   - screens: Makes the views.
  ///   - makeRegistration: Builds the registration screen's view model for its view.
  ///   - makeProfile: Builds the profile screen's view model for its view.
  ///   - makeFollowers: Builds the followers screen's view model for its view.
  public init(
    screens: any FollowersScreens,
    makeRegistration: @escaping @MainActor (any RegistrationView) -> RegistrationViewModel,
    makeProfile: @escaping @MainActor (any ProfileView) -> ProfileViewModel,
    makeFollowers: @escaping @MainActor (any FollowersView) -> FollowersViewModel
  ) {
    self.screens = screens
    self.makeRegistration = makeRegistration
    self.makeProfile = makeProfile
    self.makeFollowers = makeFollowers
  }

  /// Runs the flow.
  ///
  /// - Parameter login: A login given up front, or `nil` to ask for one.
  /// - Returns: How the flow ended.
  public func start(login: String?) async -> FlowOutcome {
    let registration = makeRegistration(screens.registrationView())
    let validLogin: String
    if let login {
      guard let valid = registration.submit(login) else { return .invalidLogin }
      validLogin = valid
    } else {
      guard let valid = await registration.run() else { return .noLogin }
      validLogin = valid
    }
    guard await makeProfile(screens.profileView()).load(validLogin) == nil else { return .failed }
    guard await makeFollowers(screens.followersView()).load(validLogin) == nil else { return .failed }
    return .finished
  }
}
