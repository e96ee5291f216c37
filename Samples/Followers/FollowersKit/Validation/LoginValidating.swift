/// The outcome of checking a typed-in GitHub login.
public enum LoginValidation: Sendable, Equatable, Hashable {
  /// The login is acceptable; the associated value is the normalized (trimmed) login.
  case valid(login: String)
  /// The login is not acceptable; the associated value is one sentence saying why.
  case invalid(reason: String)

  /// The normalized login when valid, otherwise `nil`.
  public var login: String? {
    if case .valid(let login) = self {
      return login
    }
    return nil
  }

  /// The reason when invalid, otherwise `nil`.
  public var reason: String? {
    if case .invalid(let reason) = self {
      return reason
    }
    return nil
  }

  /// Whether the login is acceptable.
  public var isValid: Bool {
    login != nil
  }
}

/// Checks typed-in logins before any network call.
///
/// View models depend on this protocol; tests can substitute a stub that
/// returns a fixed ``LoginValidation`` for either outcome.
public protocol LoginValidating: Sendable {
  /// Checks and normalizes a login as the user typed it.
  ///
  /// - Parameter input: The raw text, possibly with surrounding whitespace.
  /// - Returns: ``LoginValidation/valid(login:)`` with the trimmed login, or
  ///   ``LoginValidation/invalid(reason:)`` with one sentence explaining the first rule broken.
  func validate(_ input: String) -> LoginValidation
}
