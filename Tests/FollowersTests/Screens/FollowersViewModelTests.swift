import FollowersKit
import SheathTesting
import Testing

@Suite("The followers view model")
@MainActor
struct FollowersViewModelTests {
  private func flow(pageSize: Int = 100) throws -> Graph {
    let configuration = FollowersConfiguration(pageSize: pageSize)
    return try TestGraph(modules: [FollowersAppModule(configuration: configuration)]).graph.child(scope: .flow)
  }

  @Test("shows the first page under its header, and offers the next one")
  func firstPage() async throws {
    let view = RecordingFollowersView(answers: [false])
    #expect(await (try flow()).make(.followersViewModel, view).load(FollowersQuery(login: "popular-dev")) == .shown)
    #expect(view.shown.first == "loading: Loading followers of @popular-dev…")
    #expect(view.screen.first == "Followers of @popular-dev (showing 1–100 of 1,234)")
    #expect(view.screen.count == 101)
    #expect(view.shown.last == "ask: More followers: press Enter for page 2 of 13, or q to quit: ")
  }

  @Test("shows each next page the view asks for, in the API's order, and stops after the last")
  func paging() async throws {
    let view = RecordingFollowersView(answers: [true, true, true])
    await (try flow(pageSize: 3)).make(.followersViewModel, view).load(FollowersQuery(login: "octocat"))
    #expect(
      view.shown == [
        "loading: Loading followers of @octocat…",
        "Followers of @octocat (showing 1–3 of 8)", "Alice", "bob", "Carol",
        "ask: More followers: press Enter for page 2 of 3, or q to quit: ",
        "loading: Loading page 2 of @octocat's followers…",
        "Followers of @octocat (showing 4–6 of 8)", "dave42", "Eve", "Mallory",
        "ask: More followers: press Enter for page 3 of 3, or q to quit: ",
        "loading: Loading page 3 of @octocat's followers…",
        "Followers of @octocat (showing 7–8 of 8)", "trent", "zoe-dev",
      ])
  }

  @Test("starts from the page asked for; past the last page, says there is none")
  func laterPages() async throws {
    let view = RecordingFollowersView()
    await (try flow(pageSize: 3)).make(.followersViewModel, view).load(FollowersQuery(login: "octocat", firstPage: 3))
    #expect(view.screen == ["Followers of @octocat (showing 7–8 of 8)", "trent", "zoe-dev"])
    let past = RecordingFollowersView()
    await (try flow(pageSize: 3)).make(.followersViewModel, past).load(FollowersQuery(login: "octocat", firstPage: 9))
    #expect(
      past.shown == [
        "loading: Loading page 9 of @octocat's followers…", "Followers of @octocat (none on page 9; 8 in all)",
      ])
  }

  @Test("a failure is shown, not thrown, and its kind returned")
  func failure() async throws {
    let view = RecordingFollowersView()
    #expect(
      await (try flow()).make(.followersViewModel, view).load(FollowersQuery(login: "ghost")) == .failed(.notFound))
    #expect(view.screen == ["error: No GitHub user named 'ghost'."])
  }
}

/// The pager on its own, over a data controller that answers from a script.
@Suite("The followers pager")
@MainActor
struct FollowersPagerTests {
  /// Serves scripted pages (a server's `next` included) for any login.
  actor ScriptedData: FollowersDataControlling {
    let pages: [Int: FollowersPage]
    private(set) var asked: [Int] = []

    init(_ pages: [FollowersPage]) {
      self.pages = Dictionary(uniqueKeysWithValues: pages.map { ($0.request.number, $0) })
    }

    func loadUser<Answer: Sendable>(
      _ login: String, followersPage: Int, then deliver: @MainActor (Result<FollowersProfile, any Error>) -> Answer
    ) async -> Answer {
      asked.append(followersPage)
      let user = GitHubUser(login: login, name: nil, followers: 9)
      guard let page = pages[followersPage] else { return await deliver(.failure(UserAPIError.notFound(login: login))) }
      return await deliver(.success(FollowersProfile(user: user, page: page)))
    }

    func loadUser<Answer: Sendable>(
      _ login: String, firstFollowers count: Int, then deliver: @MainActor (Result<UserOverview, any Error>) -> Answer
    ) async -> Answer {
      Issue.record("the pager asked for the profile's followers")
      return await deliver(.failure(UserAPIError.notFound(login: login)))
    }
  }

  private func page(_ number: Int, _ logins: [String], next: Int? = nil, last: Int? = nil) -> FollowersPage {
    FollowersPage(
      request: PageRequest(number: number, size: 2), followers: logins.map(Follower.init), nextPage: next,
      lastPage: last)
  }

  @Test("adds each page to the list, follows the next page numbers, and knows the last page")
  func pages() async throws {
    let data = ScriptedData([
      page(1, ["a", "b"], next: 2, last: 3), page(2, ["c", "d"], next: 3, last: 3), page(3, ["e"]),
    ])
    let pager = FollowersPager(query: FollowersQuery(login: "x"), data: data)
    #expect((pager.nextPage, pager.lastPage) == (1, nil))
    #expect(try await pager.loadNextPage()?.get().rows == 0..<2)
    #expect((pager.nextPage, pager.lastPage) == (2, 3))
    #expect(try await pager.loadNextPage()?.get().rows == 2..<4)
    #expect(try await pager.loadNextPage()?.get().rows == 4..<5)
    #expect((pager.nextPage, pager.lastPage) == (nil, 3))
    #expect(pager.followers.map(\.login) == ["a", "b", "c", "d", "e"])
    #expect(await pager.loadNextPage() == nil)
    #expect(await data.asked == [1, 2, 3])
  }

  @Test("stops when a server names a next page that is not ahead of the current one")
  func backwardsNext() async throws {
    let data = ScriptedData([page(2, ["a"], next: 2, last: 1)])
    let pager = FollowersPager(query: FollowersQuery(login: "x", firstPage: 2), data: data)
    _ = await pager.loadNextPage()
    #expect((pager.nextPage, pager.lastPage) == (nil, 2))
  }

  @Test("a page that fails is not added, and is asked for again next time")
  func failedPage() async throws {
    let pager = FollowersPager(query: FollowersQuery(login: "x", firstPage: 4), data: ScriptedData([]))
    guard case .failure(let error)? = await pager.loadNextPage() else {
      Issue.record("expected a failure")
      return
    }
    #expect(error as? UserAPIError == .notFound(login: "x"))
    #expect(pager.followers.isEmpty)
    #expect(pager.nextPage == 4)
  }
}
