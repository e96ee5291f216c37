// The code of Sources/Sheath/Sheath.docc/Articles/PerformanceAndBenchmarks.md.
import Sheath
import Testing

fileprivate protocol HTTPClient: Sendable {}
fileprivate final class URLSessionHTTPClient: HTTPClient {}
fileprivate protocol UserAPI: Sendable {}
fileprivate final class LiveUserAPI: UserAPI {
  let http: any HTTPClient
  init(http: any HTTPClient) { self.http = http }
}

extension Keys {
  fileprivate static var httpClient: Key<any HTTPClient> {
    Key(.singleton) {
      URLSessionHTTPClient()
    }
  }
}

// docs: performance-typed-key
extension Keys {
  fileprivate static var userAPI: Key<any UserAPI> {
    Key(.singleton, .httpClient) { http in
      LiveUserAPI(http: http)
    }
  }
}
// docs: end

@Suite("Performance and benchmarks (article)")
struct PerformanceAndBenchmarksArticleTests {
  @Test("a key with its type written out resolves like any other")
  func typedKey() throws {
    let graph = try Graph(modules: [])
    let api = try #require(graph[.userAPI] as? LiveUserAPI)
    #expect(api.http is URLSessionHTTPClient)
    #expect(graph[.userAPI] as AnyObject === api, "a singleton")
  }
}
