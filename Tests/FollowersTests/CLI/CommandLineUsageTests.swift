import Testing

/// A command line, what it must write to standard error, and its exit status.
struct UsageCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  let environment: [String: String]
  let errors: String
  let status: Int32

  init(_ arguments: [String], environment: [String: String] = [:], _ errors: String, status: Int32 = 2) {
    self.arguments = arguments
    self.environment = environment
    self.errors = errors
    self.status = status
  }

  var testDescription: String {
    (environment.map { "\($0.key)=\($0.value) " }.joined() + arguments.joined(separator: " "))
      .unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
  }
}

/// Mistakes on the command line and in the environment variables, end to end: each is refused before
/// anything is done, with its exact message and status 2, and nothing on standard output.
@Suite("The followers command refuses bad input")
struct CommandLineUsageTests {
  @Test(
    "every bad input is a usage error, whatever else the command line asks for",
    arguments: [
      UsageCase(["--mock=1", "octocat"], "error: --mock takes no value\n" + usageLines),
      UsageCase(["--mock=yes", "octocat"], "error: --mock takes no value\n" + usageLines),
      UsageCase(["--graph=no"], "error: --graph takes no value\n" + usageLines),
      UsageCase(
        ["--graph", "octocat"],
        "error: --graph prints the dependency graph and shows no user: drop 'octocat', or drop --graph\n" + usageLines),
      UsageCase(["--help=x"], "error: --help takes no value\n" + usageLines),
      UsageCase(["--version=x"], "error: --version takes no value\n" + usageLines),
      UsageCase(
        ["--mock", "--", "octocat", "--page", "0"],
        "error: unexpected argument '--page' after the login 'octocat': give one login\n" + usageLines),
      UsageCase(
        ["--mock", "--", "--", "octocat"],
        "error: unexpected argument 'octocat' after the login '--': give one login\n" + usageLines),
      UsageCase(["--mock", "--=octocat"], "error: unknown option '--=octocat'\n" + usageLines),
      UsageCase(["--mock", "--x\ny"], #"error: unknown option '--x\u{A}y'"# + "\n" + usageLines),
      UsageCase(["--environment"], "error: --environment needs a value: live, mock, test or preview\n" + usageLines),
      UsageCase(
        ["--environment=", "octocat"], "error: --environment needs a value: live, mock, test or preview\n" + usageLines),
      UsageCase(
        ["--environment", "staging", "octocat"],
        """
        error: unknown environment 'staging' (from --environment)
          known environments: live, mock, test, preview
        fix: use one of the known environments, for example --environment mock

        """ + usageLines),
      UsageCase(
        ["octocat"], environment: ["SHEATH_ENV": "staging"],
        """
        error: unknown environment 'staging' (from SHEATH_ENV)
          known environments: live, mock, test, preview
        fix: set SHEATH_ENV to one of the known environments, or unset it

        """ + usageLines),
      UsageCase(
        ["--mock", "--environment", "live", "octocat"],
        """
        error: --mock and --environment live disagree
          known environments: live, mock, test, preview
        fix: pass either --mock or --environment NAME, not both

        """ + usageLines),
      UsageCase(
        ["--mock", "--page", "+2", "octocat"],
        "error: --page must be a whole number from 1 to 1,000,000, not '+2'\n" + usageLines),
      UsageCase(
        ["--mock", "--timeout", "0x10", "octocat"],
        "error: --timeout must be a whole number of seconds from 1 to 3600, not '0x10'\n" + usageLines),
      UsageCase(
        ["--mock", "--timeout", "1e3", "octocat"],
        "error: --timeout must be a whole number of seconds from 1 to 3600, not '1e3'\n" + usageLines),
      UsageCase(
        ["octocat"], environment: ["GITHUB_API_URL": "ftp://x"],
        "error: GITHUB_API_URL must be an http or https URL, not 'ftp://x'\n" + usageLines),
      UsageCase(
        ["--graph"], environment: ["GITHUB_API_URL": "ftp://x"],
        "error: GITHUB_API_URL must be an http or https URL, not 'ftp://x'\n" + usageLines),
      UsageCase(
        ["--mock", "--graph", "bad_login"],
        "error: --graph prints the dependency graph and shows no user: drop 'bad_login', or drop --graph\n"
          + usageLines),
      UsageCase(
        ["--graph", "--page", "0"], "error: --page must be a whole number from 1 to 1,000,000, not '0'\n" + usageLines),
    ])
  func refused(_ usage: UsageCase) async throws {
    let run = try await runFollowers(usage.arguments, environment: usage.environment)
    #expect(run.status == usage.status)
    expectText(run.errors, usage.errors)
    #expect(run.errors.hasSuffix("\n"))
    #expect(run.output == "")
  }

  @Test("a bad GITHUB_API_URL does not stop --help, --version, a --mock run or an explicit --api-url")
  func apiURLVariableOnlyWhereUsed() async throws {
    let bad = ["GITHUB_API_URL": "ftp://x"]
    let help = try await runFollowers(["--help"], environment: bad)
    #expect(help.status == 0 && help.errors == "" && help.output.hasPrefix("USAGE: followers"))
    let version = try await runFollowers(["--version"], environment: bad)
    #expect(version.status == 0 && version.errors == "" && version.output == "followers 0.1.0\n")
    let mock = try await runFollowers(["--mock", "solo-dev"], environment: bad)
    #expect(mock.status == 0 && mock.errors == "")
    expectText(
      mock.output,
      "Solo Developer (@solo-dev)\n1 follower\nFollowed by octocat\n\nFollowers of @solo-dev (showing 1–1 of 1)\noctocat"
    )
    let graph = try await runFollowers(["--mock", "--graph"], environment: bad)
    #expect(graph.status == 0 && graph.errors == "" && graph.output.hasPrefix("digraph Sheath {"))
    try await withStubServer { server in
      let live = try await runFollowers(["--api-url", server.baseURL.absoluteString, "octocat"], environment: bad)
      #expect(live.status == 0)
      #expect(live.errors == "")
      #expect(live.output.hasPrefix("The Octocat (@octocat)\n"))
    }
  }

  @Test("a login never chooses the environment: 'xctest' is a login, looked up on the live API")
  func loginDoesNotChooseTheEnvironment() async throws {
    try await withStubServer { server in
      let run = try await runFollowers(["--api-url", server.baseURL.absoluteString, "xctest"])
      #expect(run.status == 3)
      #expect(run.errors == "error: No GitHub user named 'xctest'.\n")
      #expect(server.requests.map(\.target).contains("/users/xctest"))
    }
  }
}
