// The code of Sources/Sheath/Sheath.docc/Articles/GettingStarted.md.
// docs: getting-started-keys
import Foundation
import Sheath
// docs: end
import SheathTesting
import Testing

// docs: getting-started-keys
/// Picks a quote for a day.
fileprivate protocol QuoteService: Sendable {
  func quote(forDay day: Int) -> String
}

fileprivate struct BundledQuotes: QuoteService {
  let quotes = [
    "Simplicity is prerequisite for reliability.",
    "Make it work, make it right, make it fast.",
  ]

  func quote(forDay day: Int) -> String { quotes[day % quotes.count] }
}

/// What the quote screen shows.
fileprivate final class QuoteViewModel {
  private let quotes: any QuoteService
  private let today: @Sendable () -> Int

  init(quotes: any QuoteService, today: @escaping @Sendable () -> Int) {
    self.quotes = quotes
    self.today = today
  }

  var text: String { "“\(quotes.quote(forDay: today()))”" }
}

extension Keys {
  fileprivate static var quotes: Key<any QuoteService> {
    Key(.singleton) {
      BundledQuotes()
    }
  }
  fileprivate static var today: Key<@Sendable () -> Int> {
    Key {
      { Int(Date().timeIntervalSince1970 / 86_400) }
    }
  }
  fileprivate static var quoteViewModel: Key<QuoteViewModel> {
    Key(.transient, .quotes, .today) { quotes, today in
      QuoteViewModel(quotes: quotes, today: today)
    }
  }
}
// docs: end

// docs: getting-started-module
/// Always the same quote: for previews, demos, and screenshots.
fileprivate struct FixedQuote: QuoteService {
  let text: String
  func quote(forDay day: Int) -> String { text }
}

fileprivate struct DemoModule: Module {
  var quote = "Testing shows the presence, not the absence, of bugs."

  func register(into b: inout Bindings) {
    b.bind(.quotes) { [quote] in FixedQuote(text: quote) }
  }
}
// docs: end

@Suite("Getting Started")
struct GettingStartedSnippets {
  @Test("the graph provides the view model with its dependencies")
  func firstGraph() throws {
    // docs: getting-started-graph
    let graph = try Graph(modules: [])
    // a QuoteViewModel, built with BundledQuotes
    let viewModel = graph[.quoteViewModel]
    print(viewModel.text)
    // docs: end
    #expect(viewModel.text.hasPrefix("“"))
  }

  @Test("a module swaps the quote service")
  func firstModule() throws {
    // docs: getting-started-demo-graph
    let demo = try Graph(modules: [DemoModule()])
    // “Testing shows the presence, not the absence, of bugs.”
    print(demo[.quoteViewModel].text)
    // docs: end
    #expect(demo[.quoteViewModel].text == "“Testing shows the presence, not the absence, of bugs.”")
  }
}

// docs: getting-started-test
@Test(.graph { $0.override(.quotes) { FixedQuote(text: "Hello") } })
func showsTheQuoteOfTheDay() throws {
  let graph = try #require(Graph.current)
  #expect(graph[.quoteViewModel].text == "“Hello”")
}

@Test func graphIsWiredCorrectly() throws {
  let graph = try Graph(modules: [DemoModule()])
  try graph.verify(entryPoints: [Keys.quoteViewModel])
}
// docs: end
