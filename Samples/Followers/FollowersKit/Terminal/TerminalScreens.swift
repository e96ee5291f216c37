import Foundation

/// The flow's screens on a terminal: each view writes what its view model shows, one line at a time,
/// each made safe to print (``TerminalText/line(_:)``): no text from the network reaches the
/// terminal raw.
///
/// It makes a new view for each screen and keeps none: the navigator keeps each view while its screen
/// runs, as a view controller keeps its view, since the view models hold their views weakly.
@MainActor
public final class TerminalScreens: FollowersScreens {
  private let terminal: any Terminal

  /// Creates the screens.
  ///
  /// - Parameter terminal: Where the screens read and write.
  public init(terminal: any Terminal) {
    self.terminal = terminal
  }

  /// The registration screen.
  public func registrationView() -> any RegistrationView { TerminalRegistrationView(terminal: terminal) }
  /// The profile screen.
  public func profileView() -> any ProfileView { TerminalProfileView(terminal: terminal) }
  /// The followers screen.
  public func followersView() -> any FollowersView { TerminalFollowersView(terminal: terminal) }
}

/// Reads a login. A person at a terminal is asked, told why an invalid login was refused, and asked
/// again; otherwise one line is read, unasked, and an invalid login is an error on standard error —
/// as for a login given as an argument.
@MainActor
final class TerminalRegistrationView: RegistrationView {
  private let terminal: any Terminal
  private var isAsking = false

  init(terminal: any Terminal) {
    self.terminal = terminal
  }

  var asksAgain: Bool { terminal.readsFromTerminal }

  func requestLogin() async -> String? {
    guard terminal.readsFromTerminal else { return terminal.readLine() }
    isAsking = true
    guard let line = terminal.ask("GitHub username: ") else {
      terminal.say("")  // end the prompt's line
      return nil
    }
    return line
  }

  func showInvalidLogin(reason: String) {
    if isAsking {
      terminal.say(TerminalText.line(reason))
    } else {
      terminal.writeError("error: \(TerminalText.line(reason))")
    }
  }
}

/// Writes the title and the formatter's lines; a status line while loading.
@MainActor
final class TerminalProfileView: ProfileView {
  private let terminal: any Terminal

  init(terminal: any Terminal) {
    self.terminal = terminal
  }

  func showLoading(_ text: String) {
    terminal.showStatus(text)
  }

  func showProfile(title: String, lines: [String]) {
    for line in [title] + lines {
      terminal.write(TerminalText.line(line))
    }
  }

  func showError(_ message: String) {
    terminal.writeError("error: \(TerminalText.line(message))")
  }
}

/// Writes each page after a blank line: its header and one login per line; asks for more only when
/// someone is there to answer.
@MainActor
final class TerminalFollowersView: FollowersView {
  private let terminal: any Terminal

  init(terminal: any Terminal) {
    self.terminal = terminal
  }

  func showLoading(_ text: String) {
    terminal.showStatus(text)
  }

  func showFollowers(header: String, rows: [String]) {
    terminal.write("")
    for line in [header] + rows {
      terminal.write(TerminalText.line(line))
    }
  }

  func showError(_ message: String) {
    terminal.writeError("error: \(TerminalText.line(message))")
  }

  func askForMore(_ prompt: String) async -> Bool {
    guard terminal.isInteractive else { return false }
    guard let answer = terminal.ask(prompt) else {
      terminal.say("")  // end the prompt's line
      return false
    }
    return !["q", "quit", "n", "no"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
