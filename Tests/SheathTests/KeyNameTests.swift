import Foundation
import Sheath
import Testing

/// A key made by a helper: the helper's body is where `Key(…)` is written, and no `static let` there
/// names it.
private func configKey<T: Sendable>(_ value: T) -> Key<T> {
  let label = "config"
  _ = label
  return Key(.singleton) { _ in value }
}

/// A helper that passes its caller's location on: each key is declared where the helper is called.
private func settingKey<T: Sendable>(
  _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) -> Key<T> {
  Key(.singleton, fileID: fileID, filePath: filePath, line: line) { _ in value }
}

extension Keys {
  fileprivate static let timeout: Key<Int> = settingKey(30)
  fileprivate static let port: Key<Int> = configKey(8080)
  fileprivate static let host: Key<String> = configKey("x")

  fileprivate static let secret: Key<String> = .required()
  // swift-format-ignore
  fileprivate static let
    spread = Key<Int> { _ in 2 }

  fileprivate static let commentedToken: Key<String> =
    // Set at launch: let me know if this moves.
    .required()
  fileprivate static let quoted = Key<String> { _ in "static let fake = 1" }  // let me be
  fileprivate static let chained = Key<String>
    .required()
}

@Suite("Key names")
struct KeyNameTests {
  @Test("a key made by a helper function is named by the helper's line, not by a local let in it")
  func helperKeys() {
    #expect(Keys.port.name == "Key declared at \(Keys.port.declaration)")
    #expect(Keys.host.name == "Key declared at \(Keys.host.declaration)")
    #expect(Keys.port.declaration.fileID == "SheathTests/KeyNameTests.swift")
  }

  @Test("a key made by a helper that passes its caller's location on is named by the caller's static let")
  func helperPassingLocation() {
    #expect(Keys.timeout.name == "Keys.timeout")
  }

  @Test("a static let is named by its declaration, whatever comments, strings and line breaks surround it")
  func staticLets() {
    #expect(Keys.secret.name == "Keys.secret")
    #expect(Keys.spread.name == "Keys.spread")
    #expect(Keys.commentedToken.name == "Keys.commentedToken")
    #expect(Keys.quoted.name == "Keys.quoted")
    #expect(Keys.chained.name == "Keys.chained")
  }

  @Test("a local key is named by its declaration site, and fix lines show a placeholder for it")
  func localKey() throws {
    let localKey = Key<Int>.required()
    #expect(localKey.name == "Key declared at \(localKey.declaration)")
    let error = try #require(throws: GraphError.self) {
      try Graph(modules: [TestModule { $0.require(localKey, fileID: "App/AppModule.swift", line: 14) }])
    }
    expectText(
      error.description,
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Key declared at \(localKey.declaration) (Int, \(localKey.declaration))
        required by TestModule (App/AppModule.swift:14)
      fix: bind it in one of the installed modules: b.bind(<#key#>) { … }
      """)
  }

  @Test("keys made in a loop are each named by their declaration site")
  func keysInALoop() {
    var keys: [Key<Int>] = []
    for index in 0..<3 {
      let k = Key<Int> { _ in index }
      keys.append(k)
    }
    #expect(keys.map(\.name) == keys.map { "Key declared at \($0.declaration)" })
  }

  @Test("the name comes only from a static let or var that declares the key", arguments: layouts)
  func layout(_ layout: KeyLayout) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("KeyName-\(UUID().uuidString).swift")
    try layout.source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let key = Key<Int>.required(fileID: "App/Keys.swift", filePath: file.path, line: layout.line)
    #expect(key.name == layout.name)
  }
}

/// A key declared at `line` of `source`, and the name it should get.
struct KeyLayout: Sendable, CustomTestStringConvertible {
  let summary: String
  let source: String
  let line: Int
  let name: String

  var testDescription: String { summary }
}

// swift-format-ignore
private let layouts: [KeyLayout] = [
  KeyLayout(summary: "on one line", source: """
    extension Keys {
      static let api = Key<Int> { _ in 1 }
    }
    """, line: 2, name: "Keys.api"),
  KeyLayout(summary: "with modifiers and attributes", source: """
    extension Keys {
      @MainActor public
      nonisolated(unsafe) static var api: Key<Int> = .required()
    }
    """, line: 3, name: "Keys.api"),
  KeyLayout(summary: "broken after the colon and the equals sign", source: """
    extension Keys {
      static let api:
        Key<Int>
        =
        .required()
    }
    """, line: 5, name: "Keys.api"),
  KeyLayout(summary: "with comments between the lines", source: """
    extension Keys {
      static let api: Key<Int> = /* let a */
        // let b
        /* let c
           let d */
        .required()
    }
    """, line: 6, name: "Keys.api"),
  KeyLayout(summary: "after a string that holds a declaration", source: #"""
    extension Keys {
      static let text = """
        static let fake =
        """
      static let api = Key<Int> { _ in 1 }
    }
    """#, line: 5, name: "Keys.api"),
  KeyLayout(summary: "after strings with interpolations and raw strings", source: #"""
    extension Keys {
      static let label = "a \(flag ? "/*" : "let x") b", raw = #"\(" static let x"#
      static let api = Key<Int> { _ in 1 }
    }
    """#, line: 3, name: "Keys.api"),
  KeyLayout(
    summary: "with Windows line breaks",
    source: "extension Keys {\r\n  static let api: Key<Int> =\r\n    .required()\r\n}\r\n", line: 3,
    name: "Keys.api"),
  KeyLayout(summary: "the second of two bindings", source: """
    extension Keys {
      static let first = Key<Int> { _ in 1 },
        api = Key<Int> { _ in 2 }
    }
    """, line: 3, name: "Keys.api"),
  KeyLayout(summary: "two keys on one line", source: """
    extension Keys {
      static let first = Key<Int> { _ in 1 }; static let api = Key<Int> { _ in 2 }
    }
    """, line: 2, name: "Key declared at App/Keys.swift:2"),
  KeyLayout(summary: "an element of an array", source: """
    extension Keys {
      static let all: [Key<Int>] = [
        Key<Int> { _ in 1 },
        Key<Int> { _ in 2 },
      ]
    }
    """, line: 4, name: "Key declared at App/Keys.swift:4"),
  KeyLayout(summary: "inside a closure", source: """
    extension Keys {
      static let api: Key<Int> = {
        Key<Int> { _ in 1 }
      }()
    }
    """, line: 3, name: "Key declared at App/Keys.swift:3"),
  KeyLayout(summary: "a local let", source: """
    func make() {
      let api = Key<Int> { _ in 1 }
    }
    """, line: 2, name: "Key declared at App/Keys.swift:2"),
  KeyLayout(summary: "a static let above a local one", source: """
    static let other = 1
    let api = Key<Int> { _ in 1 }
    """, line: 2, name: "Key declared at App/Keys.swift:2"),
  KeyLayout(summary: "a let in a comment", source: """
    // static let api = Key<Int> { _ in 1 }
    makeKey()
    """, line: 2, name: "Key declared at App/Keys.swift:2"),
  KeyLayout(summary: "a line past the end of the file", source: """
    static let api = Key<Int> { _ in 1 }
    """, line: 9, name: "Key declared at App/Keys.swift:9"),
]
