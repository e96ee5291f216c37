// The code of Sources/Sheath/Sheath.docc/Articles/TestingWithSheathTesting.md.
import Foundation
import RecordedIssues
import SheathTesting
import Testing
import XCTest

fileprivate struct Unimplemented: Error {
  let name: String
}

fileprivate struct LiveWeatherAPI: WeatherAPI {
  func temperature(in city: String) async throws -> Int { 18 }  // a network call, in a real app
}

// docs: testing-keys
fileprivate protocol WeatherAPI: Sendable {
  func temperature(in city: String) async throws -> Int
}

/// The stand-in for tests that forget to override the API: it fails
/// instead of calling the network.
fileprivate struct UnimplementedWeatherAPI: WeatherAPI {
  func temperature(in city: String) async throws -> Int {
    throw Unimplemented(name: "WeatherAPI.temperature")
  }
}

extension Keys {
  /// The network: live-only. A test that resolves it without overriding
  /// it fails, naming this key.
  fileprivate static var weatherAPI: Key<any WeatherAPI> {
    Key(
      .singleton, test: .liveOnly { UnimplementedWeatherAPI() }
    ) { LiveWeatherAPI() }
  }

  /// The time: tests get a fixed one, without asking.
  fileprivate static var now: Key<@Sendable () -> Date> {
    Key(
      test: .value { { Date(timeIntervalSince1970: 0) } }
    ) { { Date() } }
  }

  fileprivate static var forecast: Key<ForecastViewModel> {
    Key(.transient, .weatherAPI, .now) { api, now in
      ForecastViewModel(api: api, now: now)
    }
  }

  /// Declares what it needs, and gives tests a value that needs none
  /// of it: a test never builds the live one, nor resolves its API.
  fileprivate static var outlook: Key<Outlook> {
    Key(
      .singleton, .weatherAPI, .now,
      test: .value { Outlook(source: "fixed") }
    ) { api, now in Outlook(source: "live") }
  }
}
// docs: end

/// A week's outlook, and where it came from.
fileprivate struct Outlook: Sendable {
  let source: String
}

// docs: testing-key-kinds
/// The forecast screen's header: a main-actor object.
@MainActor
fileprivate final class ForecastHeader {
  let city: String
  init(city: String) { self.city = city }
}

/// Forecasts kept for offline use, in a file.
fileprivate actor ForecastStore {
  let file: String
  init(file: String) { self.file = file }
}

extension Keys {
  /// Tests get the header of a fixed city, without asking.
  fileprivate static var header: MainActorKey<ForecastHeader> {
    MainActorKey(
      test: .value { ForecastHeader(city: "Paris") }
    ) { ForecastHeader(city: "Here") }
  }

  /// The disk: live-only. A test that resolves it without overriding it
  /// fails, naming this key.
  fileprivate static var forecastStore: AsyncKey<ForecastStore> {
    AsyncKey(
      .singleton,
      test: .liveOnly { ForecastStore(file: "/dev/null") }
    ) { ForecastStore(file: "Forecasts.json") }
  }
}
// docs: end

fileprivate final class ForecastViewModel {
  private let api: any WeatherAPI
  private let now: @Sendable () -> Date

  init(api: any WeatherAPI, now: @escaping @Sendable () -> Date) {
    self.api = api
    self.now = now
  }

  func summary(for city: String) async -> String {
    guard let temperature = try? await api.temperature(in: city) else { return "No weather for \(city)" }
    let time = Int(now().timeIntervalSince1970) / 3_600 % 24
    return "\(temperature)° in \(city) at \(time):00"
  }
}

/// The app's module: it names the screens' keys, which nothing else depends on, so that building
/// its graph checks them (and a test that resolves a key it does not know fails).
fileprivate struct WeatherAppModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.forecast)
    b.expose(.header)
    b.expose(.forecastStore)
  }
}

// docs: testing-stub
fileprivate struct StubWeatherAPI: WeatherAPI {
  let degrees: Int
  func temperature(in city: String) async throws -> Int { degrees }
}
// docs: end

// docs: testing-trait
@Test(
  .graph(modules: [WeatherAppModule()]) {
    $0.override(.weatherAPI) { StubWeatherAPI(degrees: 21) }
  })
func showsTheTemperature() async throws {
  let graph = try #require(Graph.current)
  let summary = await graph[.forecast].summary(for: "Paris")
  #expect(summary == "21° in Paris at 0:00")
}
// docs: end

// docs: testing-suite
@Suite(
  .graph(modules: [WeatherAppModule()]) {
    $0.override(.weatherAPI) { StubWeatherAPI(degrees: -3) }
  })
struct ForecastTests {
  @Test(arguments: ["Oslo", "Tromsø"])
  func showsFrost(in city: String) async throws {
    // a fresh graph for each city
    let graph = try #require(Graph.current)
    let summary = await graph[.forecast].summary(for: city)
    #expect(summary == "-3° in \(city) at 0:00")
  }
}
// docs: end

// docs: testing-strict
@Test(
  .graph(reportingUnusedOverrides: true) {
    $0.override(.weatherAPI) { StubWeatherAPI(degrees: 30) }
  })
func showsHeat() async throws {
  let graph = try #require(Graph.current)
  let summary = await graph[.forecast].summary(for: "Seville")
  #expect(summary == "30° in Seville at 0:00")
}
// docs: end

@Suite("Testing with SheathTesting")
struct TestingWithSheathTestingSnippets {
  @Test("a test graph as a value")
  func testGraph() async throws {
    // docs: testing-test-graph
    let test = try TestGraph(modules: [WeatherAppModule()]) {
      $0.override(.weatherAPI) { StubWeatherAPI(degrees: 12) }
    }
    let summary = await test.graph[.forecast].summary(for: "Dublin")
    #expect(summary == "12° in Dublin at 0:00")
    #expect(test.unusedOverrides.isEmpty)
    // docs: end
  }

  @Test("a live-only key the test did not override fails the test, and the stand-in is used")
  func liveOnly() async throws {
    let test = try TestGraph(modules: [WeatherAppModule()])
    let issues = try await recordedIssues {
      let summary = await test.graph[.forecast].summary(for: "Lima")
      #expect(summary == "No weather for Lima")
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix("Keys.weatherAPI (any WeatherAPI, DocsSnippetsTests/") == true)
  }

  @Test("main-actor and async keys use their test behaviours")
  @MainActor
  func keyKinds() async throws {
    let test = try TestGraph(modules: [WeatherAppModule()]) {
      $0.override(.forecastStore) { _ in ForecastStore(file: "test.json") }
    }
    #expect(test.graph[.header].city == "Paris")
    #expect(try await test.graph[.forecastStore].file == "test.json")
    #expect(try Graph(modules: [])[.header].city == "Here")
  }

  @Test("a key with dependencies and a test value: tests get the value, and need none of the dependencies")
  func declaredKeyWithTestValue() async throws {
    let test = try TestGraph(modules: [WeatherAppModule()]) { $0.expose(.outlook) }
    let issues = try await recordedIssues {
      #expect(test.graph[.outlook].source == "fixed")
    }
    #expect(issues.isEmpty)
    #expect(try Graph(modules: [])[.outlook].source == "live")
  }

  @Test("an override the test never resolved is listed")
  func unusedOverride() throws {
    let test = try TestGraph { $0.override(.weatherAPI) { _ in StubWeatherAPI(degrees: 0) } }
    #expect(test.unusedOverrides.count == 1)
  }
}

// docs: testing-xctest
final class ForecastXCTests: XCTestCase {
  func testShowsTheTemperature() async throws {
    let summary = try await withGraph(
      modules: [WeatherAppModule()],
      overrides: {
        $0.override(.weatherAPI) { StubWeatherAPI(degrees: 21) }
      }
    ) { graph in
      await graph[.forecast].summary(for: "Paris")
    }
    XCTAssertEqual(summary, "21° in Paris at 0:00")
  }
}
// docs: end
