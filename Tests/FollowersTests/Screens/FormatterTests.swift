import FollowersKit
import Testing

@Suite("ProfileFormatter")
struct ProfileFormatterTests {
  let formatter = ProfileFormatter()

  @Test(
    "follower count line",
    arguments: [
      (0, nil), (1, "1 follower"), (2, "2 followers"), (999, "999 followers"), (1_000, "1,000 followers"),
      (1_234_567, "1,234,567 followers"),
    ] as [(Int, String?)])
  func followerCountLine(count: Int, expected: String?) {
    #expect(formatter.followerCountLine(count: count) == expected)
  }

  @Test(
    "followed-by line names the first three followers it is given and counts the rest",
    arguments: [
      ([], 0, nil),
      ([], 5, nil),
      (["alice"], 1, "Followed by alice"),
      (["alice", "bob"], 2, "Followed by alice and bob"),
      (["alice", "bob", "carol"], 3, "Followed by alice, bob and carol"),
      (["alice", "bob", "carol", "dave"], 4, "Followed by alice, bob, carol and 1 other"),
      (["alice", "bob", "carol", "dave"], 1_234, "Followed by alice, bob, carol and 1,231 others"),
      (["zoe", "Bob"], 7, "Followed by zoe, Bob and 5 others"),
    ] as [([String], Int, String?)])
  func followedByLine(logins: [String], total: Int, expected: String?) {
    #expect(formatter.followedByLine(followers: logins.map(Follower.init(login:)), totalCount: total) == expected)
  }

  @Test(
    "title shows the name when there is one",
    arguments: [
      (GitHubUser(login: "octocat", name: "The Octocat", followers: 8), "The Octocat (@octocat)"),
      (GitHubUser(login: "nameless", name: nil, followers: 0), "@nameless"),
    ])
  func title(user: GitHubUser, expected: String) {
    #expect(formatter.title(for: user) == expected)
  }

  @Test("loading text")
  func loading() {
    #expect(formatter.loadingText(for: "octocat") == "Loading @octocat…")
  }
}

@Suite("FollowersListFormatter")
struct FollowersListFormatterTests {
  let formatter = FollowersListFormatter()

  @Test(
    "header says which followers of how many the page shows",
    arguments: [
      (1, 100, 8, 8, "Followers of @octocat (showing 1–8 of 8)"),
      (1, 100, 1, 1, "Followers of @octocat (showing 1–1 of 1)"),
      (2, 100, 100, 1_234, "Followers of @octocat (showing 101–200 of 1,234)"),
      (13, 100, 34, 1_234, "Followers of @octocat (showing 1,201–1,234 of 1,234)"),
      (1, 100, 0, 0, "Followers of @octocat (none)"),
      (9, 3, 0, 8, "Followers of @octocat (none on page 9; 8 in all)"),
      (2, 3, 0, 0, "Followers of @octocat (none)"),
    ])
  func header(number: Int, size: Int, count: Int, total: Int, expected: String) {
    let user = GitHubUser(login: "octocat", name: "The Octocat", followers: total)
    let page = FollowersPage(
      request: PageRequest(number: number, size: size), followers: (0..<count).map { Follower(login: "f\($0)") })
    #expect(formatter.header(for: user, page: page) == expected)
  }

  @Test("rows, loading texts and the question before the next page")
  func texts() {
    #expect(formatter.row(for: Follower(login: "Alice")) == "Alice")
    #expect(formatter.loadingText(for: "octocat", page: 1) == "Loading followers of @octocat…")
    #expect(formatter.loadingText(for: "octocat", page: 1_000) == "Loading page 1,000 of @octocat's followers…")
    #expect(
      formatter.morePrompt(nextPage: 2, lastPage: 1_300)
        == "More followers: press Enter for page 2 of 1,300, or q to quit: ")
    #expect(
      formatter.morePrompt(nextPage: 2, lastPage: nil) == "More followers: press Enter for page 2, or q to quit: ")
  }

  @Test(
    "groups thousands with commas, whatever the locale",
    arguments: [
      (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"),
      (123_456, "123,456"), (1_234_567, "1,234,567"), (-1_234, "-1,234"),
      (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
  func groupsThousands(value: Int, expected: String) {
    #expect(NumberText.grouped(value) == expected)
  }
}
