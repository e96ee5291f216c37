import FollowersKit
import Testing

/// The command in process, on a scripted terminal that says it is interactive: what a person at a
/// terminal sees, status lines and questions included.
@Suite("The followers command on a terminal")
@MainActor
struct InteractiveCommandTests {
  @Test("shows a status line while waiting, and offers each next page until the person quits")
  func pagesOnDemand() async throws {
    let terminal = ScriptedTerminal(isInteractive: true, answers: ["", "q"])
    let status = await FollowersCommand.run(
      arguments: ["--mock", "--per-page", "3", "octocat"], variables: [:], terminal: terminal)
    #expect(status == 0)
    expectText(
      terminal.output,
      """
      [status: Loading @octocat…]
      The Octocat (@octocat)
      8 followers
      Followed by Alice, bob, Carol and 5 others
      [status: Loading followers of @octocat…]

      Followers of @octocat (showing 1–3 of 8)
      Alice
      bob
      Carol
      More followers: press Enter for page 2 of 3, or q to quit: 
      [status: Loading page 2 of @octocat's followers…]

      Followers of @octocat (showing 4–6 of 8)
      dave42
      Eve
      Mallory
      More followers: press Enter for page 3 of 3, or q to quit: q
      """)
    #expect(terminal.errors == "")
  }

  @Test("the end of input ends the paging, on a line of its own; the last page asks nothing")
  func endOfInput() async throws {
    let ended = ScriptedTerminal(isInteractive: true)
    #expect(await FollowersCommand.run(arguments: ["--mock", "popular-dev"], variables: [:], terminal: ended) == 0)
    #expect(ended.output.hasSuffix("fan-100\nMore followers: press Enter for page 2 of 13, or q to quit: \n"))
    let last = ScriptedTerminal(isInteractive: true, answers: [""])
    #expect(
      await FollowersCommand.run(arguments: ["--mock", "--per-page=4", "octocat"], variables: [:], terminal: last) == 0)
    #expect(last.output.hasSuffix("Followers of @octocat (showing 5–8 of 8)\nEve\nMallory\ntrent\nzoe-dev\n"))
  }

  @Test("a person at a terminal is asked for a login until it is valid; a pipe's only line is checked once")
  func login() async throws {
    let person = ScriptedTerminal(isInteractive: true, answers: ["x--y", "solo-dev"])
    #expect(await FollowersCommand.run(arguments: ["--mock"], variables: [:], terminal: person) == 0)
    #expect(
      person.output.hasPrefix(
        "GitHub username: x--y\nA GitHub username cannot contain two hyphens in a row.\nGitHub username: solo-dev\n"))
    #expect(person.errors == "")
    let piped = ScriptedTerminal(answers: ["x--y", "solo-dev"])
    #expect(await FollowersCommand.run(arguments: ["--mock"], variables: [:], terminal: piped) == 2)
    #expect(piped.output == "")
    #expect(piped.errors == "error: A GitHub username cannot contain two hyphens in a row.\n")
  }

  @Test("the end of input at the login question ends its line, and says no login was entered")
  func noLogin() async throws {
    let ended = ScriptedTerminal(isInteractive: true)
    #expect(await FollowersCommand.run(arguments: ["--mock"], variables: [:], terminal: ended) == 1)
    #expect(ended.output == "GitHub username: \n")
    #expect(ended.errors == "error: no GitHub username was entered\n")
  }

  @Test("an output failure decides the status: quiet for a closed pipe, a message otherwise")
  func outputFailures() async throws {
    let closed = ScriptedTerminal()
    closed.outputFailure = .closed
    #expect(await FollowersCommand.run(arguments: ["--mock", "ghost"], variables: [:], terminal: closed) == 0)
    let full = ScriptedTerminal()
    full.outputFailure = .failed(reason: "No space left on device")
    #expect(await FollowersCommand.run(arguments: ["--mock", "octocat"], variables: [:], terminal: full) == 1)
    #expect(full.errors == "error: cannot write to standard output: No space left on device\n")
  }
}
