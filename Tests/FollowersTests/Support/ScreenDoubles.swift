import FollowersKit
import Foundation
import SheathTesting

/// A validator with a fixed answer — seed 000's stub: all a view model's tests need from validation.
struct StubValidator: LoginValidating {
  let answer: LoginValidation
  func validate(_ input: String) -> LoginValidation { answer }
}

/// Records what the registration view model shows, and supplies scripted input.
@MainActor
final class RecordingRegistrationView: RegistrationView {
  var inputs: [String]
  let asksAgain: Bool
  private(set) var reasons: [String] = []

  init(inputs: [String] = [], asksAgain: Bool = true) {
    self.inputs = inputs
    self.asksAgain = asksAgain
  }

  func requestLogin() async -> String? {
    inputs.isEmpty ? nil : inputs.removeFirst()
  }

  func showInvalidLogin(reason: String) {
    reasons.append(reason)
  }
}

/// Records what the profile view model shows, loading lines included.
@MainActor
final class RecordingProfileView: ProfileView {
  private(set) var shown: [String] = []

  /// What was shown, without the loading lines.
  var screen: [String] { shown.filter { !$0.hasPrefix("loading: ") } }

  func showLoading(_ text: String) {
    shown.append("loading: \(text)")
  }

  func showProfile(title: String, lines: [String]) {
    shown += [title] + lines
  }

  func showError(_ message: String) {
    shown.append("error: \(message)")
  }
}

/// Records what the followers view model shows, and answers the "more" question from a script.
@MainActor
final class RecordingFollowersView: FollowersView {
  private(set) var shown: [String] = []
  private var answers: [Bool]

  /// What was shown, without the loading lines and questions.
  var screen: [String] { shown.filter { !$0.hasPrefix("loading: ") && !$0.hasPrefix("ask: ") } }

  init(answers: [Bool] = []) {
    self.answers = answers
  }

  func showLoading(_ text: String) {
    shown.append("loading: \(text)")
  }

  func showFollowers(header: String, rows: [String]) {
    shown += [header] + rows
  }

  func showError(_ message: String) {
    shown.append("error: \(message)")
  }

  func askForMore(_ prompt: String) async -> Bool {
    shown.append("ask: \(prompt)")
    return answers.isEmpty ? false : answers.removeFirst()
  }
}

/// Screens that record everything.
@MainActor
final class RecordingScreens: FollowersScreens {
  let registration: RecordingRegistrationView
  let profile = RecordingProfileView()
  let followers: RecordingFollowersView

  init(inputs: [String] = [], answers: [Bool] = []) {
    registration = RecordingRegistrationView(inputs: inputs)
    followers = RecordingFollowersView(answers: answers)
  }

  func registrationView() -> any RegistrationView { registration }
  func profileView() -> any ProfileView { profile }
  func followersView() -> any FollowersView { followers }
}

/// An API that counts its calls and can fail on demand, around a fake.
actor CountingAPI: UserAPI {
  private let fake: FakeUserAPI
  private(set) var userCalls = 0
  private(set) var pageCalls: [Int] = []
  private var failuresLeft: Int
  private var failingPages: Set<Int>

  /// - Parameters:
  ///   - users: The users the fake serves.
  ///   - failures: How many of the first user fetches fail, as not found.
  ///   - failingPages: Pages whose first fetch fails, as not found.
  init(
    users: [FakeUserAPI.CannedUser] = FakeUserAPI.sampleUsers, failing failures: Int = 0, failingPages: Set<Int> = []
  ) {
    fake = FakeUserAPI(users: users)
    failuresLeft = failures
    self.failingPages = failingPages
  }

  func user(_ login: String) async throws -> GitHubUser {
    userCalls += 1
    if failuresLeft > 0 {
      failuresLeft -= 1
      throw UserAPIError.notFound(login: login)
    }
    return try await fake.user(login)
  }

  func followers(of login: String, page: PageRequest) async throws -> FollowersPage {
    pageCalls.append(page.number)
    if failingPages.remove(page.number) != nil { throw UserAPIError.notFound(login: login) }
    return try await fake.followers(of: login, page: page)
  }
}
