import FollowersKit
import Foundation
import Testing

/// What the command does with a misbehaving server and a misbehaving output, end to end.
@Suite("The followers command is safe")
struct CommandLineSafetyTests {
  @Test("with a token, a redirect to another port reaches it without the token")
  func redirectToAnotherPort() async throws {
    try await withStubServer { other in
      try await withStubServer { server in
        let run = try await runFollowers(
          ["--api-url", server.baseURL.absoluteString, "redirect-port-\(other.port)"],
          environment: ["GITHUB_TOKEN": "s3cret-token"])
        #expect(run.status == 0)
        expectText(run.output, "@echo-auth\n\nFollowers of @echo-auth (none)")
        #expect(
          server.requests.count == 2
            && server.requests.allSatisfy { $0.header("Authorization") == "Bearer s3cret-token" })
        #expect(other.requests.count == 2 && other.requests.allSatisfy { $0.header("Authorization") == nil })
      }
    }
  }

  @Test("with a token, a redirect from 127.0.0.1 to localhost reaches it without the token; a same-origin one keeps it")
  func redirectToAnotherHost() async throws {
    try await withStubServer { server in
      let base = server.baseURL.absoluteString
      let run = try await runFollowers(
        ["--api-url", base, "redirect-localhost"], environment: ["GITHUB_TOKEN": "s3cret-token"])
      #expect(run.status == 0)
      #expect(run.output.hasPrefix("@echo-auth\n"))
      let redirected = server.requests.filter { $0.header("Host") == "localhost:\(server.port)" }
      #expect(redirected.count == 2 && redirected.allSatisfy { $0.header("Authorization") == nil })
      let same = try await runFollowers(
        ["--api-url", base, "redirect-same"], environment: ["GITHUB_TOKEN": "s3cret-token"])
      #expect(same.output.hasPrefix("Bearer s3cret-token (@echo-auth)\n"))
    }
  }

  @Test("without a token, no request carries one, redirected or not")
  func redirectWithoutToken() async throws {
    try await withStubServer { other in
      try await withStubServer { server in
        let run = try await runFollowers(["--api-url", server.baseURL.absoluteString, "redirect-port-\(other.port)"])
        #expect(run.status == 0)
        #expect((server.requests + other.requests).allSatisfy { $0.header("Authorization") == nil })
        #expect(other.requests.count == 2)
      }
    }
  }

  @Test("a token is not sent over plain http to a host that is not loopback, and the command says so first")
  func plainHTTPWarning() async throws {
    // NB: `.invalid` never resolves (RFC 2606), so the run fails at once, after the warning.
    let run = try await runFollowers(
      ["--api-url", "http://example.invalid", "octocat"], environment: ["GITHUB_TOKEN": "s3cret-token"])
    #expect(run.status == 1)
    #expect(
      run.errors.hasPrefix(
        "warning: GITHUB_TOKEN is not sent to http://example.invalid: "
          + "a token goes only over https, or plain http to a loopback host\n"
          + "error: Could not reach http://example.invalid/users/octocat: "))
    #expect(!run.errors.contains("s3cret-token"))
  }

  @Test("an invalid login is refused before anything else is done: no warning about the token")
  func invalidLoginFirst() async throws {
    let run = try await runFollowers(
      ["--api-url", "http://example.com", "--", "-not-a-login"], environment: ["GITHUB_TOKEN": "s3cret-token"])
    #expect(run.status == 2)
    #expect(run.errors == "error: A GitHub username cannot start with a hyphen.\n")
    #expect(run.output == "")
  }

  @Test("escape sequences from the server are shown, not obeyed, in the profile, the list and errors")
  func escapeSequences() async throws {
    try await withStubServer { server in
      let base = server.baseURL.absoluteString
      let run = try await runFollowers(["--api-url", base, "escapes"])
      #expect(run.status == 0)
      expectText(
        run.output,
        #"""
        \u{1B}]0;pwned\u{7}\u{1B}[2JEvil\u{202E}txt.exe\u{A}forged line (@escapes)
        2 followers
        Followed by \u{1B}[31mred and plain

        Followers of @escapes (showing 1–2 of 2)
        \u{1B}[31mred
        plain
        """#)
      let failed = try await runFollowers(["--api-url", base, "escaped-error"])
      #expect(failed.status == 1)
      #expect(
        failed.errors == #"error: Unexpected HTTP 418 from \#(base)/users/escaped-error: "\u{1B}[2Jcleared \u{9B}31m"."#
          + "\n")
      #expect(!(run.output + failed.errors).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
    }
  }

  @Test("a huge --timeout is a usage error, not a crash")
  func hugeTimeout() async throws {
    for value in ["9.3e15", "1e308", "inf"] {
      let run = try await runFollowers(["--timeout", value, "octocat"])
      #expect(run.status == 2)
      #expect(
        run.errors == "error: --timeout must be a whole number of seconds from 1 to 3600, not '\(value)'\n" + usageLines
      )
    }
  }

  @Test(
    "output to a full device: a message on stderr and status 1",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func fullOutput() async throws {
    let run = try await runFollowers(["--mock", "octocat"], output: .file("/dev/full"))
    #expect(run.status == 1)
    #expect(run.errors == "error: cannot write to standard output: No space left on device\n")
  }

  @Test("output to a closed pipe (as after '| head -1'): quietly, status 0")
  func closedOutput() async throws {
    for arguments in [["--mock", "popular-dev"], ["--help"], ["--mock"]] {
      let run = try await runFollowers(arguments, input: "octocat\n", output: .closedPipe)
      #expect(run.status == 0, "\(arguments)")
      #expect(run.errors == "", "\(arguments)")
    }
  }
}
