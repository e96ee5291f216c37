// The code of Sources/Sheath/Sheath.docc/Articles/ProviderAndLazy.md.
import Sheath
import Testing

fileprivate final class PrintJob: Sendable {}

fileprivate final class SearchIndex: Sendable {
  init() {}  // imagine reading a large file here
}

// docs: provider
/// Prints receipts, each with a print job of its own.
fileprivate final class ReceiptPrinter: Sendable {
  private let makeJob: Provider<PrintJob>

  init(makeJob: Provider<PrintJob>) {
    self.makeJob = makeJob
  }

  func print() -> PrintJob {
    makeJob()  // a new PrintJob each call: the key is transient
  }
}

extension Keys {
  fileprivate static var printJob: Key<PrintJob> { Key { PrintJob() } }
  fileprivate static var receiptPrinter: Key<ReceiptPrinter> {
    Key(.singleton, .printJob.provider) { makeJob in
      ReceiptPrinter(makeJob: makeJob)
    }
  }
}
// docs: end

// docs: lazy
/// Searches the catalog; most sessions never search, so the index is
/// built on first use.
fileprivate final class SearchController: Sendable {
  private let index: Lazy<SearchIndex>

  init(index: Lazy<SearchIndex>) {
    self.index = index
  }

  func search(_ text: String) -> SearchIndex {
    index.value  // built the first time, then kept
  }
}

extension Keys {
  fileprivate static var searchIndex: Key<SearchIndex> { Key { SearchIndex() } }
  fileprivate static var searchController: Key<SearchController> {
    Key(.transient, .searchIndex.lazy) { index in
      SearchController(index: index)
    }
  }
}
// docs: end

fileprivate protocol APIClient: Sendable {
  func get(_ path: String) -> String
}

// docs: cycle
/// Signs in, through the API.
fileprivate final class AuthService: Sendable {
  let api: any APIClient
  init(api: any APIClient) { self.api = api }

  var token: String { "token-for-" + api.get("/session") }
}

/// Calls the API, asking the auth service for a token when it needs one:
/// the two need each other.
fileprivate final class TokenRefreshingAPIClient: APIClient {
  private let auth: Lazy<AuthService>
  init(auth: Lazy<AuthService>) { self.auth = auth }

  func get(_ path: String) -> String { path }
  func getWithToken(_ path: String) -> String {
    auth.value.token + " " + path
  }
}

extension Keys {
  // Keys that refer to each other must have their types written out.
  fileprivate static var auth: Key<AuthService> {
    Key(.singleton, .apiClient) { api in
      AuthService(api: api)
    }
  }
  // `.lazy`: a deferred dependency, legal in a cycle.
  fileprivate static var apiClient: Key<any APIClient> {
    Key(.singleton, .auth.lazy) { auth in
      TokenRefreshingAPIClient(auth: auth)
    }
  }
}
// docs: end

@Suite("Provider and Lazy")
struct ProviderAndLazySnippets {
  @Test("a provider resolves on every call")
  func provider() throws {
    let graph = try Graph(modules: [])
    let printer = graph[.receiptPrinter]
    #expect(printer.print() !== printer.print())
  }

  @Test("a lazy value is resolved once, on first use")
  func lazy() throws {
    let search = try Graph(modules: [])[.searchController]
    #expect(search.search("a") === search.search("b"))
  }

  @Test("a unit test makes providers and lazy values from closures, with no graph")
  func fromClosures() {
    // docs: provider-lazy-closures
    let printer = ReceiptPrinter(makeJob: Provider { PrintJob() })
    #expect(printer.print() !== printer.print())  // a new job each call

    let search = SearchController(index: Lazy { SearchIndex() })
    #expect(search.search("a") === search.search("b"))  // built once
    // docs: end
  }

  @Test("Lazy breaks the cycle between the auth service and the API client")
  func cycle() throws {
    let graph = try Graph(modules: [])
    #expect(graph.uncheckedKeys.isEmpty)
    let client = try #require(graph[.apiClient] as? TokenRefreshingAPIClient)
    #expect(client.getWithToken("/me") == "token-for-/session /me")
    #expect(graph[.auth].api as AnyObject === client)
  }
}
