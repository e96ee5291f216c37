/// How a run of the flow ended.
public enum FlowOutcome: Equatable, Sendable {
  /// Every screen was shown.
  case finished
  /// The login given up front, or the only one the registration screen could read, was invalid (the
  /// view said why).
  case invalidLogin
  /// The input ended before a valid login was entered.
  case noLogin
  /// The API failed (the view said why); the error's kind, or `nil` for another error.
  case failed(UserAPIError.Kind?)
  /// The flow was cancelled before it finished.
  case cancelled
}

/// Moves through the flow's screens: the navigator of "8 Patterns to Help You Destroy Massive View Controller".
@MainActor
public protocol FollowersNavigating: AnyObject {
  /// Runs the flow: registration, then the profile, then the followers from a page on.
  ///
  /// - Parameters:
  ///   - login: A login given up front, or `nil` to ask for one.
  ///   - page: The first page of followers to show, from 1.
  /// - Returns: How the flow ended.
  func start(login: String?, page: Int) async -> FlowOutcome
}

/// Opens a flow and moves through its screens: registration, then profile, then followers.
///
/// It knows each screen only by a factory that builds its view model for a view, so the order is
/// tested with stub screens, and each view model on its own. Opening the flow is one injected
/// closure, the single place that changes when the flow's graph is opened from here rather than
/// by the command.
@MainActor
public final class FollowersNavigator: FollowersNavigating {
  private let screens: any FollowersScreens
  private let openFlow: @MainActor () -> FollowersFlow

  /// Creates a navigator.
  ///
  /// - Parameters:
  ///   - screens: Makes the views.
  ///   - openFlow: Opens a flow and returns its screens' factories.
  public init(screens: any FollowersScreens, openFlow: @escaping @MainActor () -> FollowersFlow) {
    self.screens = screens
    self.openFlow = openFlow
  }

  /// Runs the flow.
  public func start(login: String?, page: Int) async -> FlowOutcome {
    let flow = openFlow()
    let registration = await show(screens.registrationView(), flow.makeRegistration) { registration in
      guard let login else { return await registration.run() }
      return registration.submit(login).map { .registered(login: $0) } ?? .invalid
    }
    let validLogin: String
    switch registration {
    case .registered(let login): validLogin = login
    case .invalid: return .invalidLogin
    case .noInput: return .noLogin
    }
    let profile = await show(screens.profileView(), flow.makeProfile) { await $0.load(validLogin) }
    guard profile == .shown else { return Self.outcome(of: profile) }
    let query = FollowersQuery(login: validLogin, firstPage: page)
    return Self.outcome(of: await show(screens.followersView(), flow.makeFollowers) { await $0.load(query) })
  }

  /// Shows one screen: builds its view model for its view and runs it, keeping the view until the
  /// screen is done — as a view controller keeps its view while it is on screen. The view model holds
  /// its view weakly, so without this the view would go as soon as the view model was made.
  private func show<View, ViewModel, Outcome>(
    _ view: View, _ makeViewModel: @MainActor (View) -> ViewModel,
    run: @MainActor (ViewModel) async -> Outcome
  ) async -> Outcome {
    defer { withExtendedLifetime(view) {} }
    return await run(makeViewModel(view))
  }

  private static func outcome(of load: LoadOutcome) -> FlowOutcome {
    switch load {
    case .shown: .finished
    case .failed(let kind): .failed(kind)
    case .cancelled: .cancelled
    }
  }
}
