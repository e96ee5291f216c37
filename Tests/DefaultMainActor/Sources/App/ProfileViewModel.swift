// docs: dma-view-model
/// What the profile screen's view shows: a view controller, in the app.
protocol ProfileView: AnyObject {
  func show(name: String, followers: String)
  func show(error: String)
}

/// Counts as the profile screen shows them; a main-actor type, as all
/// of this module's types are.
final class CountFormatter {
  func followers(_ count: Int) -> String {
    count == 1 ? "1 follower" : "\(count) followers"
  }
}

/// The profile screen's logic, on the main actor like all of this
/// module's types: a `MainActorAssistedKey` builds it with its view.
final class ProfileViewModel {
  private weak var view: (any ProfileView)?
  private let data: any FollowersDataControlling
  private let formatter: CountFormatter

  init(
    view: any ProfileView, data: any FollowersDataControlling,
    formatter: CountFormatter
  ) {
    self.view = view
    self.data = data
    self.formatter = formatter
  }

  func load(_ login: String) async {
    do {
      let user = try await data.user(login)
      view?.show(
        name: user.name ?? user.login,
        followers: formatter.followers(user.followers))
    } catch {
      view?.show(error: "No user named \(login)")
    }
  }
}
// docs: end
