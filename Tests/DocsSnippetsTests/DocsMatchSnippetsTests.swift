import Foundation
import Testing
import TextDiff

// The documentation site's code lives in this target, so `swift test` compiles (and mostly runs) it.
// These tests keep the articles honest: every Swift block in Sources/*/*.docc (and DocsSite/*.docc), and
// in README.md, must be, line for line, a region of this target's sources; every message the articles quote must be one a
// test pins; and every line must fit the page's content column.
//
// In an article:
//
//     <!-- snippet: getting-started-keys -->
//     ```swift
//     …
//     ```
//
// marks a block that must equal the region `getting-started-keys`, which a source file here delimits
// with `// docs: getting-started-keys` and `// docs: end`. A name may delimit several pieces; the
// article shows them joined by an empty line (to leave out imports and test scaffolding). Each piece
// is compared without its common indentation and with `fileprivate ` removed, which the sources add
// so that every article can declare its own `Keys.userAPI` in the one test module, and without the
// `// swift-format-ignore` lines that keep swift-format (120 columns) from rejoining a declaration laid
// out for the page's 74.
//
//     <!-- not compiled: code of another library -->
//
// marks a Swift block that is not compiled, saying why; and
//
//     <!-- pinned: SheathTests/BuildErrorTests.swift -->
//
// marks a block (a diagnostic) whose lines must appear, in order and with their indentation, in that
// file under Tests/; and
//
//     <!-- quoted: SheathTests/CompilerMessages/IsolationCompileTests.swift -->
//
// marks a block (a compiler error, say) each of whose lines must appear somewhere in that file.

@Suite("The docs' code is this target's code")
struct DocsMatchSnippetsTests {
  @Test(
    "every Swift block is a compiled snippet, and every quoted message is pinned by a test",
    arguments: Docs.articles + [Docs.readme])
  func article(_ article: Docs.Article) throws {
    #expect(!article.blocks.isEmpty || !article.hasCode, "no code blocks were found in \(article.name)")
    for block in article.blocks {
      switch block.marker {
      case .snippet(let name):
        guard let region = Docs.regions[name] else {
          Issue.record(
            "\(block.location): no region `// docs: \(name)` in Tests/DocsSnippetsTests or Tests/DefaultMainActor")
          continue
        }
        if block.lines != region {
          Issue.record(
            """
            \(block.location): the block differs from the region `\(name)` (- article, + region):
            \(lineDiff(block.lines, region))
            """)
        }
      case .notCompiled(let reason):
        #expect(!reason.isEmpty, "\(block.location): say why the block is not compiled")
      case .pinned(let path), .quoted(let path):
        let file = Docs.packageRoot.appendingPathComponent("Tests").appendingPathComponent(path)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
          Issue.record("\(block.location): Tests/\(path) cannot be read")
          continue
        }
        if case .pinned = block.marker {
          if !containsIndented(text.components(separatedBy: "\n"), block.lines) {
            Issue.record("\(block.location): the text is not pinned word for word by Tests/\(path)")
          }
        } else {
          for line in block.lines where !line.isEmpty && !text.contains(line) {
            Issue.record("\(block.location): Tests/\(path) does not contain `\(line)`")
          }
        }
      case nil:
        if block.language == "swift" {
          Issue.record(
            "\(block.location): a Swift block needs `<!-- snippet: name -->` or `<!-- not compiled: why -->` before it")
        }
      case .unknown(let text):
        Issue.record("\(block.location): unknown marker `\(text)`")
      }
    }
  }

  @Test("each module's catalog is in its target's folder, where Xcode and Swift Package Index find it")
  func catalogs() {
    #expect(
      Docs.catalogs == [
        "Sources/Sheath/Sheath.docc", "Sources/SheathTesting/SheathTesting.docc", "DocsSite/Landing.docc",
      ])
    #expect(Docs.articles.count > 16)
  }

  @Test("every code block fits the content column, or DocC wraps it", arguments: Docs.articles)
  func fitsTheColumn(_ article: Docs.Article) {
    for block in article.blocks where !block.wraps {
      for line in block.lines where line.count > Docs.columns {
        Issue.record(
          """
          \(block.location): a line of \(line.count) columns is wider than the \(Docs.columns) the page shows; \
          wrap it in the region (a Swift block) or add `, wrap=\(Docs.columns)` after the language (a message):
          \(line)
          """)
      }
    }
  }

  @Test("every region is shown by an article")
  func everyRegionIsUsed() {
    let used = Set(
      (Docs.articles + [Docs.readme]).flatMap(\.blocks).compactMap { block -> String? in
        if case .snippet(let name) = block.marker { return name }
        return nil
      })
    #expect(Set(Docs.regions.keys).subtracting(used).sorted() == [])
  }

  @Test("the README's first block compiles in an Xcode 26 app target: the default-MainActor package holds it too")
  func readmeInADefaultMainActorTarget() throws {
    let file = Docs.packageRoot.appendingPathComponent("Tests/DefaultMainActor/Sources/ReadmeApp/Readme.swift")
    let text = try String(contentsOf: file, encoding: .utf8)
    var pieces: [[String]] = []
    var open: [String]?
    for line in text.components(separatedBy: "\n") {
      switch line.trimmingCharacters(in: .whitespaces) {
      case "// README: readme-in-30-seconds": open = []
      case "// README: end":
        if let piece = open { pieces.append(dedent(piece)) }
        open = nil
      default: open?.append(line)
      }
    }
    let copy = pieces.enumerated().flatMap { index, piece in index == 0 ? piece : [""] + piece }
    #expect(copy == Docs.regions["readme-in-30-seconds"])
  }

  @Test("regions are well formed")
  func wellFormedRegions() {
    #expect(Docs.regionProblems == [])
  }
}

/// Reads the catalogs and this target's regions.
enum Docs {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// One Markdown file of a catalog.
  struct Article: CustomTestStringConvertible, Sendable {
    let name: String
    let blocks: [Block]
    let hasCode: Bool
    var testDescription: String { name }
  }

  /// A fenced code block and the marker before it.
  struct Block: Sendable {
    enum Marker: Sendable {
      case snippet(String)
      case notCompiled(String)
      case pinned(String)
      case quoted(String)
      case unknown(String)
    }

    let location: String
    let language: String
    /// Whether DocC wraps the block's long lines (`wrap=N`): for messages, whose lines are the program's.
    let wraps: Bool
    let lines: [String]
    let marker: Marker?
  }

  /// How many columns of code DocC's content column shows: 74 at 1512 points wide, where the page's
  /// "On this page" navigator appears beside it (76 at 1280, 87 at 1440). `DocsSite/check.sh` measures
  /// it in a browser.
  static let columns = 74

  /// The catalogs: each module's in its target's folder (`Sources/Sheath/Sheath.docc`, …), and the
  /// site's landing page in `DocsSite/`.
  static let catalogs: [String] = {
    let manager = FileManager.default
    func catalogs(in folder: String) -> [String] {
      let entries = (try? manager.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
      return entries.filter { $0.hasSuffix(".docc") }.sorted().map { "\(folder)/\($0)" }
    }
    let targets = (try? manager.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)) ?? []
    return targets.sorted().flatMap { catalogs(in: "Sources/\($0)") } + catalogs(in: "DocsSite")
  }()

  static let articles: [Article] = {
    let manager = FileManager.default
    var articles: [Article] = []
    for catalog in catalogs {
      let root = packageRoot.appendingPathComponent(catalog)
      let files = (manager.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
      for file in files.sorted() {
        let name = "\(catalog)/\(file)"
        let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
        let blocks = parseBlocks(text.components(separatedBy: "\n"), file: name)
        articles.append(Article(name: name, blocks: blocks, hasCode: text.contains("```")))
      }
    }
    return articles
  }()

  /// The README, whose blocks follow the articles' rules but not their column: GitHub shows it.
  static let readme: Article = {
    let text = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    return Article(
      name: "README.md", blocks: parseBlocks(text.components(separatedBy: "\n"), file: "README.md"),
      hasCode: text.contains("```"))
  }()

  static func parseBlocks(_ lines: [String], file: String) -> [Block] {
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("```") else {
        index += 1
        continue
      }
      // "```text, wrap=74": the language, then DocC's code block options.
      let info = line.dropFirst(3).split(separator: ",", omittingEmptySubsequences: false)
      let language = (info.first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
      let wraps = info.dropFirst().contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("wrap=") }
      let start = index
      var body: [String] = []
      index += 1
      while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        body.append(lines[index])
        index += 1
      }
      index += 1
      var previous = start - 1
      while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
      let marker = previous >= 0 ? parseMarker(lines[previous]) : nil
      blocks.append(
        Block(
          location: "\(file):\(start + 1)", language: language, wraps: wraps, lines: dedent(body),
          marker: marker))
    }
    return blocks
  }

  static func parseMarker(_ line: String) -> Block.Marker? {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
    let inner = text.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
    guard let colon = inner.firstIndex(of: ":") else { return .unknown(inner) }
    let value = inner[inner.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    switch inner[..<colon] {
    case "snippet": return .snippet(value)
    case "not compiled": return .notCompiled(value)
    case "pinned": return .pinned(value)
    case "quoted": return .quoted(value)
    default: return .unknown(inner)
    }
  }

  /// The regions of this target's sources by name.
  static var regions: [String: [String]] { regionsAndProblems.regions }

  /// What is wrong with the regions: a region not ended, an end without a region.
  static var regionProblems: [String] { regionsAndProblems.problems }

  private static let regionsAndProblems: (regions: [String: [String]], problems: [String]) = {
    // This target's regions, and those of the default-MainActor package, which its own article shows.
    let files = ["Tests/DocsSnippetsTests", "Tests/DefaultMainActor/Sources", "Tests/DefaultMainActor/Tests"]
      .flatMap { folder in
        let directory = packageRoot.appendingPathComponent(folder)
        return (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? [])
          .filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
      }
    var regions: [String: [String]] = [:]
    var problems: [String] = []
    for file in files {
      let text = (try? String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)) ?? ""
      var open: (name: String, line: Int, lines: [String])?
      for (number, line) in text.components(separatedBy: "\n").enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed == "// swift-format-ignore" { continue }
        guard trimmed.hasPrefix("// docs: ") else {
          open?.lines.append(line)
          continue
        }
        let name = String(trimmed.dropFirst("// docs: ".count))
        if name == "end" {
          guard let piece = open else {
            problems.append("\(file):\(number + 1): `// docs: end` without a region")
            continue
          }
          let lines = dedent(piece.lines).map(removingFileprivate)
          regions[piece.name] = regions[piece.name].map { $0 + [""] + lines } ?? lines
          open = nil
        } else {
          if let piece = open { problems.append("\(file):\(piece.line): region `\(piece.name)` is not ended") }
          open = (name, number + 1, [])
        }
      }
      if let piece = open { problems.append("\(file):\(piece.line): region `\(piece.name)` is not ended") }
    }
    return (regions, problems)
  }()

  /// `fileprivate ` at the start of a declaration (after its attributes), which only the sources have.
  static func removingFileprivate(_ line: String) -> String {
    line.replacingOccurrences(
      of: #"^(\s*(?:@\w+(?:\([^)]*\))?\s+)*)fileprivate\s+"#, with: "$1", options: .regularExpression)
  }
}

/// `lines` without their common indentation, and without trailing spaces.
func dedent(_ lines: [String]) -> [String] {
  let trimmed = lines.map { line -> String in
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
  let indentation =
    trimmed.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
  return trimmed.map { $0.isEmpty ? $0 : String($0.dropFirst(indentation)) }
}

/// Whether `needle` appears in `haystack` as consecutive lines, all indented by the same amount.
func containsIndented(_ haystack: [String], _ needle: [String]) -> Bool {
  guard let first = needle.first, !first.isEmpty else { return false }
  for (index, line) in haystack.enumerated() where line.hasSuffix(first) {
    let indentation = line.dropLast(first.count)
    guard indentation.allSatisfy({ $0 == " " }), index + needle.count <= haystack.count else { continue }
    let matches = needle.indices.allSatisfy { offset in
      let candidate = haystack[index + offset]
      return needle[offset].isEmpty
        ? candidate.trimmingCharacters(in: .whitespaces).isEmpty : candidate == indentation + needle[offset]
    }
    if matches { return true }
  }
  return false
}
