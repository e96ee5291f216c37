import FollowersKit
import Testing

@Suite("FollowerPresenter")
struct FollowerPresenterTests {
  let presenter = FollowerPresenter()

  @Test(
    "follower count line",
    arguments: [
      (0, nil),
      (1, "1 follower"),
      (2, "2 followers"),
      (3, "3 followers"),
      (4, "4 followers"),
      (999, "999 followers"),
      (1_000, "1,000 followers"),
      (1_234, "1,234 followers"),
      (1_234_567, "1,234,567 followers"),
    ] as [(Int, String?)])
  func followerCountLine(count: Int, expected: String?) {
    #expect(presenter.followerCountLine(count: count) == expected)
  }

  @Test(
    "followed-by line names up to three sorted logins and counts the rest",
    arguments: [
      ([], 0, nil),
      ([], 5, nil),
      (["alice"], 1, "Followed by alice"),
      (["bob", "alice"], 2, "Followed by alice and bob"),
      (["carol", "alice", "bob"], 3, "Followed by alice, bob and carol"),
      (["dave", "carol", "alice", "bob"], 4, "Followed by alice, bob, carol and 1 other"),
      (["dave", "carol", "alice", "bob"], 1_234, "Followed by alice, bob, carol and 1,231 others"),
      (["carol", "alice", "bob"], 1_234_567, "Followed by alice, bob, carol and 1,234,564 others"),
      (["Bob", "alice"], 7, "Followed by alice, Bob and 5 others"),
    ] as [([String], Int, String?)])
  func followedByLine(logins: [String], total: Int, expected: String?) {
    let followers = logins.map(Follower.init(login:))
    #expect(presenter.followedByLine(followers: followers, totalCount: total) == expected)
  }

  @Test(
    "profile title shows the name when there is one",
    arguments: [
      (GitHubUser(login: "octocat", name: "The Octocat", followers: 8), "The Octocat (@octocat)"),
      (GitHubUser(login: "nameless", name: nil, followers: 0), "@nameless"),
    ])
  func profileTitle(user: GitHubUser, expected: String) {
    #expect(presenter.profileTitle(for: user) == expected)
  }

  @Test(
    "followers header shows how many of the total are listed",
    arguments: [
      (8, 8, "Followers of @octocat (showing 8 of 8)"),
      (0, 0, "Followers of @octocat (showing 0 of 0)"),
      (100, 1_234, "Followers of @octocat (showing 100 of 1,234)"),
      (100, 1_234_567, "Followers of @octocat (showing 100 of 1,234,567)"),
    ])
  func followersHeader(shown: Int, total: Int, expected: String) {
    let user = GitHubUser(login: "octocat", name: "The Octocat", followers: total)
    #expect(presenter.followersHeader(for: user, shownCount: shown) == expected)
  }

  @Test(
    "groups thousands with commas, whatever the locale",
    arguments: [
      (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"),
      (123_456, "123,456"), (1_234_567, "1,234,567"), (-1_234, "-1,234"),
      (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
  func groupsThousands(value: Int, expected: String) {
    #expect(FollowerPresenter.grouped(value) == expected)
  }

  @Test("renders the sample users end to end")
  func rendersSamples() {
    let popular = FakeUserAPI.popularDev
    let page = Array(popular.followers.prefix(100))
    #expect(
      presenter.followedByLine(followers: page, totalCount: popular.user.followers)
        == "Followed by fan-1, fan-10, fan-100 and 1,231 others")
    #expect(
      presenter.followersHeader(for: popular.user, shownCount: page.count)
        == "Followers of @popular-dev (showing 100 of 1,234)")
    let octocat = FakeUserAPI.octocat
    #expect(
      presenter.followedByLine(followers: octocat.followers, totalCount: 8)
        == "Followed by Alice, bob, Carol and 5 others")
  }
}
