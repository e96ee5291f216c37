/// What the registration screen shows; the terminal (or a test) implements it.
@MainActor
public protocol RegistrationView: AnyObject {
  /// Whether the view can ask again after an invalid login: a person at a terminal can answer again;
  /// a line read from a pipe or a file is the only answer.
  var asksAgain: Bool { get }

  /// Asks for a login; `nil` when there is no more input.
  func requestLogin() async -> String?

  /// Says why the login was rejected.
  ///
  /// - Parameter reason: One sentence, from the validator.
  func showInvalidLogin(reason: String)
}

/// How the registration screen ended.
public enum RegistrationOutcome: Equatable, Sendable {
  /// A valid login, as the validator normalized it.
  case registered(login: String)
  /// An invalid login, where the view cannot ask again (it said why).
  case invalid
  /// The input ended before a valid login.
  case noInput
}

/// The registration screen's logic: takes a login, validates it, and says why when it is invalid.
///
/// It knows the validator only by its protocol, so its tests need only the two outcomes — valid and
/// invalid — from a stub; the rules themselves are tested once, on ``LoginValidator``.
@MainActor
public final class RegistrationViewModel {
  /// The screen, held weakly: whoever shows the screen owns the view, and the view owns nothing of
  /// this view model's — as a view controller owns its view model, a strong reference back would be a
  /// retain cycle.
  public private(set) weak var view: (any RegistrationView)?
  private let validator: any LoginValidating

  /// Creates the view model for a view.
  ///
  /// - Parameters:
  ///   - view: The screen; held weakly.
  ///   - validator: Decides whether a login is acceptable.
  public init(view: any RegistrationView, validator: any LoginValidating) {
    self.view = view
    self.validator = validator
  }

  /// Validates a login given up front (a command-line argument).
  ///
  /// - Parameter input: The login as typed.
  /// - Returns: The normalized login, or `nil` after showing why it is invalid.
  public func submit(_ input: String) -> String? {
    switch validator.validate(input) {
    case .valid(let login):
      return login
    case .invalid(let reason):
      view?.showInvalidLogin(reason: reason)
      return nil
    }
  }

  /// Asks until the view supplies a valid login, or as long as the view can ask again.
  ///
  /// - Returns: The normalized login; `invalid` when the view cannot ask again after an invalid one;
  ///   `noInput` when the input ends first.
  public func run() async -> RegistrationOutcome {
    while let input = await view?.requestLogin() {
      if let login = submit(input) { return .registered(login: login) }
      guard view?.asksAgain == true else { return .invalid }
    }
    return .noInput
  }
}
