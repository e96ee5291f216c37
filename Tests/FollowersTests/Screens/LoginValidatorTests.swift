import FollowersKit
import Testing

/// The rules, tested once, on the validator itself (seed 000); the registration view model's tests
/// need only a stub's two outcomes (RegistrationViewModelTests).
@Suite("LoginValidator")
struct LoginValidatorTests {
  let validator = LoginValidator()

  @Test(
    "accepts GitHub-style logins and trims surrounding whitespace",
    arguments: [
      ("octocat", "octocat"),
      ("  octocat \n", "octocat"),
      ("\tMona-Lisa42\t", "Mona-Lisa42"),
      ("a", "a"),
      ("0", "0"),
      ("a-b-c", "a-b-c"),
      (String(repeating: "x", count: 39), String(repeating: "x", count: 39)),
    ])
  func acceptsValidLogins(input: String, normalized: String) {
    let result = validator.validate(input)
    #expect(result == .valid(login: normalized))
    #expect(result.login == normalized)
    #expect(result.reason == nil)
    #expect(result.isValid)
  }

  @Test(
    "rejects logins with one exact sentence per rule",
    arguments: [
      ("", "Enter a GitHub username."),
      ("   \n\t", "Enter a GitHub username."),
      (
        String(repeating: "x", count: 40),
        "A GitHub username can have at most 39 characters, but this one has 40."
      ),
      (
        "octo_cat",
        "A GitHub username can only contain ASCII letters, digits and hyphens, so '_' is not allowed."
      ),
      (
        "octo cat",
        "A GitHub username can only contain ASCII letters, digits and hyphens, so a space is not allowed."
      ),
      (
        "octo\ncat",
        "A GitHub username can only contain ASCII letters, digits and hyphens, so U+000A is not allowed."
      ),
      (
        "café",
        "A GitHub username can only contain ASCII letters, digits and hyphens, so 'é' is not allowed."
      ),
      (
        "octo.cat",
        "A GitHub username can only contain ASCII letters, digits and hyphens, so '.' is not allowed."
      ),
      ("-octocat", "A GitHub username cannot start with a hyphen."),
      ("-", "A GitHub username cannot start with a hyphen."),
      ("octocat-", "A GitHub username cannot end with a hyphen."),
      ("octo--cat", "A GitHub username cannot contain two hyphens in a row."),
    ])
  func rejectsInvalidLogins(input: String, reason: String) {
    let result = validator.validate(input)
    #expect(result == .invalid(reason: reason))
    #expect(result.reason == reason)
    #expect(result.login == nil)
    #expect(!result.isValid)
  }
}
