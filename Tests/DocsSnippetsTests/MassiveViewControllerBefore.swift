// The "before" code of Sources/Sheath/Sheath.docc/Articles/FromMassiveViewControllerToModules.md: a view
// controller that does everything, and the tests it forces on you.
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// docs: massive-before
fileprivate final class RegistrationViewController: UIViewController {
  let loginField = UITextField()
  let errorLabel = UILabel()

  func registerTapped() {
    let login = (loginField.text ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if login.isEmpty {
      errorLabel.text = "Enter a GitHub username."
      return
    }
    if login.count > 39 {
      errorLabel.text = "Too long: at most 39 characters."
      return
    }
    let allowed = { (c: Character) in
      c.isASCII && (c.isLetter || c.isNumber || c == "-")
    }
    if !login.allSatisfy(allowed) {
      errorLabel.text = "Only letters, digits and hyphens."
      return
    }
    if login.hasPrefix("-") {
      errorLabel.text = "Cannot start with a hyphen."
      return
    }
    if login.hasSuffix("-") {
      errorLabel.text = "Cannot end with a hyphen."
      return
    }
    if login.contains("--") {
      errorLabel.text = "No two hyphens in a row."
      return
    }
    errorLabel.text = nil
    Task {
      let address = "https://api.github.com/users/\(login)"
      guard let url = URL(string: address) else { return }
      do {
        let (data, _) = try await URLSession.shared.data(from: url)
        let user = try JSONDecoder().decode(GitHubUser.self, from: data)
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        let count = user.followers
        let followers =
          formatter.string(from: NSNumber(value: count)) ?? "\(count)"
        let profile = ProfileViewController(
          title: user.name ?? user.login,
          subtitle: "\(followers) followers")
        navigationController?.pushViewController(profile, animated: true)
      } catch {
        errorLabel.text =
          "Could not load \(login): \(error.localizedDescription)"
      }
    }
  }
}
// docs: end

fileprivate struct GitHubUser: Decodable {
  var login: String
  var name: String?
  var followers: Int
}

fileprivate final class ProfileViewController: UIViewController {
  let titleText: String
  let subtitle: String

  init(title: String, subtitle: String) {
    self.titleText = title
    self.subtitle = subtitle
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}

@Suite("From a massive view controller: before")
@MainActor
struct MassiveViewControllerBeforeSnippets {
  // docs: massive-before-test
  @Test func rejectsALoginThatStartsWithAHyphen() {
    let controller = RegistrationViewController()
    controller.loadViewIfNeeded()
    controller.loginField.text = "-octocat"
    controller.registerTapped()
    #expect(controller.errorLabel.text == "Cannot start with a hyphen.")
  }
  // docs: end

  @Test(
    "and five more like it",
    arguments: [
      ("", "Enter a GitHub username."),
      (String(repeating: "a", count: 40), "Too long: at most 39 characters."),
      ("octo_cat", "Only letters, digits and hyphens."),
      ("octocat-", "Cannot end with a hyphen."),
      ("octo--cat", "No two hyphens in a row."),
    ])
  func rejects(login: String, reason: String) {
    let controller = RegistrationViewController()
    controller.loadViewIfNeeded()
    controller.loginField.text = login
    controller.registerTapped()
    #expect(controller.errorLabel.text == reason)
  }
}
