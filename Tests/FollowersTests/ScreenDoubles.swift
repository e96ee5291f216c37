import FollowersKit
import Foundation
import SheathTesting

/// A validator with a fixed answer: all a view model's tests need from validation.
struct StubValidator: LoginValidating {
  let answer: LoginValidation
  func validate(_ input: String) -> LoginValidation { answer }
}

/// Records what the registration view model shows, and supplies scripted input.
@MainActor
final class RecordingRegistrationView: RegistrationView {
  var inputs: [String]
  private(set) var reasons: [String] = []

  init(inputs: [String] = []) {
    self.inputs = inputs
  }

  func requestLogin() async -> String? {
    inputs.isEmpty ? nil : inputs.removeFirst()
  }

  func showInvalidLogin(reason: String) {
    reasons.append(reason)
  }
}

/// Records what the profile view model shows.
@MainActor
final class RecordingProfileView: ProfileView {
  private(set) var shown: [String] = []

  func showProfile(title: String, lines: [String]) {
    shown += [title] + lines
  }

  func showError(_ message: String) {
    shown.append("error: \(message)")
  }
}

/// Records what the followers view model shows.
@MainActor
final class RecordingFollowersView: FollowersView {
  private(set) var shown: [String] = []

  func showFollowers(header: String, logins: [String]) {
    shown += [header] + logins
  }

  func showError(_ message: String) {
    shown.append("error: \(message)")
  }
}

/// Screens that record everything, in one transcript.
@MainActor
final class RecordingScreens: FollowersScreens {
  let registration: RecordingRegistrationView
  let profile = RecordingProfileView()
  let followers = RecordingFollowersView()

  init(inputs: [String] = []) {
    registration = RecordingRegistrationView(inputs: inputs)
  }

  func registrationView() -> any RegistrationView { registration }
  func profileView() -> any ProfileView { profile }
  func followersView() -> any FollowersView { followers }
}

/// An API that counts its calls and can fail on demand, around a fake.
actor CountingAPI: UserAPI {
  private let fake = FakeUserAPI()
  private(set) var userCalls = 0
  private(set) var followerCalls = 0
  private var failuresLeft: Int

  init(failing failures: Int = 0) {
    failuresLeft = failures
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
    followerCalls += 1
    return try await fake.followers(of: login, page: page)
  }
}
