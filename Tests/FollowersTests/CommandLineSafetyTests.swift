import FollowersKit
import Foundation
import Testing

/// What the command does with a misbehaving server and a misbehaving output, end to end.
@Suite("The followers command is safe")
struct CommandLineSafetyTests {
  @Test("escape sequences from the server are shown, not obeyed, in the profile, the list and errors")
  func escapeSequences() async throws {
    try await withStubServer { server in
      let base = server.baseURL.absoluteString
      let run = try await runFollowers(["--api-url", base, "escapes"])
      #expect(run.status == 0)
      expectLines(
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
