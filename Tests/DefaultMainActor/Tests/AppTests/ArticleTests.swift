import Foundation
import Testing

// The article "Sheath in a default-MainActor app" shows this package's code: every Swift block is,
// line for line, a region of this package's sources (`// docs: NAME` … `// docs: end`, marked
// `<!-- snippet: NAME -->` in the article), and every message it quotes (`<!-- quoted: … -->`) is
// pinned by CompilerMessagesTests.swift. The same markers as the articles of Tests/DocsSnippetsTests.

@Suite("The article shows this package's code")
struct ArticleTests {
  @Test("every Swift block is a region of this package, and fits the page's 74 columns")
  func snippets() throws {
    let article = try Article.read()
    #expect(!article.blocks.isEmpty)
    for block in article.blocks where block.language == "swift" {
      guard case .snippet(let name) = block.marker else {
        Issue.record("\(block.location): a Swift block needs `<!-- snippet: name -->` before it")
        continue
      }
      guard let region = Article.regions[name] else {
        Issue.record("\(block.location): no region `// docs: \(name)` in Tests/DefaultMainActor")
        continue
      }
      expectText(block.lines.joined(separator: "\n"), region.joined(separator: "\n"))
      for line in block.lines where line.count > 74 {
        Issue.record("\(block.location): wider than the 74 columns DocC shows: \(line)")
      }
    }
  }

  @Test("every message the article quotes is pinned by CompilerMessagesTests")
  func quotedMessages() throws {
    let article = try Article.read()
    let pinned = try String(
      contentsOf: BuiltSheath.packageRoot.appendingPathComponent("Tests/AppTests/CompilerMessagesTests.swift"),
      encoding: .utf8)
    let quoted = article.blocks.filter { if case .quoted = $0.marker { true } else { false } }
    #expect(quoted.count >= 6)
    for block in quoted {
      #expect(block.marker == .quoted("DefaultMainActor/Tests/AppTests/CompilerMessagesTests.swift"))
      for line in block.lines where !pinned.contains("\n      \(line)\n") {
        Issue.record("\(block.location): CompilerMessagesTests.swift does not pin `\(line)`")
      }
    }
  }

  @Test("every region is shown by the article")
  func everyRegionIsShown() throws {
    let shown = Set(
      try Article.read().blocks.compactMap { if case .snippet(let name) = $0.marker { name } else { nil } })
    #expect(Set(Article.regions.keys).subtracting(shown).sorted() == [])
  }
}

/// The article's fenced code blocks, and this package's regions.
nonisolated struct Article {
  enum Marker: Equatable {
    case snippet(String)
    case quoted(String)
    case other(String)
  }

  struct Block {
    let location: String
    let language: String
    let lines: [String]
    let marker: Marker?
  }

  let blocks: [Block]

  static let path = "Sources/Sheath/Sheath.docc/Articles/DefaultMainActorApps.md"

  static func read() throws -> Article {
    let repositoryRoot = BuiltSheath.packageRoot.deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```") else {
        index += 1
        continue
      }
      let start = index
      let language = String(lines[index].dropFirst(3).prefix { $0 != "," }).trimmingCharacters(in: .whitespaces)
      var body: [String] = []
      index += 1
      while index < lines.count, !lines[index].hasPrefix("```") {
        body.append(lines[index])
        index += 1
      }
      index += 1
      var previous = start - 1
      while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
      blocks.append(
        Block(
          location: "\(path):\(start + 1)", language: language, lines: body,
          marker: previous >= 0 ? marker(lines[previous]) : nil))
    }
    return Article(blocks: blocks)
  }

  static func marker(_ line: String) -> Marker? {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
    let inner = text.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
    for (prefix, make) in [("snippet:", Marker.snippet), ("quoted:", Marker.quoted)] where inner.hasPrefix(prefix) {
      return make(inner.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
    }
    return .other(inner)
  }

  /// The regions of this package's sources by name, each without its common indentation.
  static let regions: [String: [String]] = {
    var regions: [String: [String]] = [:]
    let manager = FileManager.default
    for folder in ["Sources", "Tests"] {
      let directory = BuiltSheath.packageRoot.appendingPathComponent(folder)
      let files = (manager.enumerator(atPath: directory.path)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted()
      for file in files {
        let text = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
        var open: (name: String, lines: [String])?
        for line in text.components(separatedBy: "\n") {
          let trimmed = line.trimmingCharacters(in: .whitespaces)
          // A formatter directive keeps a declaration laid out for the page; the article leaves it out.
          if trimmed == "// swift-format-ignore" { continue }
          if trimmed.hasPrefix("// docs: ") {
            let name = String(trimmed.dropFirst("// docs: ".count))
            if name == "end", let piece = open {
              regions[piece.name] = regions[piece.name].map { $0 + [""] + dedent(piece.lines) } ?? dedent(piece.lines)
              open = nil
            } else if name != "end" {
              open = (name, [])
            }
          } else {
            open?.lines.append(line)
          }
        }
      }
    }
    return regions
  }()

  static func dedent(_ lines: [String]) -> [String] {
    let indentation = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { $0.isEmpty ? $0 : String($0.dropFirst(indentation)) }
  }
}
