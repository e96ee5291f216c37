import FollowersKit
import Foundation
import Testing

/// The live connection follows redirects, but takes the token off every one that leaves the API's origin.
@Suite("Redirects and the token")
struct RedirectTests {
  @Test("a redirect within the API's origin keeps the token")
  func sameOrigin() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5, token: "s3cret")
      let user = try await api.user("redirect-same")
      #expect(user.name == "Bearer s3cret")
      #expect(server.requests.map { $0.header("Authorization") } == ["Bearer s3cret", "Bearer s3cret"])
    }
  }

  @Test("a redirect to another port goes without the token")
  func otherPort() async throws {
    try await withStubServer { other in
      try await withStubServer { server in
        let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5, token: "s3cret")
        let user = try await api.user("redirect-port-\(other.port)")
        #expect(user == GitHubUser(login: "echo-auth", name: nil, followers: 0))
        let page = try await api.followers(of: "redirect-port-\(other.port)", page: PageRequest(number: 2, size: 5))
        #expect(page.followers.isEmpty)
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer s3cret", "Bearer s3cret"])
        #expect(other.requests.map(\.target) == ["/users/echo-auth", "/users/echo-auth/followers?per_page=5&page=2"])
        #expect(other.requests.allSatisfy { $0.header("Authorization") == nil })
      }
    }
  }

  @Test("a redirect to the same port under another host name (localhost for 127.0.0.1) goes without it")
  func otherHost() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5, token: "s3cret")
      #expect(try await api.user("redirect-localhost").name == nil)
      let redirected = try #require(server.requests.last)
      #expect(redirected.header("Host") == "localhost:\(server.port)")
      #expect(redirected.header("Authorization") == nil)
    }
  }

  @Test("without a token, no request carries one")
  func withoutToken() async throws {
    try await withStubServer { other in
      try await withStubServer { server in
        let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
        let redirected = try await api.user("redirect-port-\(other.port)")
        let same = try await api.user("redirect-same")
        #expect(redirected.name == nil && same.name == nil)
        #expect((server.requests + other.requests).allSatisfy { $0.header("Authorization") == nil })
      }
    }
  }
}
