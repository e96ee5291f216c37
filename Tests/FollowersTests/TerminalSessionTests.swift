import Testing

/// The executable on a pseudo-terminal: what a person sees, status lines included.
@Suite("The followers command on a real terminal")
struct TerminalSessionTests {
  @Test("on a terminal: a status line while waiting, erased by what follows; the last page asks nothing")
  func singlePage() async throws {
    let run = try await runFollowersOnTerminal(["--mock", "octocat"], input: "")
    #expect(run.status == 0)
    #expect(run.errors == "")
    let erase = "\r\u{1B}[K"
    expectLines(
      run.output,
      "Loading @octocat…\(erase)The Octocat (@octocat)\n8 followers\nFollowed by Alice, bob, Carol and 5 others\n"
        + "Loading followers of @octocat…\(erase)\nFollowers of @octocat (showing 1–8 of 8)\n"
        + "Alice\nbob\nCarol\ndave42\nEve\nMallory\ntrent\nzoe-dev\n")
  }
}
