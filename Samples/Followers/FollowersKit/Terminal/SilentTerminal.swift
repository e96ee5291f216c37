/// A terminal that writes nowhere and has nothing to read: the views that `verify()` builds the view
/// models with.
@MainActor
final class SilentTerminal: Terminal {
  let isInteractive = false
  let readsFromTerminal = false
  let outputFailure: OutputFailure? = nil

  func write(_ text: String) {}
  func writeError(_ text: String) {}
  func showStatus(_ text: String) {}
  func ask(_ prompt: String) -> String? { nil }
  func say(_ text: String) {}
  func readLine() -> String? { nil }
}
