import Foundation
import Sheath

// docs: dma-keys
// `nonisolated`: in a default-MainActor module, a plain extension's
// static lets would be main-actor properties, which the factories —
// and the modules — could not read.
nonisolated extension Scope {
  /// A profile and the screens opened from it: one data controller.
  static let flow = Scope("flow")
}

nonisolated extension Keys {
  static let apiBaseURL: Key<String> = Key(.singleton) {
    "https://api.github.com"
  }
  static let userAPI: Key<any UserAPI> = .required(.singleton)
  static let followersData: Key<any FollowersDataControlling> =
    Key(.scoped(.flow), .userAPI) { api in
      FollowersDataController(api: api)
    }
  // swift-format-ignore
  static let profileViewModel:
    MainActorAssistedKey<any ProfileView, ProfileViewModel> =
    MainActorAssistedKey(.followersData) { view, data in
      ProfileViewModel(view: view, data: data)
    }
}
// docs: end

// docs: dma-async-key
nonisolated extension Keys {
  static let historyFile: Key<URL> = Key {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("searches.json")
  }
  static let searchHistory: AsyncKey<SearchHistory> =
    AsyncKey(.singleton, .historyFile) { file in
      try await SearchHistory.load(from: file)
    }
}
// docs: end
