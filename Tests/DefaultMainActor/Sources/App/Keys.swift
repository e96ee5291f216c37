import Foundation
import Sheath

// docs: dma-keys
// `nonisolated`: in a default-MainActor module, a plain extension's
// static properties would be main-actor properties, which the
// factories — and the modules — could not read.
nonisolated extension Scope {
  /// A profile and the screens opened from it: one data controller.
  static let flow = Scope("flow")
}

nonisolated extension Keys {
  static var apiBaseURL: Key<String> {
    Key(.singleton) {
      "https://api.github.com"
    }
  }
  static var userAPI: Key<any UserAPI> { .required(.singleton) }
  static var followersData: Key<any FollowersDataControlling> {
    Key(.scoped(.flow), .userAPI) { api in
      FollowersDataController(api: api)
    }
  }
  // A main-actor helper, as this module's types are by default.
  static var countFormatter: MainActorKey<CountFormatter> {
    MainActorKey(.transient) { CountFormatter() }
  }
  // swift-format-ignore
  static var profileViewModel:
    MainActorAssistedKey<any ProfileView, ProfileViewModel>
  {
    // the data controller and the formatter, each declared directly
    MainActorAssistedKey(.followersData, .countFormatter) {
      view, data, formatter in
      ProfileViewModel(view: view, data: data, formatter: formatter)
    }
  }
}
// docs: end

// docs: dma-async-key
nonisolated extension Keys {
  static var historyFile: Key<URL> {
    Key {
      FileManager.default.temporaryDirectory
        .appendingPathComponent("searches.json")
    }
  }
  static var searchHistory: AsyncKey<SearchHistory> {
    AsyncKey(.singleton, .historyFile) { file in
      try await SearchHistory.load(from: file)
    }
  }
}
// docs: end
