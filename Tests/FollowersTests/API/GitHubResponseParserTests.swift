import FollowersKit
import Foundation
import Testing

/// The parser on its own, with canned responses: no HTTP needed.
@Suite("GitHubResponseParser")
struct GitHubResponseParserTests {
  let parser = GitHubResponseParser()
  let url = URL(fileURLWithPath: "/users/octocat/followers")
  let page = PageRequest(number: 2, size: 2)

  private func followers(link: String?) throws -> FollowersPage {
    let response = APIResponse(
      url: url, status: 200, headers: link.map { ["Link": $0] } ?? [:], body: Data(#"[{"login": "a"}]"#.utf8))
    return try parser.followersPage(from: response, login: "octocat", page: page)
  }

  @Test(
    "reads the next and last page numbers from the Link header, never its URLs",
    arguments: [
      (
        #"<https://api.github.com/user/1/followers?per_page=2&page=3>; rel="next", <https://api.github.com/user/1/followers?per_page=2&page=9>; rel="last""#,
        3, 9
      ),
      (#"<https://api.github.com/user/1/followers?page=1>; rel="prev", <…?page=1>; rel="first""#, nil, nil),
      (#"<https://evil.example.com/steal?page=3>; rel=next"#, 3, nil),
      (#"<?page=3&per_page=2>; REL="Next Last""#, 3, 3),
      (#"<https://x/?page=three>; rel="next", <https://x/?page=0>; rel="last""#, nil, nil),
      (#"<https://x/?page=1000001>; rel="next""#, nil, nil),
      ("garbage", nil, nil),
    ] as [(String, Int?, Int?)])
  func linkHeader(link: String, next: Int?, last: Int?) throws {
    let parsed = try followers(link: link)
    #expect(parsed.nextPage == next)
    #expect(parsed.lastPage == last)
    #expect(parsed.followers == [Follower(login: "a")])
    #expect(parsed.request == page)
  }

  @Test("no Link header: a single page")
  func noLink() throws {
    let parsed = try followers(link: nil)
    #expect(parsed.nextPage == nil && parsed.lastPage == nil)
  }

  @Test("hides the token wherever a server's message quotes it")
  func hidesToken() async throws {
    let parser = GitHubResponseParser(hiding: GitHubToken("tok-123"))
    let response = APIResponse(url: url, status: 401, body: Data(#"{"message": "bad tok-123"}"#.utf8))
    let error = try await apiError { try parser.user(from: response, login: "x") }
    #expect(
      error.message
        == "GitHub rejected the token (HTTP 401): \"bad <redacted>\". Check GITHUB_TOKEN, or use --mock to run offline."
    )
  }
}

/// The facade composes its two halves: it builds GitHub's routes, the connection moves them, the
/// parser reads the answers.
@Suite("LiveUserAPI as a facade")
struct LiveUserAPIFacadeTests {
  /// A connection that answers from a table and records what it was asked.
  final class CannedConnection: APIConnecting, @unchecked Sendable {
    // @unchecked: `asked` is only touched under `lock`.
    private let lock = NSLock()
    private var asked: [String] = []
    var requested: [String] { lock.withLock { asked } }

    func get(_ url: URL) async throws -> APIResponse {
      lock.withLock { asked.append(url.absoluteString) }
      let body =
        url.path.hasSuffix("/followers") ? #"[{"login": "b"}, {"login": "a"}]"# : #"{"login": "Mona", "followers": 2}"#
      return APIResponse(url: url, status: 200, body: Data(body.utf8))
    }
  }

  @Test("asks the connection for GitHub's routes under the base URL's path, and parses the answers")
  func composes() async throws {
    let connection = CannedConnection()
    let api = LiveUserAPI(
      baseURL: try #require(URL(string: "https://ghe.example.com/api/v3/")), connection: connection,
      parser: GitHubResponseParser())
    #expect(try await api.user("mona") == GitHubUser(login: "Mona", name: nil, followers: 2))
    let page = try await api.followers(of: "mona", page: PageRequest(number: 4, size: 7))
    #expect(page.followers.map(\.login) == ["b", "a"])
    #expect(
      connection.requested == [
        "https://ghe.example.com/api/v3/users/mona",
        "https://ghe.example.com/api/v3/users/mona/followers?per_page=7&page=4",
      ])
  }
}
