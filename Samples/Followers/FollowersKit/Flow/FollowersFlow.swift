/// Makes the views of the flow's screens; the terminal front end (or a test) implements it. The
/// caller keeps each view while its screen runs: a view model holds its view weakly.
@MainActor
public protocol FollowersScreens: AnyObject {
  /// The registration screen's view.
  func registrationView() -> any RegistrationView
  /// The profile screen's view.
  func profileView() -> any ProfileView
  /// The followers screen's view.
  func followersView() -> any FollowersView
}

/// One opened flow: each screen's view model, built for its view from the flow's graph, so the
/// screens share the flow's data controller.
@MainActor
public struct FollowersFlow {
  /// Builds the registration screen's view model for its view.
  public let makeRegistration: @MainActor (any RegistrationView) -> RegistrationViewModel
  /// Builds the profile screen's view model for its view.
  public let makeProfile: @MainActor (any ProfileView) -> ProfileViewModel
  /// Builds the followers screen's view model for its view.
  public let makeFollowers: @MainActor (any FollowersView) -> FollowersViewModel

  /// Creates a flow from its screens' factories.
  ///
  /// - Parameters:
  ///   - makeRegistration: Builds the registration screen's view model.
  ///   - makeProfile: Builds the profile screen's view model.
  ///   - makeFollowers: Builds the followers screen's view model.
  public init(
    makeRegistration: @escaping @MainActor (any RegistrationView) -> RegistrationViewModel,
    makeProfile: @escaping @MainActor (any ProfileView) -> ProfileViewModel,
    makeFollowers: @escaping @MainActor (any FollowersView) -> FollowersViewModel
  ) {
    self.makeRegistration = makeRegistration
    self.makeProfile = makeProfile
    self.makeFollowers = makeFollowers
  }
}
