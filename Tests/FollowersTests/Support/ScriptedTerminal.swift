import FollowersKit

/// A terminal for running the command in process: records everything written, in order, and answers
/// questions from a script. Status lines are recorded as `[status: …]`.
@MainActor
final class ScriptedTerminal: Terminal {
  let isInteractive: Bool
  var outputFailure: OutputFailure?
  private(set) var output = ""
  private(set) var errors = ""
  private var answers: [String]

  init(isInteractive: Bool = false, answers: [String] = []) {
    self.isInteractive = isInteractive
    self.answers = answers
  }

  func write(_ text: String) { output += text + "\n" }
  func writeError(_ text: String) { errors += text + "\n" }
  func showStatus(_ text: String) { output += "[status: \(text)]\n" }

  func ask(_ prompt: String) -> String? {
    output += prompt
    guard !answers.isEmpty else { return nil }
    let answer = answers.removeFirst()
    output += answer + "\n"
    return answer
  }
}
