// The code of Sources/Sheath/Sheath.docc/Articles/Multibindings.md.
import Sheath
import Testing

// docs: multibindings-keys
fileprivate protocol AnalyticsTracker: Sendable {
  func track(_ event: String)
}

/// Something to do once at launch: warm a cache, register for
/// notifications.
fileprivate protocol LaunchTask: Sendable {
  var name: String { get }
  func run()
}

/// Opens the deep links of one feature, under one path prefix.
fileprivate protocol DeepLinkHandler: Sendable {
  func open(_ path: String) -> String
}

extension Keys {
  fileprivate static var trackers: CollectionKey<any AnalyticsTracker> {
    CollectionKey<any AnalyticsTracker>(.singleton)
  }
  fileprivate static var launchTasks: CollectionKey<any LaunchTask> {
    CollectionKey<any LaunchTask>()
  }
  fileprivate static var deepLinks: MapKey<String, any DeepLinkHandler> {
    MapKey<String, any DeepLinkHandler>()
  }
}
// docs: end

fileprivate struct ConsoleTracker: AnalyticsTracker {
  func track(_ event: String) {}
}

fileprivate struct CrashReporterTracker: AnalyticsTracker {
  func track(_ event: String) {}
}

fileprivate struct WarmImageCache: LaunchTask {
  let name = "warm image cache"
  func run() {}
}

fileprivate struct ProfileLinks: DeepLinkHandler {
  func open(_ path: String) -> String { "profile \(path)" }
}

fileprivate struct SettingsLinks: DeepLinkHandler {
  func open(_ path: String) -> String { "settings \(path)" }
}

// docs: multibindings-modules
fileprivate struct AnalyticsModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .trackers) { ConsoleTracker() }
    b.contribute(to: .launchTasks) { WarmImageCache() }
  }
}

fileprivate struct ProfileFeatureModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .deepLinks, entry: "profile") { ProfileLinks() }
  }
}

fileprivate struct SettingsFeatureModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .trackers) { CrashReporterTracker() }
    b.contribute(to: .deepLinks, entry: "settings") {
      SettingsLinks()
    }
  }
}
// docs: end

fileprivate struct RegisterForNotifications: LaunchTask {
  let name = "register for notifications"
  func run() {}
}

fileprivate struct ClearDeliveredNotifications: LaunchTask {
  let name = "clear delivered notifications"
  func run() {}
}

// docs: multibindings-elements
/// The notifications feature's launch tasks, contributed together.
fileprivate struct NotificationsModule: Module {
  func register(into b: inout Bindings) {
    b.contributeElements(to: .launchTasks) { _ in
      [RegisterForNotifications(), ClearDeliveredNotifications()]
    }
  }
}
// docs: end

@Suite("Multibindings")
struct MultibindingsSnippets {
  @Test("contributions are collected in module order")
  func collected() throws {
    // docs: multibindings-resolve
    let graph = try Graph(modules: [
      AnalyticsModule(), ProfileFeatureModule(), SettingsFeatureModule(),
    ])

    for task in graph[.launchTasks] { task.run() }
    // [ConsoleTracker, CrashReporterTracker], in module order
    let trackers = graph[.trackers]
    let handler = graph[.deepLinks]["settings"]  // SettingsLinks
    // docs: end
    #expect(trackers.count == 2)
    #expect(trackers.first is ConsoleTracker)
    #expect(handler?.open("/x") == "settings /x")
    // the contributions declared what they need (nothing): every key is checked
    #expect(graph.uncheckedKeys.isEmpty)
    #expect(Set(graph[.deepLinks].keys) == ["profile", "settings"])
  }

  @Test("several elements contributed at once take the place of the call")
  func elements() throws {
    // docs: multibindings-elements-resolve
    let graph = try Graph(modules: [
      AnalyticsModule(), NotificationsModule(),
    ])
    // warm image cache, register for notifications,
    // clear delivered notifications
    let names = graph[.launchTasks].map(\.name)
    // docs: end
    #expect(names == ["warm image cache", "register for notifications", "clear delivered notifications"])
    // contributeElements takes a resolver: its collection is unchecked
    #expect(graph.uncheckedKeys.map(\.name) == ["Keys.launchTasks"])
  }

  @Test("a graph without contributions provides an empty collection")
  func empty() throws {
    #expect(try Graph(modules: [])[.trackers].isEmpty)
  }

  @Test("a child adds to its parent's collection")
  func child() throws {
    let graph = try Graph(modules: [AnalyticsModule()])
    // docs: multibindings-child
    let settings = try graph.child(modules: [SettingsFeatureModule()])
    // the parent's tracker, then the child's
    #expect(settings[.trackers].count == 2)
    #expect(graph[.trackers].count == 1)
    // docs: end
  }

  @Test("two entries with one map key are an error")
  func duplicate() {
    #expect(throws: GraphError.self) {
      try Graph(modules: [ProfileFeatureModule(), DuplicateProfileLinks()])
    }
  }
}

fileprivate struct DuplicateProfileLinks: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .deepLinks, entry: "profile") { _ in ProfileLinks() }
  }
}
