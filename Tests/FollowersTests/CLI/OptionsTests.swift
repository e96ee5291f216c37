import FollowersKit
import Foundation
import Sheath
import Testing

@Suite("Command-line options")
struct OptionsTests {
  @Test("options and a login are read, in any order")
  func parses() throws {
    let options = try FollowersOptions(arguments: [
      "--timeout", "25", "octocat", "--api-url=http://127.0.0.1:8080/api", "--mock", "--page", "3", "--per-page=30",
    ])
    #expect(options.login == "octocat")
    #expect(options.environment == .mock)
    #expect(options.timeout == 25)
    #expect(options.apiURL?.absoluteString == "http://127.0.0.1:8080/api")
    #expect((options.page, options.pageSize) == (3, 30))
    #expect(!options.printGraph && !options.showHelp && !options.showVersion)
  }

  @Test("the defaults: no environment or URL chosen, 10 seconds, the first page of 100")
  func defaults() throws {
    let options = try FollowersOptions(arguments: [])
    #expect(options.environment == nil && options.apiURL == nil && options.login == nil)
    #expect((options.timeout, options.page, options.pageSize) == (10, 1, 100))
    #expect(try FollowersOptions(arguments: ["--version"]).showVersion)
  }

  @Test("--environment names the environment; --mock is the same as --environment mock")
  func environments() throws {
    #expect(try FollowersOptions(arguments: ["--environment", "preview"]).environment == .preview)
    #expect(try FollowersOptions(arguments: ["--environment=test"]).environment == .test)
    #expect(try FollowersOptions(arguments: ["--mock", "--environment", "mock"]).environment == .mock)
  }

  @Test(
    "-- ends the options: everything after it is an argument, as in POSIX tools",
    arguments: [
      (["--", "-x"], "-x"),
      (["--mock", "--", "--page"], "--page"),
      (["--", "--"], "--"),
      (["--", "--mock=1"], "--mock=1"),
    ])
  func doubleDash(arguments: [String], login: String) throws {
    let options = try FollowersOptions(arguments: arguments)
    #expect(options.login == login)
    #expect(options.page == 1)
    #expect(options.environment == (arguments.first == "--mock" ? .mock : nil))
  }

  @Test(
    "bad command lines are usage errors, each with its exact message",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["--=octocat"], "unknown option '--=octocat'"),
      (["-h=x"], "unknown option '-h=x'"),
      (["--x\ny"], #"unknown option '--x\u{A}y'"#),
      (["--mock=1"], "--mock takes no value"),
      (["--mock=yes", "octocat"], "--mock takes no value"),
      (["--mock="], "--mock takes no value"),
      (["--graph=no"], "--graph takes no value"),
      (["--help=x"], "--help takes no value"),
      (["--version=x"], "--version takes no value"),
      (["--timeout"], "--timeout needs a value"),
      (["--timeout", "--mock"], "--timeout needs a value"),
      (["--timeout="], "--timeout needs a value"),
      (["--timeout", ""], "--timeout needs a value"),
      (["--timeout", "0"], "--timeout must be a whole number of seconds from 1 to 3600, not '0'"),
      (["--timeout", "0.5"], "--timeout must be a whole number of seconds from 1 to 3600, not '0.5'"),
      (["--timeout", "2.5"], "--timeout must be a whole number of seconds from 1 to 3600, not '2.5'"),
      (["--timeout", "3601"], "--timeout must be a whole number of seconds from 1 to 3600, not '3601'"),
      (["--timeout", "0x10"], "--timeout must be a whole number of seconds from 1 to 3600, not '0x10'"),
      (["--timeout", "1e3"], "--timeout must be a whole number of seconds from 1 to 3600, not '1e3'"),
      (["--timeout", "9.3e15"], "--timeout must be a whole number of seconds from 1 to 3600, not '9.3e15'"),
      (["--timeout", "nan"], "--timeout must be a whole number of seconds from 1 to 3600, not 'nan'"),
      (["--timeout", "soon"], "--timeout must be a whole number of seconds from 1 to 3600, not 'soon'"),
      (["--page", "0"], "--page must be a whole number from 1 to 1,000,000, not '0'"),
      (["--page", "-2"], "--page must be a whole number from 1 to 1,000,000, not '-2'"),
      (["--page", "+2"], "--page must be a whole number from 1 to 1,000,000, not '+2'"),
      (["--page", " 2"], "--page must be a whole number from 1 to 1,000,000, not ' 2'"),
      (["--page", "２"], "--page must be a whole number from 1 to 1,000,000, not '２'"),
      (["--page=1.5"], "--page must be a whole number from 1 to 1,000,000, not '1.5'"),
      (
        ["--page", "99999999999999999999"],
        "--page must be a whole number from 1 to 1,000,000, not '99999999999999999999'"
      ),
      (["--per-page", "101"], "--per-page must be a whole number from 1 to 100, not '101'"),
      (["--per-page", "0x10"], "--per-page must be a whole number from 1 to 100, not '0x10'"),
      (["--api-url", "ftp://example.com"], "--api-url must be an http or https URL, not 'ftp://example.com'"),
      (["--api-url", "nonsense"], "--api-url must be an http or https URL, not 'nonsense'"),
      (["one", "two"], "unexpected argument 'two' after the login 'one': give one login"),
      (
        ["--graph", "octocat"], "--graph prints the dependency graph and shows no user: drop 'octocat', or drop --graph"
      ),
      (
        ["octocat", "--mock", "--graph"],
        "--graph prints the dependency graph and shows no user: drop 'octocat', or drop --graph"
      ),
      (["--", "octocat", "--page", "0"], "unexpected argument '--page' after the login 'octocat': give one login"),
      (["--", "--", "octocat"], "unexpected argument 'octocat' after the login '--': give one login"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try FollowersOptions(arguments: arguments) }
  }

  @Test(
    "--environment without a name says so in one message, however it is left out",
    arguments: [["--environment"], ["--environment="], ["--environment", ""], ["--environment", "--mock"]])
  func missingEnvironment(arguments: [String]) {
    #expect(throws: UsageError("--environment needs a value: live, mock, test or preview")) {
      try FollowersOptions(arguments: arguments)
    }
  }

  @Test("an unknown environment lists the known ones, with a fix a user of the command can make")
  func unknownEnvironment() {
    #expect(
      throws: UsageError(
        """
        unknown environment 'staging' (from --environment)
          known environments: live, mock, test, preview
        fix: use one of the known environments, for example --environment mock
        """)
    ) { try FollowersOptions(arguments: ["--environment", "staging"]) }
  }

  @Test("--mock with another environment is a conflict, in either order")
  func conflictingEnvironments() {
    let conflict = UsageError(
      """
      --mock and --environment live disagree
        known environments: live, mock, test, preview
      fix: pass either --mock or --environment NAME, not both
      """)
    #expect(throws: conflict) { try FollowersOptions(arguments: ["--mock", "--environment", "live"]) }
    #expect(throws: conflict) { try FollowersOptions(arguments: ["--environment=live", "--mock"]) }
  }

  @Test("two --environment options that name different environments are a conflict; the same one twice is not")
  func repeatedEnvironments() throws {
    #expect(
      throws: UsageError(
        """
        --environment mock and --environment live disagree
          known environments: live, mock, test, preview
        fix: pass --environment once
        """)
    ) { try FollowersOptions(arguments: ["--environment", "mock", "--environment=live"]) }
    #expect(try FollowersOptions(arguments: ["--environment", "mock", "--environment", "mock"]).environment == .mock)
  }

  @Test("a value is quoted in the message made safe to print")
  func escapesValues() {
    #expect(throws: UsageError(#"--per-page must be a whole number from 1 to 100, not 'x\u{1B}[2J'"#)) {
      try FollowersOptions(arguments: ["--per-page", "x\u{1B}[2J"])
    }
    #expect(
      throws: UsageError(
        """
        unknown environment 'a\\u{A}b' (from --environment)
          known environments: live, mock, test, preview
        fix: use one of the known environments, for example --environment mock
        """)
    ) { try FollowersOptions(arguments: ["--environment", "a\nb"]) }
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

/// What the environment variables add to the options, and when they are read.
@Suite("Options and environment variables")
struct OptionVariablesTests {
  @Test("the options' environment wins; else SHEATH_ENV; else live")
  func environmentPrecedence() throws {
    let staging = ["SHEATH_ENV": "preview"]
    #expect(try FollowersOptions(arguments: ["--mock"]).detectEnvironment(variables: staging) == .mock)
    #expect(try FollowersOptions(arguments: []).detectEnvironment(variables: staging) == .preview)
    #expect(try FollowersOptions(arguments: []).detectEnvironment(variables: [:]) == .live)
  }

  @Test(
    "only what the options parsed chooses the environment: not a login, nor anything after --",
    arguments: [["xctest"], ["--", "--mock"], ["--", "--environment=mock"], ["--", "--testing-library"]])
  func argumentsDoNotChoose(arguments: [String]) throws {
    #expect(try FollowersOptions(arguments: arguments).detectEnvironment(variables: [:]) == .live)
  }

  @Test("an unknown SHEATH_ENV is refused with a fix for the variable, unless an option names the environment")
  func unknownVariable() throws {
    let variables = ["SHEATH_ENV": "stagin\u{1B}[2J"]
    #expect(
      throws: UsageError(
        """
        unknown environment 'stagin\\u{1B}[2J' (from SHEATH_ENV)
          known environments: live, mock, test, preview
        fix: set SHEATH_ENV to one of the known environments, or unset it
        """)
    ) { try FollowersOptions(arguments: []).detectEnvironment(variables: variables) }
    #expect(try FollowersOptions(arguments: ["--mock"]).detectEnvironment(variables: variables) == .mock)
  }

  @Test("GITHUB_API_URL sets a live run's base URL, and --api-url wins over it")
  func apiURLPrecedence() throws {
    let variables = ["GITHUB_API_URL": "https://ghe.example.com/api/v3"]
    let live = try FollowersOptions(arguments: []).configuration(for: .live, variables: variables)
    #expect(live.apiURL.absoluteString == "https://ghe.example.com/api/v3")
    let given = try FollowersOptions(arguments: ["--api-url", "http://localhost:1"])
    #expect(try given.configuration(for: .live, variables: variables).apiURL.absoluteString == "http://localhost:1")
    #expect(
      try FollowersOptions(arguments: []).configuration(for: .live, variables: [:]).apiURL.host == "api.github.com")
  }

  @Test("a bad GITHUB_API_URL is a usage error where it is used: live, without --api-url")
  func badVariable() throws {
    let variables = ["GITHUB_API_URL": "ftp://x"]
    #expect(throws: UsageError("GITHUB_API_URL must be an http or https URL, not 'ftp://x'")) {
      try FollowersOptions(arguments: []).configuration(for: .live, variables: variables)
    }
    let given = try FollowersOptions(arguments: ["--api-url", "http://localhost:1"])
    #expect(try given.configuration(for: .live, variables: variables).apiURL.host == "localhost")
    #expect(
      try FollowersOptions(arguments: []).configuration(for: .mock, variables: variables).apiURL.host
        == "api.github.com")
  }

  @Test("the configuration carries the options and the token")
  func configuration() throws {
    let options = try FollowersOptions(arguments: ["--timeout", "7", "--per-page", "5"])
    let configuration = try options.configuration(for: .mock, variables: ["GITHUB_TOKEN": "s3cret"])
    #expect(
      configuration
        == FollowersConfiguration(
          apiURL: LiveUserAPI.gitHubBaseURL, timeout: 7, token: GitHubToken("s3cret"), pageSize: 5))
  }
}
