import FollowersKit
import Foundation
import Testing

@Suite("Models decode GitHub JSON")
struct ModelDecodingTests {
  private func fixture(_ name: String) throws -> Data {
    let url = StubGitHub.fixtures.appendingPathComponent(name)
    return try Data(contentsOf: url)
  }

  @Test("a full user payload keeps only login, name and followers")
  func decodesFullUser() throws {
    let user = try JSONDecoder().decode(GitHubUser.self, from: fixture("user-octocat.json"))
    #expect(user == GitHubUser(login: "octocat", name: "The Octocat", followers: 3))
  }

  @Test(
    "a null or missing name decodes as nil",
    arguments: [
      #"{"login": "a", "name": null, "followers": 1}"#,
      #"{"login": "a", "followers": 1}"#,
    ])
  func decodesMissingName(json: String) throws {
    let user = try JSONDecoder().decode(GitHubUser.self, from: Data(json.utf8))
    #expect(user == GitHubUser(login: "a", name: nil, followers: 1))
  }

  @Test("followers decode from a list of full user objects")
  func decodesFollowers() throws {
    let followers = try JSONDecoder().decode([Follower].self, from: fixture("followers-octocat.json"))
    #expect(followers == ["zoe-dev", "Alice", "bob"].map(Follower.init(login:)))
  }

  @Test("a user survives an encode/decode round trip with GitHub's field names")
  func roundTrips() throws {
    let user = GitHubUser(login: "nameless", name: nil, followers: 2)
    let data = try JSONEncoder().encode(user)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["login", "name", "followers"])
    #expect(try JSONDecoder().decode(GitHubUser.self, from: data) == user)
  }
}
