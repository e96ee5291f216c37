/// Swift source split into tokens, line by line, with comments dropped and each string literal reduced
/// to one `""` token on the line it opens: just enough of Swift's grammar for ``KeyName`` to read a
/// declaration without mistaking a word in a comment or a string for code.
///
/// Identifiers and keywords are one token each (a backticked name without its backticks, `@MainActor`
/// and `#if` with their sign); runs of operator characters are one token (`->`, `==`, `..<`), except
/// that `.` stands alone; every other character is a token of its own.
struct SourceTokens {
  /// The tokens of each line: `lines[0]` holds line 1's.
  private(set) var lines: [[String]] = [[]]

  private let bytes: [UInt8]
  private let lastLine: Int
  private var index = 0
  /// How many string literals enclose the code being read: their interpolations' tokens are not kept.
  private var stringDepth = 0

  /// Reads `source` up to the end of line `lastLine`.
  init(_ source: String, throughLine lastLine: Int) {
    self.bytes = Array(source.utf8)
    self.lastLine = lastLine
    readCode(untilUnmatchedParenthesis: false)
    if lines.count > lastLine { lines.removeLast(lines.count - lastLine) }
  }

  private var isPastLastLine: Bool { lines.count > lastLine }

  private func byte(at offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func emit(_ token: String) {
    if stringDepth == 0 { lines[lines.count - 1].append(token) }
  }

  /// Steps over a line break (`\n`, `\r\n` or `\r`) at `index`.
  private mutating func readLineBreak() {
    if bytes[index] == UInt8(ascii: "\r"), byte(at: 1) == UInt8(ascii: "\n") { index += 1 }
    index += 1
    lines.append([])
  }

  /// Reads code; inside an interpolation, up to and including the `)` that closes it.
  private mutating func readCode(untilUnmatchedParenthesis: Bool) {
    var parentheses = 0
    while index < bytes.count, !isPastLastLine {
      let current = bytes[index]
      switch current {
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        readLineBreak()
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        index += 1
      case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
          index += 1
        }
      case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
        readBlockComment()
      case UInt8(ascii: "\""):
        readString()
      case UInt8(ascii: "#") where opensString:
        readString()
      case UInt8(ascii: "`"):
        index += 1
        readWord()
        if byte(at: 0) == UInt8(ascii: "`") { index += 1 }
      case UInt8(ascii: "@"), UInt8(ascii: "#"):
        index += 1
        readWord(prefix: current == UInt8(ascii: "@") ? "@" : "#")
      case UInt8(ascii: "("):
        parentheses += 1
        emit("(")
        index += 1
      case UInt8(ascii: ")"):
        index += 1
        if untilUnmatchedParenthesis, parentheses == 0 { return }
        parentheses -= 1
        emit(")")
      case _ where isWordByte(current):
        readWord()
      case _ where isOperatorByte(current):
        readOperator()
      default:
        emit(String(decoding: [current], as: UTF8.self))
        index += 1
      }
    }
  }

  /// Whether a string literal opens at `index`: `"`, or `#`s followed by `"`.
  private var opensString: Bool {
    var offset = 0
    while byte(at: offset) == UInt8(ascii: "#") { offset += 1 }
    return byte(at: offset) == UInt8(ascii: "\"")
  }

  /// Reads a string literal — single-line, multi-line or raw — and its interpolations.
  private mutating func readString() {
    emit("\"\"")
    var hashes = 0
    while bytes[index] == UInt8(ascii: "#") {
      hashes += 1
      index += 1
    }
    let isMultiline = byte(at: 1) == UInt8(ascii: "\"") && byte(at: 2) == UInt8(ascii: "\"")
    let quotes = isMultiline ? 3 : 1
    index += quotes
    stringDepth += 1
    defer { stringDepth -= 1 }
    while index < bytes.count, !isPastLastLine {
      switch bytes[index] {
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        readLineBreak()
        if !isMultiline { return }  // unterminated: the line ends it
      case UInt8(ascii: "\"") where closes(quotes: quotes, hashes: hashes):
        index += quotes + hashes
        return
      case UInt8(ascii: "\\") where hashesFollow(hashes, from: 1):
        index += 1 + hashes
        if byte(at: 0) == UInt8(ascii: "(") {
          index += 1
          readCode(untilUnmatchedParenthesis: true)
        } else if index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
          index += 1
        }
      default:
        index += 1
      }
    }
  }

  /// Whether `quotes` quotation marks and then `hashes` `#`s are at `index`.
  private func closes(quotes: Int, hashes: Int) -> Bool {
    (0..<quotes).allSatisfy { byte(at: $0) == UInt8(ascii: "\"") } && hashesFollow(hashes, from: quotes)
  }

  private func hashesFollow(_ hashes: Int, from offset: Int) -> Bool {
    (0..<hashes).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
  }

  /// Reads a block comment, nested ones included.
  private mutating func readBlockComment() {
    var depth = 0
    while index < bytes.count, !isPastLastLine {
      if bytes[index] == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
        readLineBreak()
      } else {
        index += 1
      }
    }
  }

  private mutating func readWord(prefix: String = "") {
    let start = index
    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
    emit(prefix + String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func readOperator() {
    let start = index
    let isDots = bytes[index] == UInt8(ascii: ".")
    index += 1
    while index < bytes.count, isOperatorByte(bytes[index]) {
      // `.` stands alone unless the run starts with it; a comment ends the run.
      if (bytes[index] == UInt8(ascii: ".")) != isDots && bytes[index] == UInt8(ascii: ".") { break }
      if bytes[index] == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "/") || byte(at: 1) == UInt8(ascii: "*") {
        break
      }
      index += 1
    }
    emit(String(decoding: bytes[start..<index], as: UTF8.self))
  }
}

/// A byte of an identifier or a number: ASCII letters, digits and `_`, `$`, or any byte of a non-ASCII
/// character.
private func isWordByte(_ byte: UInt8) -> Bool {
  byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
}

private func isOperatorByte(_ byte: UInt8) -> Bool {
  "/=-+!*%<>&|^~?.".utf8.contains(byte)
}
