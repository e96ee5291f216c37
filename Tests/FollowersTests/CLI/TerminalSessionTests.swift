import Testing

/// The executable on a pseudo-terminal: what a person sees, status lines and questions included.
@Suite("The followers command on a real terminal")
struct TerminalSessionTests {
  @Test("on a terminal: a status line while waiting, erased by what follows; the last page asks nothing")
  func singlePage() async throws {
    let run = try await runFollowersOnTerminal(["--mock", "octocat"], input: "")
    #expect(run.status == 0)
    #expect(run.errors == "")
    let erase = "\r\u{1B}[K"
    expectText(
      run.output,
      "Loading @octocat…\(erase)The Octocat (@octocat)\n8 followers\nFollowed by Alice, bob, Carol and 5 others\n"
        + "Loading followers of @octocat…\(erase)\nFollowers of @octocat (showing 1–8 of 8)\n"
        + "Alice\nbob\nCarol\ndave42\nEve\nMallory\ntrent\nzoe-dev\n")
  }

  @Test("shows a status line while waiting and erases it, and offers the next page until q")
  func session() async throws {
    let run = try await runFollowersOnTerminal(["--mock", "--per-page", "3", "octocat"], input: "\nq\n")
    #expect(run.status == 0)
    #expect(run.errors == "")
    let erase = "\r\u{1B}[K"
    expectText(
      run.output,
      "Loading @octocat…\(erase)The Octocat (@octocat)\n8 followers\nFollowed by Alice, bob, Carol and 5 others\n"
        + "Loading followers of @octocat…\(erase)\nFollowers of @octocat (showing 1–3 of 8)\nAlice\nbob\nCarol\n"
        + "More followers: press Enter for page 2 of 3, or q to quit: "
        + "Loading page 2 of @octocat's followers…\(erase)\nFollowers of @octocat (showing 4–6 of 8)\ndave42\nEve\nMallory\n"
        + "More followers: press Enter for page 3 of 3, or q to quit: ")
  }
}
