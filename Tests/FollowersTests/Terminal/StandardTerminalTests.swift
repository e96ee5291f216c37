import FollowersKit
import Foundation
import Testing

/// The standard terminal over pipes and devices standing in for standard output.
@Suite("The standard terminal")
@MainActor
struct StandardTerminalTests {
  /// What `body` wrote through a terminal whose output is a pipe.
  private func written(isTerminal: Bool, _ body: (StandardTerminal) -> Void) throws -> String {
    let output = Pipe()
    let errors = Pipe()
    let terminal = StandardTerminal(
      output: output.fileHandleForWriting.fileDescriptor, error: errors.fileHandleForWriting.fileDescriptor,
      isTerminal: isTerminal)
    body(terminal)
    #expect(terminal.outputFailure == nil)
    try output.fileHandleForWriting.close()
    try errors.fileHandleForWriting.close()
    let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return out + (err.isEmpty ? "" : "[stderr] " + err)
  }

  @Test("on a terminal, a status line shows until the next write, which erases it first")
  func statusOnTerminal() throws {
    let text = try written(isTerminal: true) {
      $0.showStatus("Loading @octocat…")
      $0.write("The Octocat")
      $0.showStatus("Loading followers of @octocat…")
      $0.writeError("error: no")
    }
    #expect(
      text == "Loading @octocat…\r\u{1B}[KThe Octocat\nLoading followers of @octocat…\r\u{1B}[K[stderr] error: no\n")
  }

  @Test("to a pipe or a file, no status line is written")
  func noStatusWhenPiped() throws {
    let text = try written(isTerminal: false) {
      $0.showStatus("Loading @octocat…")
      $0.write("The Octocat")
    }
    #expect(text == "The Octocat\n")
  }

  @Test("everything written is made printable, line breaks kept")
  func printable() throws {
    let text = try written(isTerminal: false) {
      $0.write("a\u{1B}[2J\nb")
      $0.showStatus("\u{1B}]0;x")
    }
    #expect(text == #"a\u{1B}[2J"# + "\nb\n")
  }

  @Test("what is said about an answer goes to the output when it is a terminal, else to standard error")
  func conversation() throws {
    let onTerminal = try written(isTerminal: true) {
      $0.showStatus("Loading…")
      $0.say("Not valid.\u{2028}")
    }
    #expect(onTerminal == "Loading…\r\u{1B}[KNot valid.\\u{2028}\n")
    let piped = try written(isTerminal: false) {
      $0.write("screen")
      $0.say("Not valid.")
    }
    #expect(piped == "screen\n[stderr] Not valid.\n")
  }

  @Test("a closed pipe is a quiet failure; writes after it are skipped and questions get no answer")
  func closedPipe() throws {
    let output = Pipe()
    try output.fileHandleForReading.close()
    let terminal = StandardTerminal(output: output.fileHandleForWriting.fileDescriptor, isTerminal: false)
    terminal.write("lost")
    #expect(terminal.outputFailure == .closed)
    #expect(terminal.ask("GitHub username: ") == nil)
  }

  @Test("a full device is a failure with its reason", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func fullDevice() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let terminal = StandardTerminal(output: full.fileDescriptor, isTerminal: false)
    terminal.write("lost")
    #expect(terminal.outputFailure == .failed(reason: "No space left on device"))
    try full.close()
  }
}
