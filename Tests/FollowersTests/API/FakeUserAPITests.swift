import FollowersKit
import Testing

@Suite("FakeUserAPI")
struct FakeUserAPITests {
  let api = FakeUserAPI()

  @Test("serves the canned octocat with its mixed-case followers, in their canned order")
  func servesOctocat() async throws {
    let user = try await api.user("octocat")
    #expect(user == GitHubUser(login: "octocat", name: "The Octocat", followers: 8))
    let followers = try await api.followers(of: "octocat", page: PageRequest()).followers
    #expect(
      followers.map(\.login)
        == ["Alice", "bob", "Carol", "dave42", "Eve", "Mallory", "trent", "zoe-dev"])
  }

  @Test("matches logins ignoring case, like GitHub", arguments: ["OctoCat", "OCTOCAT", "octocat"])
  func caseInsensitiveLookup(login: String) async throws {
    #expect(try await api.user(login).login == "octocat")
    #expect(try await api.followers(of: login, page: PageRequest()).followers.count == 8)
  }

  @Test("covers no followers, no name, one follower and more than a page")
  func coversEdgeCases() async throws {
    #expect(try await api.user("lonely-dev").followers == 0)
    #expect(try await api.followers(of: "lonely-dev", page: PageRequest()).followers.isEmpty)
    #expect(try await api.user("nameless").name == nil)
    #expect(try await api.user("solo-dev").followers == 1)
    let popular = try await api.user("popular-dev")
    #expect(popular.followers == 1_234)
    let page = try await api.followers(of: "popular-dev", page: PageRequest()).followers
    #expect(page.count == 100)
    #expect(page.first?.login == "fan-1")
    #expect(page.last?.login == "fan-100")
  }

  @Test("pages like GitHub: next and last on every page but the last, nothing past the end")
  func pages() async throws {
    let small = PageRequest(number: 1, size: 3)
    #expect(
      try await api.followers(of: "octocat", page: small)
        == FollowersPage(
          request: small, followers: ["Alice", "bob", "Carol"].map(Follower.init), nextPage: 2, lastPage: 3))
    #expect(
      try await api.followers(of: "octocat", page: small.page(3))
        == FollowersPage(request: small.page(3), followers: ["trent", "zoe-dev"].map(Follower.init)))
    #expect(
      try await api.followers(of: "octocat", page: small.page(4))
        == FollowersPage(request: small.page(4), followers: []))
    let last = try await api.followers(of: "popular-dev", page: PageRequest(number: 13, size: 100))
    #expect(last.followers.map(\.login) == (1_201...1_234).map { "fan-\($0)" })
    #expect(last.nextPage == nil)
    let first = try await api.followers(of: "popular-dev", page: PageRequest())
    #expect((first.nextPage, first.lastPage) == (2, 13))
    #expect(
      try await api.followers(of: "lonely-dev", page: PageRequest())
        == FollowersPage(request: PageRequest(), followers: []))
  }

  @Test("an unknown login throws the not-found error")
  func unknownLogin() async throws {
    let error = try await apiError {
      try await api.user("nobody-here")
    }
    #expect(error.description == "No GitHub user named 'nobody-here'.")
    #expect(error.isNotFound)
    #expect(error.kind == .notFound)
    #expect(error.statusCode == 404)
    await #expect(throws: UserAPIError.notFound(login: "Nobody")) {
      try await api.followers(of: "Nobody", page: PageRequest())
    }
  }

  @Test("the unknown-login error is identical to a live HTTP 404")
  func unknownLoginMatchesLive() async throws {
    let fakeError = try await apiError {
      try await api.user("nobody-here")
    }
    let liveError = try await withStubServer { server in
      let live = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      return try await apiError {
        try await live.user("nobody-here")
      }
    }
    #expect(fakeError == liveError)
    #expect(fakeError.description == liveError.description)
    #expect(fakeError.kind == liveError.kind)
  }

  @Test("can serve custom users; the first of two case-variants wins")
  func customUsers() async throws {
    let custom = FakeUserAPI(users: [
      .init(user: GitHubUser(login: "Mona", name: "Mona", followers: 1), followers: [.init(login: "x")]),
      .init(user: GitHubUser(login: "mona", name: "Other", followers: 0), followers: []),
    ])
    #expect(try await custom.user("MONA").name == "Mona")
    #expect(try await custom.followers(of: "mona", page: PageRequest()).followers == [Follower(login: "x")])
    await #expect(throws: UserAPIError.notFound(login: "octocat")) {
      try await custom.user("octocat")
    }
  }

  @Test("the sample data is public and consistent with the follower counts")
  func sampleDataIsConsistent() {
    #expect(FakeUserAPI(users: .samples).users == FakeUserAPI.sampleUsers)
    #expect(FakeUserAPI().users == FakeUserAPI.sampleUsers)
    #expect(
      FakeUserAPI.sampleUsers.map(\.user.login)
        == ["octocat", "solo-dev", "lonely-dev", "nameless", "popular-dev"])
    for canned in FakeUserAPI.sampleUsers {
      #expect(canned.followers.count == canned.user.followers, "\(canned.user.login)")
    }
  }
}
