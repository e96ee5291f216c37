import Testing

/// A login read from standard input: asked for, where a person can see the question, only when a
/// person types it; otherwise one line, unasked, checked like an argument.
@Suite("The followers command reads a login")
struct LoginInputTests {
  private let octocat = """
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

    """

  @Test("from a pipe: no question, and the output holds only the screens, ending with a line break")
  func piped() async throws {
    let run = try await runFollowers(["--mock"], input: "octocat\n")
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(run.output == octocat)
  }

  @Test("from a pipe, an invalid login is refused as the same login given as an argument is: status 2")
  func pipedInvalid() async throws {
    let message =
      "error: A GitHub username can only contain ASCII letters, digits and hyphens, so '_' is not allowed.\n"
    let piped = try await runFollowers(["--mock"], input: "bad_name\nocto\n")
    #expect(piped.status == 2)
    #expect(piped.errors == message)
    #expect(piped.output == "")
    let argument = try await runFollowers(["--mock", "bad_name"])
    #expect((argument.status, argument.errors, argument.output) == (piped.status, piped.errors, piped.output))
  }

  @Test(
    "from a pipe, a blank line is an invalid login; no line at all is no login, status 1",
    arguments: [
      ("\n", Int32(2), "error: Enter a GitHub username.\n"),
      ("", Int32(1), "error: no GitHub username was entered\n"),
    ])
  func pipedNothing(input: String, status: Int32, errors: String) async throws {
    let run = try await runFollowers(["--mock"], input: input)
    #expect(run.status == status)
    #expect(run.errors == errors)
    #expect(run.output == "")
  }

  @Test("on a terminal: asked, told why an answer is invalid, and asked again")
  func terminal() async throws {
    let run = try await runFollowersOnTerminal(["--mock"], input: "bad--name\n  nameless  \n")
    #expect(run.status == 0)
    #expect(run.errors == "")
    let erase = "\r\u{1B}[K"
    expectText(
      run.output,
      "GitHub username: A GitHub username cannot contain two hyphens in a row.\nGitHub username: "
        + "Loading @nameless…\(erase)@nameless\n2 followers\nFollowed by octocat and lonely-dev\n"
        + "Loading followers of @nameless…\(erase)\nFollowers of @nameless (showing 1–2 of 2)\noctocat\nlonely-dev\n")
  }

  @Test("typed at a terminal while the output goes to a pipe: the questions go to standard error")
  func terminalInputPipedOutput() async throws {
    let run = try await runFollowersOnTerminal(["--mock"], input: "bad--name\noctocat\n", outputToPipe: true)
    #expect(run.status == 0)
    #expect(run.output == octocat)
    expectText(
      run.errors, "GitHub username: A GitHub username cannot contain two hyphens in a row.\nGitHub username: ")
  }
}
