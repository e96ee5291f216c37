import FollowersKit
import Foundation
import Testing

@Suite("Where the token goes")
struct TokenPolicyTests {
  private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

  @Test(
    "only to the API's own origin: same scheme, host and port",
    arguments: [
      ("https://api.github.com", "https://api.github.com/users/octocat", true),
      ("https://api.github.com", "https://API.GitHub.com:443/users/octocat", true),
      ("https://ghe.example.com/api/v3", "https://ghe.example.com/api/v3/users/x", true),
      ("https://api.github.com", "https://api.github.com:8443/users/octocat", false),
      ("https://api.github.com", "http://api.github.com/users/octocat", false),
      ("https://api.github.com", "https://evil.example.com/users/octocat", false),
      ("https://api.github.com", "https://api.github.com.evil.example.com/", false),
      ("http://127.0.0.1:8080", "http://127.0.0.1:8080/users/x", true),
      ("http://127.0.0.1:8080", "http://127.0.0.1:8081/users/x", false),
      ("http://127.0.0.1:8080", "http://localhost:8080/users/x", false),
      ("http://localhost:8080", "http://localhost:8080/users/x", true),
      ("http://[::1]:8080", "http://[::1]:8080/users/x", true),
    ])
  func sameOriginOnly(api: String, request: String, sent: Bool) throws {
    let policy = TokenPolicy(apiURL: try url(api), token: GitHubToken("t0k3n"))
    #expect(policy.authorization(for: try url(request)) == (sent ? "Bearer t0k3n" : nil))
  }

  @Test(
    "only over https, or plain http to a loopback host",
    arguments: [
      ("https://api.github.com", true), ("http://api.github.com", false), ("http://example.com:80", false),
      ("http://localhost:1", true), ("http://127.0.0.1", true), ("http://127.8.9.10:5", true), ("http://[::1]:1", true),
      ("http://128.0.0.1", false), ("http://127.0.0.1.example.com", false), ("http://localhost.example.com", false),
      ("ftp://127.0.0.1", false),
    ])
  func secureOrLoopback(api: String, sendsToken: Bool) throws {
    let apiURL = try url(api)
    #expect(TokenPolicy.isSecureOrLoopback(apiURL) == sendsToken)
    let policy = TokenPolicy(apiURL: apiURL, token: GitHubToken("t0k3n"))
    #expect(policy.sendsToken == sendsToken)
    #expect((policy.authorization(for: apiURL.appendingPathComponent("users")) != nil) == sendsToken)
  }

  @Test("no token, or a blank one, is sent nowhere")
  func noToken() throws {
    for token in [nil, "", "  \n"] as [String?] {
      let policy = TokenPolicy(apiURL: try url("https://api.github.com"), token: GitHubToken(token))
      #expect(!policy.sendsToken)
      #expect(policy.authorization(for: try url("https://api.github.com/users/x")) == nil)
    }
  }

  @Test("the token never shows in descriptions, debug descriptions or dumps")
  func tokenStaysHidden() throws {
    let token = try #require(GitHubToken("  ghp_secretValue  "))
    let policy = TokenPolicy(apiURL: try url("https://api.github.com"), token: token)
    var dumped = ""
    dump(policy, to: &dumped)
    dump(token, to: &dumped)
    for text in [String(describing: token), String(reflecting: token), String(describing: policy), dumped] {
      #expect(!text.contains("ghp_secretValue"), "\(text)")
    }
    #expect(String(describing: policy) == "TokenPolicy(origin: https://api.github.com:443, token: <redacted>)")
    #expect(token.redacted(in: "got Bearer ghp_secretValue!") == "got Bearer <redacted>!")
    #expect(policy.authorization(for: try url("https://api.github.com/x")) == "Bearer ghp_secretValue")
  }
}
