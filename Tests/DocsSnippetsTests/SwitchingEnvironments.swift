// The code of Sources/Sheath/Sheath.docc/Articles/SwitchingEnvironments.md.
import Foundation
import Sheath
import Testing

fileprivate protocol WeatherService: Sendable {
  var source: String { get }
}

fileprivate struct LiveWeather: WeatherService {
  let source = "live"
}

fileprivate struct CannedWeather: WeatherService {
  let source = "canned"
}

fileprivate protocol Clock: Sendable {
  var now: Date { get }
}

fileprivate struct SystemClock: Clock {
  var now: Date { Date() }
}

fileprivate struct FixedClock: Clock {
  let now = Date(timeIntervalSince1970: 1_700_000_000)
}

extension Keys {
  fileprivate static var weather: Key<any WeatherService> { .required(.singleton) }
  fileprivate static var clock: Key<any Clock> { Key { _ in SystemClock() } }
}

// docs: environments-custom
extension AppEnvironment {
  /// The live app against the staging servers.
  fileprivate static let staging = AppEnvironment("staging")
}
// docs: end

// docs: environments-modules
fileprivate struct LiveWeatherModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.weather) { LiveWeather() }
  }
}

fileprivate struct CannedWeatherModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.weather) { CannedWeather() }
  }
}

fileprivate struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(LiveWeatherModule().only(in: .live, .staging))
    b.include(CannedWeatherModule().only(in: .mock, .preview, .test))
    if b.environment == .preview {
      // previews always show the same day
      b.bind(.clock) { FixedClock() }
    }
  }
}
// docs: end

@Suite("Environments")
struct EnvironmentsSnippets {
  @Test("the app's graph for the detected environment")
  func graph() throws {
    // docs: environments-detect
    let environment = try AppEnvironment.detect(custom: [.staging])
    let graph = try Graph(modules: [AppModule()], environment: environment)
    // docs: end
    if ProcessInfo.processInfo.environment[AppEnvironment.variableName] == nil {
      #expect(environment == .test)  // detected from the test runner
      #expect(graph[.weather].source == "canned")
    }
  }

  @Test("launch arguments, SHEATH_ENV and the test runner, in order of precedence")
  func precedence() throws {
    // docs: environments-precedence
    let app = ["/Applications/Weather.app/Weather"]
    let ci = ["SHEATH_ENV": "staging"]
    func detect(
      _ arguments: [String], _ variables: [String: String]
    ) throws -> AppEnvironment {
      try AppEnvironment.detect(
        custom: [.staging], arguments: app + arguments, variables: variables)
    }

    // launch arguments come first
    #expect(try detect(["--mock"], ci) == .mock)
    #expect(try detect(["--environment", "preview"], ci) == .preview)
    #expect(try detect([], ci) == .staging)  // then SHEATH_ENV
    // then Xcode's previews
    let previews = ["XCODE_RUNNING_FOR_PREVIEWS": "1"]
    #expect(try detect([], previews) == .preview)
    // then the test runner (none here), then live
    #expect(try detect([], [:]) == .live)
    // an explicit environment wins over everything
    let explicit = try AppEnvironment.detect(
      explicit: .preview, arguments: app + ["--mock"], variables: ci)
    #expect(explicit == .preview)
    // docs: end
  }

  @Test("each environment installs its modules")
  func modules() throws {
    #expect(try Graph(modules: [AppModule()], environment: .live)[.weather].source == "live")
    #expect(try Graph(modules: [AppModule()], environment: .staging)[.weather].source == "live")
    #expect(try Graph(modules: [AppModule()], environment: .mock)[.weather].source == "canned")
    let preview = try Graph(modules: [AppModule()], environment: .preview)
    #expect(preview[.clock].now == FixedClock().now)
  }
}
