import Sheath
import Testing

extension AppEnvironment {
  fileprivate static let staging = AppEnvironment("staging")
}

extension Keys {
  fileprivate static var apiName: Key<String> { Key<String> { _ in "default" } }
  fileprivate static var network: Key<String> {
    Key<String>(
      test: .liveOnly { _ in "stand-in" }, name: "Keys.network", fileID: "App/Keys.swift", line: 12
    ) { _ in "live network" }
  }
}

private struct LiveModule: Module {
  func register(into b: inout Bindings) { b.bind(.apiName, to: "live") }
}

private struct FakeModule: Module {
  func register(into b: inout Bindings) { b.bind(.apiName, to: "fake") }
}

private struct BranchingModule: Module {
  func register(into b: inout Bindings) { b.bind(.apiName, to: "built for \(b.environment)") }
}

private let app = ["/usr/bin/app"]

@Suite("Environments")
struct EnvironmentTests {
  @Test(
    "detection follows explicit, arguments, SHEATH_ENV, Xcode previews, test runner, live",
    arguments: [
      (AppEnvironment.staging, ["--mock"], ["SHEATH_ENV": "preview"], "staging"),
      (nil, ["--mock"], ["SHEATH_ENV": "preview"], "mock"),
      (nil, ["--environment", "staging"], ["SHEATH_ENV": "preview"], "staging"),
      (nil, ["--environment=preview"], [:], "preview"),
      (nil, ["--mock", "--environment", "mock"], [:], "mock"),
      (nil, ["octocat"], ["SHEATH_ENV": "mock"], "mock"),
      (nil, ["octocat"], ["SHEATH_ENV": ""], "live"),
      (nil, [], ["XCODE_RUNNING_FOR_PREVIEWS": "1"], "preview"),
      (nil, [], ["XCODE_RUNNING_FOR_PREVIEWS": "1", "XCTestConfigurationFilePath": "/tmp/x"], "preview"),
      (nil, [], ["XCODE_RUNNING_FOR_PREVIEWS": "1", "SHEATH_ENV": "mock"], "mock"),
      (nil, ["--environment", "live"], ["XCODE_RUNNING_FOR_PREVIEWS": "1"], "live"),
      (nil, [], ["XCODE_RUNNING_FOR_PREVIEWS": "0"], "live"),
      (nil, ["octocat"], ["XCTestConfigurationFilePath": "/tmp/x"], "test"),
      (nil, [], [:], "live"),
    ] as [(AppEnvironment?, [String], [String: String], String)])
  func precedence(explicit: AppEnvironment?, arguments: [String], variables: [String: String], expected: String)
    throws
  {
    let detected = try AppEnvironment.detect(
      explicit: explicit, custom: [.staging], arguments: app + arguments, variables: variables)
    #expect(detected.name == expected)
  }

  @Test(
    "a test host is recognized by its arguments",
    arguments: [
      ["/build/debug/AppPackageTests.xctest"], ["/usr/bin/xctest", "Bundle"],
      ["/tmp/swiftpm-testing-helper", "--test-bundle-path", "x"], ["/bin/app", "--testing-library", "swift-testing"],
    ])
  func testHost(arguments: [String]) throws {
    #expect(try AppEnvironment.detect(arguments: arguments, variables: [:]) == .test)
  }

  @Test(
    "an app's own argument named like a test runner is the user's, not a sign of a test host",
    arguments: [
      ["/bin/followers", "xctest"], ["/bin/followers", "swiftpm-testing-helper"],
      ["/bin/app", "--open", "/tmp/Report.xctest"],
    ])
  func appArgumentNamedLikeATestRunner(arguments: [String]) throws {
    #expect(try AppEnvironment.detect(arguments: arguments, variables: [:]) == .live)
  }

  @Test("an unknown name lists the known environments")
  func unknownName() {
    expectText(
      detectionError(["--environment", "stagin"], [:]),
      """
      error: unknown environment 'stagin' (from --environment)
        known environments: live, mock, test, preview, staging
      fix: use one of the known environments, or pass your own to AppEnvironment.detect(custom:)
      """)
    expectText(
      detectionError([], ["SHEATH_ENV": "prod"]),
      """
      error: unknown environment 'prod' (from SHEATH_ENV)
        known environments: live, mock, test, preview, staging
      fix: use one of the known environments, or pass your own to AppEnvironment.detect(custom:)
      """)
  }

  @Test("--environment without a name, and --mock against another environment, are errors")
  func malformedArguments() {
    expectText(
      detectionError(["--environment"], [:]),
      """
      error: --environment needs a name
        known environments: live, mock, test, preview, staging
      fix: write --environment NAME, for example --environment mock
      """)
    expectText(
      detectionError(["--environment", "--mock"], [:]).components(separatedBy: "\n")[0],
      "error: --environment needs a name")
    expectText(
      detectionError(["--mock", "--environment=live"], [:]),
      """
      error: --mock and --environment live disagree
        known environments: live, mock, test, preview, staging
      fix: pass either --mock or --environment NAME, not both
      """)
    expectText(
      detectionError(["--environment", "mock", "--environment=live"], [:]),
      """
      error: --environment mock and --environment live disagree
        known environments: live, mock, test, preview, staging
      fix: pass --environment once
      """)
    #expect((try? AppEnvironment.detect(arguments: app + ["--environment", "mock", "--environment", "mock"])) == .mock)
  }

  @Test("a module installed only in some environments swaps a whole layer")
  func moduleSelection() throws {
    let modules: [any Module] = [LiveModule().only(in: .live, .staging), FakeModule().only(in: .mock, .preview)]
    #expect(try Graph(modules: modules, environment: .live)[.apiName] == "live")
    #expect(try Graph(modules: modules, environment: .staging)[.apiName] == "live")
    #expect(try Graph(modules: modules, environment: .mock)[.apiName] == "fake")
    #expect(try Graph(modules: modules, environment: .test)[.apiName] == "default")
  }

  @Test("without SheathTesting, a test graph's live-only key prints its message and gives its stand-in")
  func liveOnlyWithoutSheathTesting() async throws {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let value = try Graph(modules: [], environment: .test)[.network]
      guard value == "stand-in" else { fatalError("got \(value)") }
    }
    expectText(
      String(decoding: result?.standardErrorContent ?? [], as: UTF8.self),
      """
      Sheath: Keys.network (String, App/Keys.swift:12) is live-only, and this test did not override it
      fix: override it in the test's graph: $0.override(.network) { … }

      """)
    #expect(try Graph(modules: [], environment: .live)[.network] == "live network")
  }

  @Test("an environment with no name stops where it is created")
  func unnamedEnvironment() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = AppEnvironment("", fileID: "App/Environments.swift", line: 5)
    }
    expectText(
      trapMessage(result),
      """
      Sheath: an environment needs a name: AppEnvironment("") at App/Environments.swift:5
        an environment is chosen by its name (--environment NAME, SHEATH_ENV=NAME), and environments with the same name are the same environment
      fix: give it the name a launch argument would use: static let staging = AppEnvironment("staging")
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains("App/Environments.swift:5: Fatal error: Sheath: an environment needs a name"),
      "\(standardError)")
  }

  @Test("an environment named only with whitespace stops too")
  func blankEnvironment() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = AppEnvironment("  ", fileID: "App/Environments.swift", line: 6)
    }
    expectText(
      trapMessage(result),
      """
      Sheath: an environment needs a name: AppEnvironment("  ") at App/Environments.swift:6
        an environment is chosen by its name (--environment NAME, SHEATH_ENV=NAME), and environments with the same name are the same environment
      fix: give it the name a launch argument would use: static let staging = AppEnvironment("staging")
      """)
  }

  @Test("a module sees the environment it is built for, and a child graph keeps it")
  func branching() throws {
    let graph = try Graph(modules: [BranchingModule()], environment: .preview)
    #expect(graph[.apiName] == "built for preview")
    #expect(graph.environment == .preview)
    #expect(graph.child(scope: .flow).environment == .preview)
    #expect(try Graph(modules: []).environment == .live)
  }
}

private func detectionError(_ arguments: [String], _ variables: [String: String]) -> String {
  do {
    let environment = try AppEnvironment.detect(custom: [.staging], arguments: app + arguments, variables: variables)
    return "detected \(environment)"
  } catch {
    return String(describing: error)
  }
}
