import FollowersKit
import Testing

/// A text to make safe, and how it must come out; the test's name shows the safe form, so running
/// the tests in a terminal does not obey the escapes either.
struct UnsafeText: Sendable, CustomTestStringConvertible {
  let text: String
  let expected: String
  init(_ text: String, _ expected: String) {
    self.text = text
    self.expected = expected
  }
  var testDescription: String { expected }
}

@Suite("Text made safe for a terminal")
struct TerminalTextTests {
  @Test(
    "control characters, escape sequences, line separators and bidirectional controls are shown, not obeyed",
    arguments: [
      UnsafeText("\u{1B}]0;pwned\u{7}Mallory", #"\u{1B}]0;pwned\u{7}Mallory"#),
      UnsafeText("\u{1B}[2J\u{1B}[H", #"\u{1B}[2J\u{1B}[H"#),
      UnsafeText("\u{9B}31mred", #"\u{9B}31mred"#),
      UnsafeText("two\nlines\r\ttab\u{0}\u{7F}", #"two\u{A}lines\u{D}\u{9}tab\u{0}\u{7F}"#),
      UnsafeText("invoice\u{202E}fdp.exe", #"invoice\u{202E}fdp.exe"#),
      UnsafeText("\u{2066}a\u{2069}\u{200F}", #"\u{2066}a\u{2069}\u{200F}"#),
      UnsafeText("line\u{2028}forged\u{2029}paragraph", #"line\u{2028}forged\u{2029}paragraph"#),
    ])
  func escapes(_ sample: UnsafeText) {
    #expect(TerminalText.line(sample.text) == sample.expected)
  }

  @Test("ordinary text, accents and emoji pass unchanged", arguments: ["octocat", "Zoë Ünal", "👩‍💻 dev", "東京", ""])
  func passes(text: String) {
    #expect(TerminalText.line(text) == text)
    #expect(TerminalText.printable(text) == text)
  }

  @Test("printable text keeps its line breaks and nothing else")
  func printable() {
    #expect(TerminalText.printable("a\nb\u{1B}[2J\r\n") == #"a\#nb\u{1B}[2J\u{D}\#n"#)
    #expect(TerminalText.printable("a\u{2028}b\u{2029}\n") == #"a\u{2028}b\u{2029}"# + "\n")
  }
}
