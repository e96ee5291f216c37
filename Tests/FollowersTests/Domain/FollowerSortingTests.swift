import FollowersKit
import Testing

@Suite("Sorting followers")
struct FollowerSortingTests {
  private func logins(_ names: [String]) -> [Follower] {
    names.map(Follower.init(login:))
  }

  @Test(
    "sorts by login ignoring case, ties by exact login",
    arguments: [
      ([], []),
      (["bob"], ["bob"]),
      (["zoe", "Alice", "bob", "Carol"], ["Alice", "bob", "Carol", "zoe"]),
      (["alice", "Alice", "ALICE"], ["ALICE", "Alice", "alice"]),
      (["b-2", "B-10", "b-1"], ["b-1", "B-10", "b-2"]),
      (["dev2", "Dev", "dev-x", "dev1"], ["Dev", "dev-x", "dev1", "dev2"]),
    ] as [([String], [String])])
  func sortsCaseInsensitively(input: [String], expected: [String]) {
    #expect(logins(input).sortedByLogin() == logins(expected))
  }

  @Test("ordering is a strict weak order: irreflexive and asymmetric")
  func loginOrderIsStrict() {
    let alice = Follower(login: "alice")
    let upper = Follower(login: "Alice")
    #expect(!Follower.loginOrder(alice, alice))
    #expect(Follower.loginOrder(upper, alice))
    #expect(!Follower.loginOrder(alice, upper))
  }

  @Test("a page sorts its followers and keeps where the next and last pages are")
  func sortsPage() {
    let page = FollowersPage(
      request: PageRequest(number: 2, size: 3), followers: logins(["zoe", "Alice", "bob"]), nextPage: 3, lastPage: 9)
    #expect(
      page.sortedByLogin()
        == FollowersPage(
          request: PageRequest(number: 2, size: 3), followers: logins(["Alice", "bob", "zoe"]), nextPage: 3, lastPage: 9
        ))
  }

  @Test("sorting the sample octocat followers makes the order visible")
  func sortsSampleFollowers() {
    let sorted = FakeUserAPI.octocat.followers.sortedByLogin().map(\.login)
    #expect(sorted == ["Alice", "bob", "Carol", "dave42", "Eve", "Mallory", "trent", "zoe-dev"])
  }
}
