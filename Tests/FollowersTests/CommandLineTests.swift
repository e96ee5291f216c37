import FollowersKit
import Foundation
import Testing

/// The `followers` executable, run end to end as a user would.
@Suite("The followers command")
struct CommandLineTests {
  @Test("--mock octocat prints the two screens, and nothing else when piped")
  func mockRun() async throws {
    let run = try await runFollowers(["--mock", "octocat"])
    #expect(run.status == 0)
    expectLines(
      run.output,
      """
      The Octocat (@octocat)
      8 followers
      Followed by Alice, bob, Carol and 5 others

      Followers of @octocat (showing 1–8 of 8)
      Alice
      bob
      Carol
      dave42
      Eve
      Mallory
      trent
      zoe-dev
      """)
    #expect(run.errors == "")
  }

  @Test("SHEATH_ENV=mock selects the fake API too")
  func mockByVariable() async throws {
    let run = try await runFollowers(["lonely-dev"], environment: ["SHEATH_ENV": "mock"])
    #expect(run.status == 0)
    expectLines(run.output, "Lonely Developer (@lonely-dev)\n\nFollowers of @lonely-dev (none)")
  }

  @Test("without a login it asks, says why an answer is invalid, and asks again")
  func interactive() async throws {
    let run = try await runFollowers(["--mock"], input: "bad--name\n  nameless  \n")
    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        "GitHub username: A GitHub username cannot contain two hyphens in a row.\nGitHub username: @nameless\n"))
    let ended = try await runFollowers(["--mock"], input: "")
    #expect(ended.status == 1)
    #expect(ended.errors == "error: no GitHub username was entered\n")
  }

  @Test("an invalid login argument is refused on stderr with status 2")
  func invalidArgument() async throws {
    let run = try await runFollowers(["--mock", "-", "--"])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == "error: A GitHub username cannot start with a hyphen.\n")
  }

  @Test("an unknown user is one line on stderr with status 1")
  func unknownUser() async throws {
    let run = try await runFollowers(["--mock", "nobody-here"])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(run.errors == "error: No GitHub user named 'nobody-here'.\n")
  }

  @Test("an unknown option prints the usage on stderr with status 2")
  func unknownOption() async throws {
    let run = try await runFollowers(["--verbose"])
    #expect(run.status == 2)
    #expect(run.errors == "error: unknown option '--verbose'\n\(FollowersOptions.usage)\n")
  }

  @Test("an unknown environment lists the known ones, status 2")
  func unknownEnvironment() async throws {
    let run = try await runFollowers(["octocat"], environment: ["SHEATH_ENV": "staging"])
    #expect(run.status == 2)
    expectLines(
      run.errors,
      """
      error: unknown environment 'staging' (from SHEATH_ENV)
        known environments: live, mock, test, preview
      fix: use one of the known environments, or pass your own to AppEnvironment.detect(custom:)
      \(FollowersOptions.usage)
      """)
  }

  @Test("--help describes every option")
  func help() async throws {
    let run = try await runFollowers(["--help"])
    #expect(run.status == 0)
    expectLines(run.output, FollowersOptions.help)
    for option in ["--mock", "--environment", "--api-url", "--timeout", "--graph", "GITHUB_TOKEN", "SHEATH_ENV"] {
      #expect(run.output.contains(option))
    }
  }

  @Test("--graph prints the sample's graph as DOT")
  func graph() async throws {
    let run = try await runFollowers(["--graph"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("digraph Sheath {"))
    #expect(run.output.contains(#""Keys.userAPI" -> "Keys.configuration";"#))
  }

  @Test("without --mock it talks to the configured API: a loopback server")
  func liveRun() async throws {
    try await withStubServer { server in
      let run = try await runFollowers(["--api-url", server.baseURL.absoluteString, "octocat"])
      #expect(run.status == 0)
      #expect(run.errors == "")
      #expect(run.output.hasPrefix("The Octocat (@octocat)\n"))
      #expect(run.output.contains("\nFollowers of @octocat (showing "))
    }
  }

  @Test("live errors are one line on stderr, with status 1, and never show the token")
  func liveErrors() async throws {
    try await withStubServer { server in
      let base = server.baseURL.absoluteString
      let cases: [(login: String, error: String)] = [
        ("ghost", "error: No GitHub user named 'ghost'.\n"),
        (
          "server-error",
          "error: Server error (HTTP 500) from \(base)/users/server-error. Try again later, or use --mock to run offline.\n"
        ),
        ("rate-limited", "error: GitHub API rate limit hit (HTTP 403)"),
        (
          "malformed",
          "error: Malformed response from \(base)/users/malformed: the body is not valid JSON. Use --mock to run offline.\n"
        ),
      ]
      for (login, error) in cases {
        let run = try await runFollowers(["--api-url", base, login], environment: ["GITHUB_TOKEN": "secret-token-123"])
        #expect(run.status == 1, "\(login)")
        #expect(run.errors.hasPrefix(error), "\(login): \(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1, "\(login): \(run.errors)")
        #expect(!run.errors.contains("secret-token-123") && !run.output.contains("secret-token-123"))
      }
      let refused = try await runFollowers(["--api-url", server.closedBaseURL.absoluteString, "octocat"])
      #expect(refused.status == 1)
      #expect(
        refused.errors.hasPrefix(
          "error: Could not reach \(server.closedBaseURL.absoluteString)/users/octocat: connection refused."))
      let slow = try await runFollowers(["--api-url", base, "--timeout", "1", "slow"])
      #expect(slow.status == 1)
      #expect(slow.errors.hasPrefix("error: No response from \(base)/users/slow within 1 second."))
    }
  }
}

extension CommandLineTests {
  @Test("with a token, redirects to another port or host reach them without the token")
  func redirectsDropTheToken() async throws {
    try await withStubServer { other in
      try await withStubServer { server in
        let base = server.baseURL.absoluteString
        for login in ["redirect-port-\(other.port)", "redirect-localhost"] {
          let run = try await runFollowers(["--api-url", base, login], environment: ["GITHUB_TOKEN": "s3cret-token"])
          #expect(run.status == 0)
          #expect(run.output.hasPrefix("@echo-auth\n"), "\(login): \(run.output)")
        }
        let fromAPI = server.requests.filter { $0.header("Host") == "127.0.0.1:\(server.port)" }
        let elsewhere = server.requests.filter { $0.header("Host") != "127.0.0.1:\(server.port)" } + other.requests
        #expect(fromAPI.count == 4 && fromAPI.allSatisfy { $0.header("Authorization") == "Bearer s3cret-token" })
        #expect(elsewhere.count == 4 && elsewhere.allSatisfy { $0.header("Authorization") == nil })
      }
    }
  }

  @Test("a token is not sent over plain http to a host that is not loopback, and the command says so")
  func plainHTTPWarning() async throws {
    let run = try await runFollowers(
      ["--api-url", "http://example.com", "--", "-not-a-login"], environment: ["GITHUB_TOKEN": "s3cret-token"])
    #expect(run.status == 2)
    expectLines(
      run.errors,
      """
      warning: GITHUB_TOKEN is not sent to http://example.com: a token goes only over https, or plain http to a loopback host
      error: A GitHub username cannot start with a hyphen.
      """)
  }
}

/// Compares texts line by line, ignoring a final line break.
func expectLines(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let trim: (String) -> String = { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
  #expect(trim(actual) == trim(expected), sourceLocation: sourceLocation)
}
