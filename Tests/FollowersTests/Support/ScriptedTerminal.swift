import FollowersKit

/// A terminal for running the command in process: records everything written, in order, and answers
/// questions from a script. Status lines are recorded as `[status: …]`; what is said about the
/// answers goes to the output, as on a terminal.
@MainActor
final class ScriptedTerminal: Terminal {
  let isInteractive: Bool
  let readsFromTerminal: Bool
  var outputFailure: OutputFailure?
  private(set) var output = ""
  private(set) var errors = ""
  private var answers: [String]

  /// - Parameters:
  ///   - isInteractive: Whether standard input and output are both terminals.
  ///   - readsFromTerminal: Whether standard input is a terminal; as `isInteractive` by default.
  ///   - answers: The lines of input, in order.
  init(isInteractive: Bool = false, readsFromTerminal: Bool? = nil, answers: [String] = []) {
    self.isInteractive = isInteractive
    self.readsFromTerminal = readsFromTerminal ?? isInteractive
    self.answers = answers
  }

  func write(_ text: String) { output += text + "\n" }
  func writeError(_ text: String) { errors += text + "\n" }
  func showStatus(_ text: String) { output += "[status: \(text)]\n" }
  func say(_ text: String) { output += text + "\n" }

  func ask(_ prompt: String) -> String? {
    output += prompt
    guard let answer = readLine() else { return nil }
    output += answer + "\n"
    return answer
  }

  func readLine() -> String? {
    answers.isEmpty ? nil : answers.removeFirst()
  }
}
