import FollowersKit
import Foundation
import Testing

@Suite("Command-line options")
struct OptionsTests {
  @Test("options and a login are read, in any order")
  func parses() throws {
    let options = try FollowersOptions(
      arguments: ["--timeout", "2.5", "octocat", "--api-url=http://127.0.0.1:8080/api", "--mock"], variables: [:])
    #expect(options.login == "octocat")
    #expect(options.timeout == 2.5)
    #expect(options.apiURL.absoluteString == "http://127.0.0.1:8080/api")
    #expect(!options.printGraph && !options.showHelp)
  }

  @Test("GITHUB_API_URL sets the base URL, and --api-url wins over it")
  func apiURLPrecedence() throws {
    let variables = ["GITHUB_API_URL": "https://ghe.example.com/api/v3"]
    #expect(try FollowersOptions(arguments: [], variables: variables).apiURL.host == "ghe.example.com")
    #expect(
      try FollowersOptions(arguments: ["--api-url", "http://localhost:1"], variables: variables).apiURL.host
        == "localhost")
    #expect(try FollowersOptions(arguments: [], variables: [:]).apiURL.absoluteString == "https://api.github.com")
  }

  @Test("-- ends the options, so a login may start with a hyphen (and be refused by the validator)")
  func doubleDash() throws {
    #expect(try FollowersOptions(arguments: ["--", "-x"], variables: [:]).login == "-x")
  }

  @Test(
    "bad command lines are usage errors",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["--timeout"], "--timeout needs a value"),
      (["--timeout", "--mock"], "--timeout needs a value"),
      (["--timeout", "0"], "--timeout must be a positive number of seconds, not '0'"),
      (["--timeout", "soon"], "--timeout must be a positive number of seconds, not 'soon'"),
      (["--api-url", "ftp://example.com"], "--api-url must be an http or https URL, not 'ftp://example.com'"),
      (["--api-url", "nonsense"], "--api-url must be an http or https URL, not 'nonsense'"),
      (["one", "two"], "unexpected argument 'two': give one login"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try FollowersOptions(arguments: arguments, variables: [:]) }
  }

  @Test("a bad GITHUB_API_URL is a usage error too")
  func badVariable() {
    #expect(throws: UsageError("GITHUB_API_URL must be an http or https URL, not 'x'")) {
      try FollowersOptions(arguments: [], variables: ["GITHUB_API_URL": "x"])
    }
  }
}
