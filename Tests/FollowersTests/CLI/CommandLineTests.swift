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
    expectText(
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
    expectText(run.output, "Lonely Developer (@lonely-dev)\n\nFollowers of @lonely-dev (none)")
  }

  @Test("--page and --per-page choose the page; piped, the next page is not offered")
  func paging() async throws {
    let run = try await runFollowers(["--mock", "--per-page", "3", "--page", "2", "octocat"])
    #expect(run.status == 0)
    expectText(
      run.output,
      """
      The Octocat (@octocat)
      8 followers
      Followed by Alice, bob, Carol and 5 others

      Followers of @octocat (showing 4–6 of 8)
      dave42
      Eve
      Mallory
      """)
  }

  @Test(
    "the page size changes only how the list is cut: the profile names the same followers, the list keeps one order",
    arguments: [1, 2, 3, 7, 100])
  func pageSizeIndependence(pageSize: Int) async throws {
    var shown: [String] = []
    for page in 1...(8 + pageSize - 1) / pageSize {
      let run = try await runFollowers(["--mock", "--per-page", "\(pageSize)", "--page", "\(page)", "octocat"])
      #expect(run.status == 0 && run.errors == "")
      let lines = run.output.split(separator: "\n").map(String.init)
      #expect(
        lines.prefix(3) == ["The Octocat (@octocat)", "8 followers", "Followed by Alice, bob, Carol and 5 others"])
      shown += lines.dropFirst(4)  // after the profile's three lines and the list's header
    }
    #expect(shown == ["Alice", "bob", "Carol", "dave42", "Eve", "Mallory", "trent", "zoe-dev"])
  }

  @Test("pages from a live API follow its Link header, asking for page and per_page")
  func livePaging() async throws {
    try await withStubServer { server in
      let run = try await runFollowers([
        "--api-url", server.baseURL.absoluteString, "--per-page=2", "--page=3", "paged",
      ])
      #expect(run.status == 0)
      #expect(run.errors == "")
      expectText(
        run.output,
        "Paged (@paged)\n5 followers\nFollowed by eve, Dave, carol and 2 others\n\n"
          + "Followers of @paged (showing 5–5 of 5)\nalice")
      // The profile names three followers: with two a page, it reads the first two pages.
      #expect(
        server.requests.map(\.target).sorted()
          == [
            "/users/paged", "/users/paged/followers?per_page=2&page=1", "/users/paged/followers?per_page=2&page=2",
            "/users/paged/followers?per_page=2&page=3",
          ])
    }
  }

  @Test(
    "each way to end has its exit status and its exact message",
    arguments: [
      (["--mock", "octocat"], "", 0, nil),
      (["--mock"], "", 1, "error: no GitHub username was entered\n"),
      (["--mock", "-", "--"], "", 2, "error: A GitHub username cannot start with a hyphen.\n"),
      (["--mock", "nobody-here"], "", 3, "error: No GitHub user named 'nobody-here'.\n"),
      (
        ["--mock"], "bad_name\n", 2,
        "error: A GitHub username can only contain ASCII letters, digits and hyphens, so '_' is not allowed.\n"
      ),
      (
        ["--verbose"], "", 2,
        "error: unknown option '--verbose'\nUSAGE: followers [<options>] [<login>]\n  See 'followers --help' for more information.\n"
      ),
    ] as [([String], String, Int32, String?)])
  func exitStatuses(arguments: [String], input: String, status: Int32, errors: String?) async throws {
    let run = try await runFollowers(arguments, input: input)
    #expect(run.status == status)
    #expect(run.errors == errors ?? "")
  }

  @Test("an unknown environment lists the known ones and how to fix the variable, status 2")
  func unknownEnvironment() async throws {
    let run = try await runFollowers(["octocat"], environment: ["SHEATH_ENV": "staging"])
    #expect(run.status == 2)
    expectText(
      run.errors,
      """
      error: unknown environment 'staging' (from SHEATH_ENV)
        known environments: live, mock, test, preview
      fix: set SHEATH_ENV to one of the known environments, or unset it
      USAGE: followers [<options>] [<login>]
        See 'followers --help' for more information.
      """)
  }

  @Test("--graph prints the sample's graph as DOT")
  func graph() async throws {
    let run = try await runFollowers(["--graph"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("digraph Sheath {"))
    for edge in [
      "Keys.userAPI\" -> \"Keys.apiConnection", "Keys.userAPI\" -> \"Keys.apiParser",
      "Keys.followersData\" -> \"Keys.userAPI",
    ] {
      #expect(run.output.contains(edge), "\(edge)")
    }
  }

  @Test("the graph drawn in VerifyingTheGraph has every key and edge --graph prints, and no other")
  func graphImage() async throws {
    // VerifyingTheGraph shows followers-graph.svg, made with `followers --graph | dot -Tsvg`, and says
    // "Every key is there". Graphviz writes each node's and edge's DOT name as its SVG title.
    let run = try await runFollowers(["--graph"])
    #expect(run.status == 0)
    var printed = Set<String>()
    for line in run.output.split(separator: "\n") {
      let line = line.trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("\"Keys.") else { continue }
      let names = line.split(separator: "\"")
      if line.contains("\" -> \"") {
        printed.insert("\(names[0]) -> \(names[2])")
      } else {
        printed.insert(String(names[0]))
      }
    }
    let image = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/Sheath/Sheath.docc/Resources/followers-graph.svg")
    let svg = try String(contentsOf: image, encoding: .utf8)
    var drawn = Set<String>()
    for part in svg.components(separatedBy: "<title>").dropFirst() {
      let title = String(part.prefix { $0 != "<" })
        .replacingOccurrences(of: "&#45;&gt;", with: " -> ")
      if title.hasPrefix("Keys.") { drawn.insert(title) }
    }
    #expect(printed.count > 30)
    #expect(drawn.subtracting(printed).sorted() == [], "drawn in the image, not printed by --graph")
    #expect(printed.subtracting(drawn).sorted() == [], "printed by --graph, missing from the image")
  }

  @Test("without --mock it talks to the configured API: a loopback server")
  func liveRun() async throws {
    try await withStubServer { server in
      let run = try await runFollowers(["--api-url", server.baseURL.absoluteString, "octocat"])
      #expect(run.status == 0)
      #expect(run.errors == "")
      expectText(
        run.output,
        "The Octocat (@octocat)\n3 followers\nFollowed by zoe-dev, Alice and bob\n\n"
          + "Followers of @octocat (showing 1–3 of 3)\nzoe-dev\nAlice\nbob")
    }
  }

  @Test("live errors are one line on stderr, with their exit status, and never show the token")
  func liveErrors() async throws {
    try await withStubServer { server in
      let base = server.baseURL.absoluteString
      let cases: [(login: String, status: Int32, error: String)] = [
        ("ghost", 3, "error: No GitHub user named 'ghost'.\n"),
        (
          "server-error", 1,
          "error: Server error (HTTP 500) from \(base)/users/server-error. Try again later, or use --mock to run offline.\n"
        ),
        (
          "rate-limited", 1,
          "error: GitHub API rate limit hit (HTTP 403): \"\(StubGitHub.rateLimitMessage)\". "
            + "Set GITHUB_TOKEN for a higher limit, or use --mock to run offline.\n"
        ),
        (
          "malformed", 1,
          "error: Malformed response from \(base)/users/malformed: the body is not valid JSON. Use --mock to run offline.\n"
        ),
      ]
      for (login, status, error) in cases {
        let run = try await runFollowers(["--api-url", base, login], environment: ["GITHUB_TOKEN": "secret-token-123"])
        #expect(run.status == status, "\(login)")
        #expect(run.errors == error, "\(login)")
        #expect(!run.errors.contains("secret-token-123") && !run.output.contains("secret-token-123"))
      }
      let refused = try await runFollowers(["--api-url", server.closedBaseURL.absoluteString, "octocat"])
      #expect(refused.status == 1)
      #expect(
        refused.errors == "error: Could not reach \(server.closedBaseURL.absoluteString)/users/octocat: "
          + "connection refused. Check your network, or use --mock to run offline.\n")
      let slow = try await runFollowers(["--api-url", base, "--timeout", "1", "slow"])
      #expect(slow.status == 1)
      #expect(
        slow.errors == "error: No response from \(base)/users/slow within 1 second. "
          + "Raise --timeout, or use --mock to run offline.\n")
    }
  }
}
