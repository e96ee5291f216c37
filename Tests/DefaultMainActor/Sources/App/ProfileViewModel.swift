// docs: dma-view-model
/// What the profile screen's view shows: a view controller, in the app.
protocol ProfileView: AnyObject {
  func show(name: String, followers: String)
  func show(error: String)
}

/// The profile screen's logic, on the main actor like all of this
/// module's types: a `MainActorAssistedKey` builds it with its view.
final class ProfileViewModel {
  private weak var view: (any ProfileView)?
  private let data: any FollowersDataControlling

  init(view: any ProfileView, data: any FollowersDataControlling) {
    self.view = view
    self.data = data
  }

  func load(_ login: String) async {
    do {
      let user = try await data.user(login)
      view?.show(
        name: user.name ?? user.login,
        followers: "\(user.followers) followers")
    } catch {
      view?.show(error: "No user named \(login)")
    }
  }
}
// docs: end
