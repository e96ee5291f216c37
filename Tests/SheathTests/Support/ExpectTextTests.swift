import Testing

@Suite("The diagnostic text helper")
struct ExpectTextTests {
  @Test("shows a changed line as - expected, + actual")
  func changedLine() {
    expectText(
      lineDiff(expected: "a\nb\nc", actual: "a\nB\nc"),
      """
        a
      - b
      + B
        c
      """)
  }

  @Test("shows an inserted line as one +")
  func insertedLine() {
    expectText(lineDiff(expected: "a\nc", actual: "a\nb\nc"), "  a\n+ b\n  c")
  }
}
