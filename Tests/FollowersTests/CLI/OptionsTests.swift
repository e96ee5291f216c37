import FollowersKit
import Foundation
import Testing

@Suite("Command-line options")
struct OptionsTests {
  @Test("options and a login are read, in any order")
  func parses() throws {
    let options = try FollowersOptions(
      arguments: [
        "--timeout", "2.5", "octocat", "--api-url=http://127.0.0.1:8080/api", "--mock", "--page", "3", "--per-page=30",
      ], variables: [:])
    #expect(options.login == "octocat")
    #expect(options.timeout == 2.5)
    #expect(options.apiURL.absoluteString == "http://127.0.0.1:8080/api")
    #expect((options.page, options.pageSize) == (3, 30))
    #expect(!options.printGraph && !options.showHelp && !options.showVersion)
  }

  @Test("the defaults: GitHub's API, 10 seconds, the first page of 100")
  func defaults() throws {
    let options = try FollowersOptions(arguments: [], variables: [:])
    #expect(options.apiURL.absoluteString == "https://api.github.com")
    #expect((options.timeout, options.page, options.pageSize) == (10, 1, 100))
    #expect(try FollowersOptions(arguments: ["--version"], variables: [:]).showVersion)
  }

  @Test("GITHUB_API_URL sets the base URL, and --api-url wins over it")
  func apiURLPrecedence() throws {
    let variables = ["GITHUB_API_URL": "https://ghe.example.com/api/v3"]
    #expect(try FollowersOptions(arguments: [], variables: variables).apiURL.host == "ghe.example.com")
    #expect(
      try FollowersOptions(arguments: ["--api-url", "http://localhost:1"], variables: variables).apiURL.host
        == "localhost")
  }

  @Test("-- ends the options, so a login may start with a hyphen (and be refused by the validator)")
  func doubleDash() throws {
    #expect(try FollowersOptions(arguments: ["--", "-x"], variables: [:]).login == "-x")
  }

  @Test(
    "bad command lines are usage errors, each with its exact message",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["--timeout"], "--timeout needs a value"),
      (["--timeout", "--mock"], "--timeout needs a value"),
      (["--timeout", "0"], "--timeout must be a number of seconds from 1 to 3600, not '0'"),
      (["--timeout", "0.5"], "--timeout must be a number of seconds from 1 to 3600, not '0.5'"),
      (["--timeout", "3601"], "--timeout must be a number of seconds from 1 to 3600, not '3601'"),
      (["--timeout", "9.3e15"], "--timeout must be a number of seconds from 1 to 3600, not '9.3e15'"),
      (["--timeout", "1e300"], "--timeout must be a number of seconds from 1 to 3600, not '1e300'"),
      (["--timeout", "nan"], "--timeout must be a number of seconds from 1 to 3600, not 'nan'"),
      (["--timeout", "soon"], "--timeout must be a number of seconds from 1 to 3600, not 'soon'"),
      (["--page", "0"], "--page must be a whole number from 1 to 1,000,000, not '0'"),
      (["--page", "-2"], "--page must be a whole number from 1 to 1,000,000, not '-2'"),
      (["--page=1.5"], "--page must be a whole number from 1 to 1,000,000, not '1.5'"),
      (
        ["--page", "99999999999999999999"],
        "--page must be a whole number from 1 to 1,000,000, not '99999999999999999999'"
      ),
      (["--per-page", "101"], "--per-page must be a whole number from 1 to 100, not '101'"),
      (["--api-url", "ftp://example.com"], "--api-url must be an http or https URL, not 'ftp://example.com'"),
      (["--api-url", "nonsense"], "--api-url must be an http or https URL, not 'nonsense'"),
      (["one", "two"], "unexpected argument 'two': give one login"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try FollowersOptions(arguments: arguments, variables: [:]) }
  }

  @Test("a value is quoted in the message made safe to print")
  func escapesValues() {
    #expect(throws: UsageError(#"--per-page must be a whole number from 1 to 100, not 'x\u{1B}[2J'"#)) {
      try FollowersOptions(arguments: ["--per-page", "x\u{1B}[2J"], variables: [:])
    }
  }

  @Test("a bad GITHUB_API_URL is a usage error too")
  func badVariable() {
    #expect(throws: UsageError("GITHUB_API_URL must be an http or https URL, not 'x'")) {
      try FollowersOptions(arguments: [], variables: ["GITHUB_API_URL": "x"])
    }
  }

  @Test("exit statuses follow how the flow ended")
  func exitStatuses() {
    #expect(ExitStatus(.finished) == .success)
    #expect(ExitStatus(.invalidLogin) == .usage)
    #expect(ExitStatus(.failed(.notFound)) == .notFound)
    #expect(ExitStatus(.failed(.timedOut)) == .failure)
    #expect(ExitStatus(.failed(nil)) == .failure)
    #expect(ExitStatus(.noLogin) == .failure)
    #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3])
  }
}
